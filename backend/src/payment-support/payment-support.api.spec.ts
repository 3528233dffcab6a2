import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { OrderService } from '../order/order.service.js';
import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createOrder, createPackage, createService, createUser, type CreatedOrder } from '../test-support/factories.js';

const SUMMARY = '/license/api/purchaseorderlicense/getsummaryorder';
const UPLOAD = '/license/api/purchaseorderlicense/uploadPaymentSupport';
const FILE = '/license/api/purchaseorderlicense/getpaymentsupport';

/** Real signatures: a PNG's eight bytes, a PDF's '%PDF-'; padded to `size`. */
const png = (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);
const pdf = (size = 64) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

/**
 * The purchase summary and the cash proofs (issue 13 item 4; store §2, §3, §5, §8): the stored
 * figures, every upload rule by name, size and signature, the order that no longer awaits a
 * proof, a re-upload that replaces, and who may read a file.
 */
describe('purchase summary and payment supports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'comprobantes-'));
  const t = useTestApp({ PAYMENT_SUPPORT_DIR: dir });
  let serviceId: number;
  let packageIds: [number, number];

  const order = (over: Partial<Parameters<typeof createOrder>[1]> = {}): Promise<CreatedOrder> => createOrder(t, { serviceId, packageIds, ...over });
  const summary = (reference: string, appName = 'colnomina') => t.api.get(SUMMARY).set('pReferenceUuid', reference).set('pAppName', appName);
  const upload = (referenceUuid: string, fileName: string, content: Buffer, supportType = 'PAYMENT_SUPPORT') =>
    t.api.post(UPLOAD).send({ referenceUuid, fileName, contentFileBase64: content.toString('base64'), supportType });
  const download = (reference: string, token?: string, supportType = 'PAYMENT_SUPPORT') =>
    t.api.get(FILE, token).set('ReferenceUuid', reference).set('SupportType', supportType);
  const storedFiles = (o: CreatedOrder) => {
    try {
      return readdirSync(join(dir, String(o.id)));
    } catch {
      return [];
    }
  };
  const customerToken = async (customerId: number) => {
    const user = await createUser(t, { role: 'CUSTOMER', customerId });
    return (await t.api.login(user.username, user.password, user.appName)).token;
  };

  beforeAll(async () => {
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
    const base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1 });
    const extra = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3 });
    packageIds = [base.id, extra.id];
  });

  describe('getsummaryorder', () => {
    it('answers each package and the totals stored with the order, withholdings included', async () => {
      const o = await order();
      const res = await summary(o.referenceUuid).expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body.result.summaryOrder).toEqual({
        referenceUuid: o.referenceUuid,
        paymentReference: `OC-${o.id}`,
        state: 'AWAITING_CASH_PROOF',
        paymentMethod: 'EFECTIVO',
        awaitingProof: true,
        summaryPackages: [
          {
            packageId: packageIds[0],
            packageCode: 'PLAN-BASE',
            packageName: 'Plan Base Anual',
            quantity: 2,
            unitPrice: 100000,
            discount: 20000,
            taxIva: 34200,
            subTotal: 200000,
          },
          {
            packageId: packageIds[1],
            packageCode: 'USUARIOS-ADIC',
            packageName: 'Usuarios adicionales',
            quantity: 1,
            unitPrice: 100000,
            discount: 0,
            taxIva: 19000,
            subTotal: 100000,
          },
        ],
        subTotal: 300000,
        totalDiscount: 20000,
        taxIva: 53200,
        retefuente: 9800,
        reteiva: 7980,
        reteica: 2900,
        totalTaxDiscount: 20680,
        totalPurchase: 312520,
        fileNamePaymentSupport: null,
        fileNamePaymentRUT: null,
      });
    });

    it('is 404 for an unknown order and for an order of another brand', async () => {
      const unknown = await summary(crypto.randomUUID()).expect(404);
      expect(unknown.body.statusMessage).toBe('La orden de compra no existe');
      const o = await order();
      const other = await summary(o.referenceUuid, 'firmaya').expect(404);
      expect(other.body.statusMessage).toBe('La orden de compra no existe');
      await summary(o.referenceUuid, 'COLNOMINA').expect(200);
    });

    it('refuses a reference that is not a UUID (400 on the header)', async () => {
      const res = await summary('OC-12').expect(400);
      expect(res.body.statusDetails[0].field).toMatch(/pReferenceUuid/i);
    });

    it('tells an order that no longer awaits a proof', async () => {
      const o = await order({ state: 'PAID' });
      expect((await summary(o.referenceUuid).expect(200)).body.result.summaryOrder.awaitingProof).toBe(false);
    });
  });

  describe('uploadPaymentSupport', () => {
    it('stores the proof and the RUT, whose names the summary then shows', async () => {
      const o = await order();
      const proof = await upload(o.referenceUuid, 'consignación bancolombia.png', png()).expect(200);
      expect(proof.body.statusMessage).toBe('¡Se ha adjuntado el comprobante!');
      expect(proof.body.result).toEqual(
        expect.objectContaining({ fileName: 'consignación bancolombia.png', supportType: 'PAYMENT_SUPPORT', contentType: 'image/png', size: 64 }),
      );
      await upload(o.referenceUuid, 'RUT 2026.pdf', pdf(), 'RUT').expect(200);
      const shown = (await summary(o.referenceUuid).expect(200)).body.result.summaryOrder;
      expect([shown.fileNamePaymentSupport, shown.fileNamePaymentRUT]).toEqual(['consignación bancolombia.png', 'RUT 2026.pdf']);
      expect(storedFiles(o)).toHaveLength(2);
    });

    it('keeps the last file of each kind: a re-upload replaces the record and removes the old bytes', async () => {
      const o = await order();
      await upload(o.referenceUuid, 'primero.png', png()).expect(200);
      const [first] = storedFiles(o);
      await upload(o.referenceUuid, 'segundo.pdf', pdf(100)).expect(200);
      const files = storedFiles(o);
      expect(files).toHaveLength(1);
      expect(files).not.toContain(first);
      expect(readFileSync(join(dir, String(o.id), files[0] as string))).toEqual(pdf(100));
      expect((await summary(o.referenceUuid)).body.result.summaryOrder.fileNamePaymentSupport).toBe('segundo.pdf');
    });

    it('accepts 2 MB exactly and refuses one byte more with the spec’s message', async () => {
      const o = await order();
      await upload(o.referenceUuid, 'limite.pdf', pdf(2097152)).expect(200);
      const res = await upload(o.referenceUuid, 'grande.pdf', pdf(2097153)).expect(422);
      expect(res.body.statusMessage).toBe('El tamaño del archivo supera el máximo permitido (2MB).');
      expect(res.body.statusDetails).toEqual([{ field: 'body.contentFileBase64', description: 'El tamaño del archivo supera el máximo permitido (2MB).' }]);
      expect((await summary(o.referenceUuid)).body.result.summaryOrder.fileNamePaymentSupport).toBe('limite.pdf');
    });

    it('checks the bytes, not only the extension: a PDF named .png and an executable named .pdf are refused', async () => {
      const o = await order();
      for (const [name, bytes] of [
        ['comprobante.png', pdf()],
        ['comprobante.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62)])],
      ] as const) {
        const res = await upload(o.referenceUuid, name, bytes).expect(422);
        expect(res.body.statusMessage).toBe('Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).');
        expect(res.body.statusDetails[0].field).toBe('body.contentFileBase64');
      }
      const exe = await upload(o.referenceUuid, 'comprobante.exe', png()).expect(422);
      expect(exe.body.statusDetails).toEqual([{ field: 'body.fileName', description: 'Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).' }]);
      expect(storedFiles(o)).toEqual([]);
    });

    it('refuses a name longer than 200 characters', async () => {
      const o = await order();
      await upload(o.referenceUuid, `${'a'.repeat(196)}.png`, png()).expect(200);
      const res = await upload(o.referenceUuid, `${'a'.repeat(197)}.png`, png()).expect(422);
      expect(res.body.statusMessage).toBe('El nombre del archivo seleccionado no es válido.');
      expect(res.body.statusDetails[0].field).toBe('body.fileName');
    });

    it('refuses a file for an order that is not awaiting a cash proof, and stores nothing', async () => {
      for (const [state, paymentMethod] of [
        ['PAID', 'EFECTIVO'],
        ['REJECTED', 'EFECTIVO'],
        ['REGISTERED', 'EN_LINEA'],
      ]) {
        const o = await order({ state, paymentMethod });
        const res = await upload(o.referenceUuid, 'comprobante.png', png()).expect(422);
        expect(res.body.statusMessage).toBe('Esta orden de compra no está esperando comprobantes de pago.');
        expect(storedFiles(o)).toEqual([]);
      }
      await upload(crypto.randomUUID(), 'comprobante.png', png()).expect(404);
    });

    it('of 8 concurrent uploads of one kind, one record and one file remain (the order row orders them)', async () => {
      const o = await order();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(o.referenceUuid, `copia-${i}.png`, png(64 + i))));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const rows = await t
        .em()
        .execute<{ storage_key: string; size: number }[]>(`select storage_key, size from payment_support where purchase_order_id = ?`, [o.id]);
      expect(rows).toHaveLength(1);
      expect(storedFiles(o)).toEqual([rows[0]?.storage_key.split('/')[1]]);
    });
  });

  it('an upload racing the order’s cancellation either lands before it or is refused: never a file of a decided order', async () => {
    const o = await order();
    const cancel = RequestContext.create(t.app.get(MikroORM).em, () =>
      t.app.get(OrderService).transition(o.referenceUuid, 'AWAITING_CASH_PROOF', 'CANCELLED', 'pruebas'),
    );
    const uploads = Array.from({ length: 6 }, (_, i) => upload(o.referenceUuid, `carrera-${i}.png`, png(64 + i)));
    const [answers] = await Promise.all([Promise.all(uploads), cancel]);
    for (const a of answers) expect([200, 422]).toContain(a.status);
    const rows = await t.em().execute<{ uploaded_at: Date }[]>(`select uploaded_at from payment_support where purchase_order_id = ?`, [o.id]);
    const [cancelled] = await t
      .em()
      .execute<{ changed_at: Date }[]>(`select changed_at from purchase_order_state_change where purchase_order_id = ? and to_state = 'CANCELLED'`, [o.id]);
    expect(rows.length).toBe(answers.some((a) => a.status === 200) ? 1 : 0);
    // What was stored was stored while the order still awaited its proof, and its bytes are there.
    expect(storedFiles(o)).toHaveLength(rows.length);
    expect(cancelled).toBeDefined();
    await upload(o.referenceUuid, 'tarde.png', png()).expect(422);
  });

  describe('getpaymentsupport', () => {
    let owned: CreatedOrder;
    let ownerId: number;
    beforeAll(async () => {
      ownerId = (await createCustomer(t)).id;
      owned = await order({ buyerCustomerId: ownerId });
      await upload(owned.referenceUuid, 'comprobante.png', png(80)).expect(200);
    });

    it('serves the file to the customer who bought it', async () => {
      const res = await download(owned.referenceUuid, await customerToken(ownerId)).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.result.resultUploadSupport).toEqual({ fileName: 'comprobante.png', contentType: 'image/png', base64: png(80).toString('base64') });
    });

    it('serves it to the company of the billing document, also when it bought without signing in', async () => {
      const company = await createCustomer(t);
      const o = await order({ billing: { documentTypeId: 4, documentNumber: company.documentNumber } });
      await upload(o.referenceUuid, 'rut.pdf', pdf(), 'RUT').expect(200);
      await download(o.referenceUuid, await customerToken(company.id), 'RUT').expect(200);
    });

    it('serves it to payments staff, read-only included', async () => {
      for (const role of ['SUPERADMIN', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA'] as const)
        await download(owned.referenceUuid, await t.signIn(role)).expect(200);
    });

    it('refuses another customer (403, also for an order that does not exist), staff without payments (403) and a visitor (401)', async () => {
      const stranger = await customerToken((await createCustomer(t)).id);
      expect((await download(owned.referenceUuid, stranger).expect(403)).body.statusMessage).toBe(
        'No tienes los suficientes privilegios para realizar esta acción.',
      );
      await download(crypto.randomUUID(), stranger).expect(403);
      await download(owned.referenceUuid, await t.signIn('LICENSECOMERCIAL')).expect(403);
      await download(owned.referenceUuid).expect(401);
    });

    it('is 404 for staff when the order or the file does not exist', async () => {
      const admin = await t.signIn('SUPERADMIN');
      expect((await download(crypto.randomUUID(), admin).expect(404)).body.statusMessage).toBe('La orden de compra no existe');
      expect((await download(owned.referenceUuid, admin, 'RUT').expect(404)).body.statusMessage).toBe('La orden de compra no tiene ese archivo adjunto.');
    });
  });
});
