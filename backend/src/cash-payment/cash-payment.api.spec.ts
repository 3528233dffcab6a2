import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import type { AuthUser } from '../auth/auth-user.js';
import { ForbiddenError } from '../errors/errors.js';
import { useTestApp } from '../test-support/fixture.js';
import { createService, createUser } from '../test-support/factories.js';
import { CashPaymentService } from './cash-payment.service.js';

const BATCH = '/license/api/PurchaseOrder/GetPurchaseCashByBatch';
const SEARCH = '/license/api/PurchaseOrder/SearchPurchaseCash';
const change = (id: number) => `/license/api/PurchaseOrder/ChangeStatePurchase/${id}`;

/**
 * 'Pagos en efectivo' (store §2, §4 cash payment states, §5 cash rejection, §6, §7, §8): the three
 * tabs, the decision (both privileges, a reason to reject, one decision per order decided by
 * PostgreSQL), the audit log in the order's state changes, the rejection e-mail and the export.
 */
describe('cash payments', () => {
  const t = useTestApp();
  let serviceId: number;
  let superadmin: string;
  let financiero: string;
  let consulta: string;
  let financieroName: string;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

  /** A cash order awaiting its proof, written directly (registering one is the orders spec's business). */
  const cashOrder = async (
    over: {
      legalName?: string;
      firstName?: string;
      lastName?: string;
      documentNumber?: string;
      documentTypeId?: number;
      total?: string;
      method?: string;
      state?: string;
    } = {},
  ): Promise<number> => {
    const billing = {
      personType: over.legalName ? 'J' : 'N',
      documentTypeId: over.documentTypeId ?? (over.legalName ? 4 : 1),
      documentNumber: over.documentNumber ?? String(Math.floor(Math.random() * 1e9)).padStart(9, '1'),
      legalName: over.legalName ?? null,
      firstName: over.firstName ?? 'Ana',
      lastName: over.lastName ?? 'Pérez',
      email: 'compras@example.com',
    };
    const [row] = await sql<{ id: number }>(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (?, 'colnomina', ?, ?, ?, ?, ?, 'compras@example.com', ?, 0, 0, 0, 0, 0, ?, now(), now()) returning id`,
      [
        randomUUID(),
        serviceId,
        over.state ?? 'AWAITING_CASH_PROOF',
        over.method ?? 'EFECTIVO',
        JSON.stringify(billing),
        JSON.stringify(billing),
        over.total ?? '357000.00',
        over.total ?? '357000.00',
      ],
    );
    return Number(row?.id);
  };
  const stateOf = async (id: number) => (await sql<{ state: string }>(`select state from purchase_order where id = ?`, [id]))[0]?.state;
  const logOf = (id: number) =>
    sql<{ from_state: string; to_state: string; changed_by: string; reason: string | null }>(
      `select from_state, to_state, changed_by, reason from purchase_order_state_change where purchase_order_id = ? order by id`,
      [id],
    );
  const decisionsOf = (id: number) => sql<{ decision: string }>(`select decision from cash_payment_decision where purchase_order_id = ?`, [id]);

  beforeAll(async () => {
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
    superadmin = await t.signIn('SUPERADMIN');
    const user = await createUser(t, { role: 'LICFINANCIERO', names: 'Fabio', surnames: 'Ríos' });
    financiero = (await t.api.login(user.username, user.password, user.appName)).token;
    financieroName = `Fabio Ríos (${user.username})`;
    consulta = await t.signIn('LICFINANCIEROCONSULTA');
  });

  describe('the tabs (GetPurchaseCashByBatch, SearchPurchaseCash)', () => {
    it('lists a pending cash order with the spec’s row, newest first, in batches (Last, NumRows) with the total', async () => {
      const older = await cashOrder({ legalName: 'Ferretería Ñandú S.A.S.', documentNumber: '900123456', total: '1190000.50' });
      const newer = await cashOrder();
      const res = await t.api.post(BATCH, consulta).send({ Last: 0, NumRows: 1, IdState: 5 }).expect(200);
      expect(res.body.result.records.map((r: { id: number }) => r.id)).toEqual([newer]);
      const rows = res.body.result.rows as number;
      expect(rows).toBeGreaterThanOrEqual(2);
      const next = await t.api.post(BATCH, consulta).send({ Last: 1, NumRows: 1, IdState: 5 }).expect(200);
      expect(next.body.result.records[0].id).toBe(older);
      const all = await t.api.post(BATCH, consulta).send({ Last: 0, NumRows: 1000, IdState: 5 }).expect(200);
      expect(all.body.result.records.find((r: { id: number }) => r.id === older)).toEqual({
        id: older,
        paymentReference: `OC-${older}`,
        purchaseDate: expect.any(String),
        supportDate: null,
        totalPurchase: 1190000.5,
        referenceUuid: expect.any(String),
        appName: 'colnomina',
        paymentSupport: null,
        rutSupport: null,
        idState: 5,
        state: 'PENDING',
        rejectTypeId: null,
        rejectTypeDescription: null,
        decidedBy: null,
        decidedAt: null,
        customer: { legalName: 'Ferretería Ñandú S.A.S.', documentNumber: '900123456', documentTypeLicense: { documentTypeCode: 'NIT' } },
      });
      // A natural person's name is first and last name.
      expect(all.body.result.records.find((r: { id: number }) => r.id === newer).customer.legalName).toBe('Ana Pérez');
    });

    it('names the proof and the RUT the buyer attached, with the moment of the proof', async () => {
      const id = await cashOrder();
      const [{ reference_uuid: referenceUuid }] = (await sql<{ reference_uuid: string }>('select reference_uuid from purchase_order where id = ?', [id])) as [
        { reference_uuid: string },
      ];
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 7)]);
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(55, 0x20)]);
      const upload = (fileName: string, content: Buffer, supportType: string) =>
        t.api
          .post('/license/api/purchaseorderlicense/uploadPaymentSupport')
          .send({ referenceUuid, fileName, contentFileBase64: content.toString('base64'), supportType });
      await upload('consignación.png', png, 'PAYMENT_SUPPORT').expect(200);
      await upload('RUT 2026.pdf', pdf, 'RUT').expect(200);
      const res = await t.api.post(BATCH, consulta).send({ Last: 0, NumRows: 1000, IdState: 5 }).expect(200);
      const row = res.body.result.records.find((r: { id: number }) => r.id === id);
      expect(row).toMatchObject({ paymentSupport: 'consignación.png', rutSupport: 'RUT 2026.pdf' });
      expect(Date.now() - new Date(row.supportDate as string).getTime()).toBeLessThan(60_000);
    });

    it('leaves online orders and undecided cancelled cash orders out of every tab', async () => {
      const online = await cashOrder({ method: 'EN_LINEA', state: 'REGISTERED' });
      const cancelled = await cashOrder({ state: 'CANCELLED' });
      for (const IdState of [5, 6, 7]) {
        const ids = (await t.api.post(BATCH, superadmin).send({ Last: 0, NumRows: 1000, IdState }).expect(200)).body.result.records.map(
          (r: { id: number }) => r.id,
        );
        expect(ids).not.toContain(online);
        expect(ids).not.toContain(cancelled);
      }
    });

    it('searches a tab without case or accents, by client, document, reference and amount', async () => {
      const id = await cashOrder({ legalName: 'Panadería Ébano Ltda', documentNumber: '901555777', total: '42424.00' });
      for (const Search of ['panaderia ebano', '901555777', `oc-${id}`, '42424']) {
        const res = await t.api.post(SEARCH, consulta).send({ IdState: 5, Search }).expect(200);
        expect(res.body.result.records.map((r: { id: number }) => r.id)).toEqual([id]);
        expect(res.body.result.rows).toBe(1);
      }
      expect((await t.api.post(SEARCH, consulta).send({ IdState: 6, Search: 'panaderia ebano' }).expect(200)).body.result.records).toEqual([]);
      // `%` is a plain character, not a wildcard.
      expect((await t.api.post(SEARCH, consulta).send({ IdState: 5, Search: '%' }).expect(200)).body.result.records).toEqual([]);
    });

    it('refuses a state that is not 5, 6 or 7 and undeclared fields (400 per field)', async () => {
      const res = await t.api.post(BATCH, consulta).send({ Last: 0, NumRows: 5, IdState: 8 }).expect(400);
      expect(res.body.statusDetails.map((d: { field: string }) => d.field)).toContain('body.IdState');
      await t.api.post(SEARCH, consulta).send({ IdState: 5, Search: 'x', Extra: 1 }).expect(400);
    });
  });

  describe('ChangeStatePurchase', () => {
    it('approves (6): the order is paid (then activated), the decision logged with who, and the row moves to the approved tab', async () => {
      const id = await cashOrder();
      const res = await t.api.post(change(id), financiero).send({ id, idState: 6 }).expect(200);
      expect(res.body.statusMessage).toBe('Se ha aprobado el pago satisfactoriamente');
      expect(res.body.result).toMatchObject({ id, idState: 6, state: 'APPROVED', decidedBy: financieroName, rejectTypeId: null });
      // Paying activates the order (its licences are granted in the same transaction).
      expect(await stateOf(id)).toBe('ACTIVATED');
      expect((await logOf(id)).find((l) => l.from_state === 'AWAITING_CASH_PROOF')).toEqual({
        from_state: 'AWAITING_CASH_PROOF',
        to_state: 'PAID',
        changed_by: financieroName.split('(')[1]?.slice(0, -1),
        reason: null,
      });
      const approved = await t.api.post(BATCH, consulta).send({ Last: 0, NumRows: 1000, IdState: 6 }).expect(200);
      expect(approved.body.result.records.map((r: { id: number }) => r.id)).toContain(id);
      const pending = await t.api.post(BATCH, consulta).send({ Last: 0, NumRows: 1000, IdState: 5 }).expect(200);
      expect(pending.body.result.records.map((r: { id: number }) => r.id)).not.toContain(id);
    });

    it('rejects (7) with a reason: order REJECTED, the reason in the row and the log, and the buyer e-mailed', async () => {
      const id = await cashOrder();
      const res = await t.api.post(change(id), financiero).send({ id, idState: 7, rejectTypeId: 1 }).expect(200);
      expect(res.body.statusMessage).toBe('El pago ha sido rechazado satisfactoriamente.');
      expect(res.body.result).toMatchObject({ idState: 7, state: 'REJECTED', rejectTypeId: 1, rejectTypeDescription: 'El comprobante es ilegible' });
      expect(await stateOf(id)).toBe('REJECTED');
      expect((await logOf(id)).at(-1)).toMatchObject({ to_state: 'REJECTED', reason: 'El comprobante es ilegible' });
      const mails = await sql<{ to_address: string; template: string; text: string }>(
        `select to_address, template, text from mail_message where template = 'payment-rejected' and subject like ?`,
        [`%OC-${id} %`],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to_address: 'compras@example.com' });
      expect(mails[0]?.text).toContain('El comprobante es ilegible');
      // 'Ver detalle' of the rejected tab reads the reason.
      const rejected = await t.api
        .post(SEARCH, consulta)
        .send({ IdState: 7, Search: `OC-${id}` })
        .expect(200);
      expect(rejected.body.result.records[0]).toMatchObject({ rejectTypeDescription: 'El comprobante es ilegible' });
    });

    it('needs a reason to reject, one that exists (422, nothing changes)', async () => {
      const id = await cashOrder();
      const none = await t.api.post(change(id), financiero).send({ id, idState: 7 }).expect(422);
      expect(none.body.statusMessage).toBe('Debes seleccionar un motivo de rechazo');
      expect(none.body.statusDetails).toEqual([{ field: 'body.rejectTypeId', description: 'Debes seleccionar un motivo de rechazo' }]);
      expect((await t.api.post(change(id), financiero).send({ id, idState: 7, rejectTypeId: 9999 }).expect(422)).body.statusMessage).toBe(
        'El motivo de rechazo no existe.',
      );
      expect(await stateOf(id)).toBe('AWAITING_CASH_PROOF');
      expect(await decisionsOf(id)).toEqual([]);
    });

    it('answers a second decision with 422 naming the first one', async () => {
      const id = await cashOrder();
      await t.api.post(change(id), financiero).send({ id, idState: 6 }).expect(200);
      const again = await t.api.post(change(id), superadmin).send({ id, idState: 7, rejectTypeId: 1 }).expect(422);
      expect(again.body.statusMessage).toMatch(new RegExp(`^El pago ya fue aprobado por Fabio Ríos el \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\.$`));
      expect(await stateOf(id)).toBe('ACTIVATED');
    });

    it('refuses an order that is not cash (422), is no longer awaiting (422), does not exist (404), or a body id not the path’s (400)', async () => {
      const online = await cashOrder({ method: 'EN_LINEA', state: 'REGISTERED' });
      expect((await t.api.post(change(online), financiero).send({ id: online, idState: 6 }).expect(422)).body.statusMessage).toBe(
        `La orden OC-${online} no es un pago en efectivo.`,
      );
      const cancelled = await cashOrder({ state: 'CANCELLED' });
      expect((await t.api.post(change(cancelled), financiero).send({ id: cancelled, idState: 6 }).expect(422)).body.statusMessage).toBe(
        `La orden OC-${cancelled} ya no está esperando el pago.`,
      );
      expect((await t.api.post(change(987654), financiero).send({ id: 987654, idState: 6 }).expect(404)).body.statusMessage).toBe(
        'La orden de compra no existe',
      );
      const id = await cashOrder();
      const mismatch = await t.api
        .post(change(id), financiero)
        .send({ id: id + 1, idState: 6 })
        .expect(400);
      expect(mismatch.body.statusDetails).toEqual([{ field: 'body.id', description: 'debe ser el mismo número de la ruta' }]);
      expect(await stateOf(id)).toBe('AWAITING_CASH_PROOF');
    });

    it('is refused to the read-only role (403 with the spec’s text) and to anyone lacking ModifyPayments', async () => {
      const id = await cashOrder();
      const res = await t.api.post(change(id), consulta).send({ id, idState: 6 }).expect(403);
      expect(res.body.statusMessage).toBe('No tienes los suficientes privilegios para realizar esta acción.');
      const approveOnly = { username: 'x', names: 'X', surnames: 'Y', privileges: ['PAYMENTS_READ', 'PAYMENTS_APPROVE'] } as AuthUser;
      await expect(t.app.get(CashPaymentService).decide(id, { decision: 'APPROVED' }, approveOnly)).rejects.toBeInstanceOf(ForbiddenError);
      expect(await stateOf(id)).toBe('AWAITING_CASH_PROOF');
    });

    it('of 50 concurrent approvals and rejections of one payment, exactly one decides (PostgreSQL)', async () => {
      const id = await cashOrder();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2
            ? t.api.post(change(id), financiero).send({ id, idState: 6 })
            : t.api.post(change(id), superadmin).send({ id, idState: 7, rejectTypeId: 1 })
          ).then((r) => ({ status: r.status, message: r.body.statusMessage as string })),
        ),
      );
      const won = results.filter((r) => r.status === 200);
      expect(won).toHaveLength(1);
      const lost = results.filter((r) => r.status !== 200);
      expect(lost).toHaveLength(49);
      for (const r of lost) {
        expect(r.status).toBe(422);
        expect(r.message).toMatch(/^El pago ya fue (aprobado|rechazado) por /);
      }
      expect(await decisionsOf(id)).toHaveLength(1);
      expect((await logOf(id)).filter((l) => l.from_state === 'AWAITING_CASH_PROOF')).toHaveLength(1);
      const mails = await sql(`select 1 from mail_message where template = 'payment-rejected' and subject like ?`, [`%OC-${id} %`]);
      expect(mails).toHaveLength((await stateOf(id)) === 'REJECTED' ? 1 : 0);
    });
  });

  describe('resource API /api/v1/payments', () => {
    it('lists a tab with filter, sort and range (Content-Range), reads one, and 404s a non-cash order', async () => {
      const a = await cashOrder({ legalName: 'Zeta Uno SAS', total: '10.00' });
      const b = await cashOrder({ legalName: 'Zeta Dos SAS', total: '20.00' });
      const res = await t.api
        .get(
          `/api/v1/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'PENDING', q: 'zeta' }))}&sort=${encodeURIComponent('["totalPurchase","ASC"]')}&range=[0,0]`,
          consulta,
        )
        .expect(200);
      expect(res.body.map((r: { id: number }) => r.id)).toEqual([a]);
      expect(res.headers['content-range']).toBe('payments 0-0/2');
      expect((await t.api.get(`/api/v1/payments/${b}`, consulta).expect(200)).body).toMatchObject({ id: b, state: 'PENDING' });
      const online = await cashOrder({ method: 'EN_LINEA', state: 'REGISTERED' });
      expect((await t.api.get(`/api/v1/payments/${online}`, consulta).expect(404)).body.statusMessage).toBe('El pago en efectivo no existe');
      await t.api.get(`/api/v1/payments?filter=${encodeURIComponent('{"nope":1}')}`, consulta).expect(400);
      await t.api.get(`/api/v1/payments?sort=${encodeURIComponent('["buyerEmail","ASC"]')}`, consulta).expect(400);
    });

    it('approves and rejects with the same rules', async () => {
      const a = await cashOrder();
      expect((await t.api.post(`/api/v1/payments/${a}/approve`, financiero).expect(200)).body).toMatchObject({ state: 'APPROVED' });
      expect((await t.api.post(`/api/v1/payments/${a}/reject`, financiero).send({ rejectTypeId: 1 }).expect(422)).body.statusMessage).toMatch(
        /^El pago ya fue aprobado/,
      );
      const b = await cashOrder();
      expect((await t.api.post(`/api/v1/payments/${b}/reject`, financiero).send({}).expect(422)).body.statusMessage).toBe(
        'Debes seleccionar un motivo de rechazo',
      );
      expect((await t.api.post(`/api/v1/payments/${b}/reject`, financiero).send({ rejectTypeId: 2 }).expect(200)).body).toMatchObject({
        state: 'REJECTED',
        rejectTypeId: 2,
      });
      await t.api.post(`/api/v1/payments/${b}/approve`, consulta).expect(403);
    });

    it('exports a tab to Excel for LICENSE_FULL_ACCESS and the financiero (DASHBOARD_EXPORTEXCEL), and not to consulta (403)', async () => {
      const id = await cashOrder({ legalName: 'Exportadora Ñ SAS', documentNumber: '900999888', total: '1234.56' });
      const res = await t.api
        .get('/api/v1/payments/export?state=PENDING&q=exportadora', superadmin)
        .buffer(true)
        .parse((response, callback) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pagos-en-efectivo-por-aprobar-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      const { default: excel } = await import('exceljs');
      const book = new excel.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Pagos en efectivo');
      expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Referencia', 'Cliente', 'Valor a pagar', 'Estado']));
      expect(sheet?.rowCount).toBe(2);
      expect(sheet?.getRow(2).getCell(1).value).toBe(`OC-${id}`);
      expect(sheet?.getRow(2).getCell(4).value).toBe('Exportadora Ñ SAS');
      expect(sheet?.getRow(2).getCell(7).value).toBe(1234.56);
      await t.api.get('/api/v1/payments/export?state=PENDING', financiero).expect(200);
      await t.api.get('/api/v1/payments/export?state=PENDING', consulta).expect(403);
    });
  });
});
