import { createHash, randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { DEFAULT_EPAYCO_CUSTOMER_ID, DEFAULT_EPAYCO_P_KEY } from '../config/config.js';
import { useTestApp } from '../test-support/fixture.js';
import { createPackage, createService, createServiceFeature, createUser, type PackageRecord, partnerToken, unique } from '../test-support/factories.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
const CONFIRM = '/api/v1/payments/epayco/confirmation';
const change = (id: number) => `/license/api/PurchaseOrder/ChangeStatePurchase/${id}`;
const list = (query: { filter?: unknown; sort?: unknown; range?: unknown } = {}) =>
  '/api/v1/orders?' +
  Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

type Body = Record<string, unknown>;
type Summary = { id: number; reference: string; state: string; customer: { legalName: string; documentNumber: string } };

/**
 * The resource API of purchase orders (issue 13 item 6, item 5's audit log): the list with its
 * filters, sort and paging, one order with its lines, figures, payments, proofs, licences and its
 * log of changes and decisions, and who may read them.
 */
describe('/api/v1/orders', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let serviceId: number;
  let base: PackageRecord;
  let consulta: string;
  let financiero: string;
  let financieroUser: string;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

  /** An order written directly, at a chosen instant (the list's own data; registering is the orders spec's business). */
  const order = async (
    over: {
      app?: string;
      state?: string;
      method?: string;
      legalName?: string;
      documentNumber?: string;
      activationDocument?: string;
      at?: string;
      total?: string;
    } = {},
  ): Promise<number> => {
    const billing = {
      personType: 'J',
      documentTypeId: 4,
      documentNumber: over.documentNumber ?? String(800000000 + (Number(unique('')) % 99999999)),
      legalName: over.legalName ?? 'Compras Varias S.A.S.',
      email: 'compras@example.com',
    };
    const service = { ...billing, documentNumber: over.activationDocument ?? billing.documentNumber };
    const [row] = await sql<{ id: number }>(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 'compras@example.com', ?, 0, 0, 0, 0, 0, ?, ?, ?) returning id`,
      [
        randomUUID(),
        over.app ?? appName,
        serviceId,
        over.state ?? 'REGISTERED',
        over.method ?? 'EN_LINEA',
        JSON.stringify(billing),
        JSON.stringify(service),
        over.total ?? '100.00',
        over.total ?? '100.00',
        over.at ?? '2026-05-10T15:00:00Z',
        over.at ?? '2026-05-10T15:00:00Z',
      ],
    );
    return Number(row?.id);
  };

  /** A cash order registered through RegisterPurchaseOrder (lines, figures and the first log row as the store makes them). */
  const registerCash = async (): Promise<{ id: number; referenceUuid: string; documentNumber: string }> => {
    const documentNumber = String(920000000 + (Number(unique('')) % 9999999));
    const body: Body = {
      ...structuredClone(VALID_PURCHASE_CUSTOMERS),
      customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber, legalName: unique('Empresa Ñandú ') },
      packagesToPurchase: [{ packageId: base.id, packageCode: base.packageCode, packageQuantity: 2 }],
      promotionCodeUse: null,
      paymentMethod: 'EFECTIVO',
      appName,
      totalPurchase: 238000,
    };
    const placed = (await t.api.post(REGISTER).send(body).expect(200)).body.result.records as { referenceUuid: string };
    const [row] = await sql<{ id: number }>(`select id from purchase_order where reference_uuid = ?`, [placed.referenceUuid]);
    return { id: Number(row?.id), referenceUuid: placed.referenceUuid, documentNumber };
  };

  const ids = (body: Summary[]) => body.map((o) => o.id);

  beforeAll(async () => {
    const admin = await t.signIn('SUPERADMIN');
    serviceId = (await createService(t, { appName })).id;
    const users = (await createServiceFeature(t, { serviceId })).id;
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19, validityPeriod: 1, validityTypeId: 'A' });
    await t.api
      .put(`/api/v1/packages/${base.id}/features`, admin)
      .send({ features: [{ serviceFeatureId: users, quantity: 3 }] })
      .expect(200);
    await sql(
      `insert into email_verification (email, app_name, verified_at) values (?, ?, now()) on conflict (email, app_name) do update set verified_at = now()`,
      [VALID_PURCHASE_CUSTOMERS.customerBilling.email, appName],
    );
    consulta = await t.signIn('LICFINANCIEROCONSULTA');
    const user = await createUser(t, { role: 'LICFINANCIERO', names: 'Fabio', surnames: 'Ríos' });
    financieroUser = user.username;
    financiero = (await t.api.login(user.username, user.password, user.appName)).token;
  });

  describe('the list', () => {
    let a: number;
    let b: number;
    let c: number;
    let d: number;
    beforeAll(async () => {
      // Bogotá is UTC-5: 2026-03-01T04:30Z is still 28 February there.
      a = await order({ legalName: 'Ferretería Ñandú S.A.S.', documentNumber: '900111222', at: '2026-03-01T04:30:00Z', total: '300.00' });
      b = await order({ method: 'EFECTIVO', state: 'AWAITING_CASH_PROOF', at: '2026-03-01T05:30:00Z', total: '100.00', activationDocument: '900333444' });
      c = await order({ app: 'firmaya', state: 'ACTIVATED', at: '2026-03-02T12:00:00Z', total: '200.00' });
      d = await order({ method: 'SIN_PAGO', state: 'ACTIVATED', at: '2026-03-03T12:00:00Z', total: '0.00' });
    });

    it('pages every order newest first, with Content-Range and X-Total-Count like the other /api/v1 lists', async () => {
      const first = await t.api.get(list({ range: [0, 1] }), consulta).expect(200);
      expect(ids(first.body)).toEqual([d, c]);
      expect(first.headers['content-range']).toBe('orders 0-1/4');
      expect(first.headers['x-total-count']).toBe('4');
      const second = await t.api.get(list({ range: [2, 3] }), consulta).expect(200);
      expect(ids(second.body)).toEqual([b, a]);
      const beyond = await t.api.get(list({ range: [10, 11] }), consulta).expect(200);
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['content-range']).toBe('orders */4');
      expect(first.body[1]).toEqual({
        id: c,
        reference: `OC-${c}`,
        referenceUuid: expect.any(String),
        appName: 'firmaya',
        state: 'ACTIVATED',
        paymentMethod: 'EN_LINEA',
        total: 200,
        buyerEmail: 'compras@example.com',
        customer: { legalName: 'Compras Varias S.A.S.', documentTypeCode: 'NIT', documentNumber: expect.any(String), email: 'compras@example.com' },
        createdAt: '2026-03-02T12:00:00.000Z',
        updatedAt: '2026-03-02T12:00:00.000Z',
      });
    });

    it('filters by state (one or several), payment method, brand, document (billing or activation) and text without accents', async () => {
      expect(ids((await t.api.get(list({ filter: { state: 'AWAITING_CASH_PROOF' } }), consulta).expect(200)).body)).toEqual([b]);
      expect(ids((await t.api.get(list({ filter: { state: ['REGISTERED', 'AWAITING_CASH_PROOF'] } }), consulta).expect(200)).body)).toEqual([b, a]);
      expect(ids((await t.api.get(list({ filter: { paymentMethod: 'SIN_PAGO' } }), consulta).expect(200)).body)).toEqual([d]);
      expect(ids((await t.api.get(list({ filter: { appName: 'FirmaYa' } }), consulta).expect(200)).body)).toEqual([c]);
      expect(ids((await t.api.get(list({ filter: { documentNumber: '900111222' } }), consulta).expect(200)).body)).toEqual([a]);
      expect(ids((await t.api.get(list({ filter: { documentNumber: '900333444' } }), consulta).expect(200)).body)).toEqual([b]);
      expect(ids((await t.api.get(list({ filter: { q: 'ferreteria nandu' } }), consulta).expect(200)).body)).toEqual([a]);
      expect(ids((await t.api.get(list({ filter: { q: `oc-${c}` } }), consulta).expect(200)).body)).toEqual([c]);
      // The activation customer's document is searched too.
      expect(ids((await t.api.get(list({ filter: { q: '900333444' } }), consulta).expect(200)).body)).toEqual([b]);
      // The LIKE wildcards are text, not patterns.
      expect((await t.api.get(list({ filter: { q: '%' } }), consulta).expect(200)).body).toEqual([]);
      expect(ids((await t.api.get(list({ filter: { id: [a, d] } }), consulta).expect(200)).body)).toEqual([d, a]);
    });

    it('filters by days of creation in Bogotá, both ends included', async () => {
      expect(ids((await t.api.get(list({ filter: { createdFrom: '2026-02-28', createdTo: '2026-02-28' } }), consulta).expect(200)).body)).toEqual([a]);
      expect(ids((await t.api.get(list({ filter: { createdFrom: '2026-03-01', createdTo: '2026-03-02' } }), consulta).expect(200)).body)).toEqual([c, b]);
      expect(ids((await t.api.get(list({ filter: { createdFrom: '2026-03-03' } }), consulta).expect(200)).body)).toEqual([d]);
      const reversed = await t.api.get(list({ filter: { createdFrom: '2026-03-02', createdTo: '2026-03-01' } }), consulta).expect(400);
      expect(reversed.body.statusDetails).toEqual([{ field: 'query.filter.createdTo', description: 'debe ser el mismo día de createdFrom o posterior' }]);
    });

    it('sorts by a declared field', async () => {
      expect(ids((await t.api.get(list({ sort: ['total', 'ASC'] }), consulta).expect(200)).body)).toEqual([d, b, c, a]);
      expect(ids((await t.api.get(list({ sort: ['customer.legalName', 'ASC'], filter: { id: [a, b] } }), consulta).expect(200)).body)).toEqual([b, a]);
    });

    it('refuses hostile or undeclared parameters with 400 and names the field', async () => {
      const bad = [
        list({ filter: { nope: 1 } }),
        list({ filter: { state: 'PAGADA' } }),
        list({ filter: { createdFrom: '2026-02-30' } }),
        list({ filter: { createdFrom: "2026-01-01' or 1=1 --" } }),
        list({ filter: { documentNumber: "1' or '1'='1" } }),
        list({ filter: { appName: 'colnomina; drop table purchase_order' } }),
        list({ filter: { q: 'x'.repeat(101) } }),
        list({ sort: ['buyerEmail; drop table purchase_order', 'ASC'] }),
        list({ sort: ['total', 'SIDEWAYS'] }),
        list({ range: [0, 500] }),
        list({ range: [5, 1] }),
        '/api/v1/orders?filter=%7Bnot-json',
      ];
      for (const url of bad) {
        const res = await t.api.get(url, consulta);
        expect([url, res.status]).toEqual([url, 400]);
        expect(res.body.statusDetails?.[0]?.field).toMatch(/^query\./);
      }
    });
  });

  describe('one order', () => {
    it('shows a cash order approved through ChangeStatePurchase: lines, figures, the decision, the licence it granted and the log', async () => {
      const placed = await registerCash();
      await t.api.post(change(placed.id), financiero).send({ id: placed.id, idState: 6 }).expect(200);
      const res = await t.api.get(`/api/v1/orders/${placed.id}`, consulta).expect(200);
      const o = res.body;
      expect(o).toMatchObject({
        id: placed.id,
        reference: `OC-${placed.id}`,
        referenceUuid: placed.referenceUuid,
        appName,
        state: 'ACTIVATED',
        paymentMethod: 'EFECTIVO',
        activationCustomer: expect.objectContaining({ documentTypeCode: 'NIT', documentNumber: placed.documentNumber }),
      });
      expect(o.lines).toEqual([
        {
          packageId: base.id,
          packageCode: base.packageCode,
          packageName: base.packageName,
          quantity: 2,
          unitPrice: 100000,
          gross: 200000,
          discount: 0,
          ivaValue: 38000,
          total: 238000,
        },
      ]);
      // What the buyer pays: subtotal − discounts + IVA − withholdings.
      expect(o.subTotal - o.totalDiscount + o.taxIva - o.totalWithholdings).toBeCloseTo(o.total, 2);
      expect(o.totalWithholdings).toBeCloseTo(o.taxReteFuente + o.taxReteIva + o.taxReteIca, 2);
      expect(o.payments).toEqual([
        {
          kind: 'CASH',
          gateway: null,
          reference: null,
          transactionId: null,
          outcome: 'APPROVED',
          responseCode: null,
          amount: o.total,
          currency: 'COP',
          at: expect.any(String),
          by: `Fabio Ríos (${financieroUser})`,
          reason: null,
        },
      ]);
      const [line] = await sql<{ id: number }>(`select id from purchase_order_line where purchase_order_id = ?`, [placed.id]);
      expect(o.licences).toEqual([
        {
          id: expect.any(Number),
          originReference: `OC-${placed.id}/${line?.id}`,
          packageCode: base.packageCode,
          packageName: base.packageName,
          customerId: expect.any(Number),
          state: 'ACTIVE',
          isActive: true,
          effectiveAt: expect.any(String),
          expiresAt: expect.any(String),
        },
      ]);
      const decidedAt = o.payments[0].at;
      expect(o.history).toEqual([
        { action: 'STATE_CHANGE', at: expect.any(String), by: 'tienda', byName: null, fromState: null, toState: 'AWAITING_CASH_PROOF', reason: null },
        { action: 'CASH_APPROVED', at: decidedAt, by: financieroUser, byName: 'Fabio Ríos', fromState: null, toState: null, reason: null },
        { action: 'STATE_CHANGE', at: decidedAt, by: financieroUser, byName: 'Fabio Ríos', fromState: 'AWAITING_CASH_PROOF', toState: 'PAID', reason: null },
        {
          action: 'STATE_CHANGE',
          at: decidedAt,
          by: financieroUser,
          byName: 'Fabio Ríos',
          fromState: 'PAID',
          toState: 'ACTIVATED',
          reason: `Licencias otorgadas: ${o.licences[0].id}`,
        },
      ]);
      expect(o.supports).toEqual([]);
    });

    it('shows a rejected cash order with the reason in its payment and its log, and the proof the buyer attached', async () => {
      const placed = await registerCash();
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
      await t.api
        .post('/license/api/purchaseorderlicense/uploadPaymentSupport')
        .send({ referenceUuid: placed.referenceUuid, supportType: 'PAYMENT_SUPPORT', fileName: 'consignacion.png', contentFileBase64: png.toString('base64') })
        .expect(200);
      await t.api.post(change(placed.id), financiero).send({ id: placed.id, idState: 7, rejectTypeId: 1 }).expect(200);
      const o = (await t.api.get(`/api/v1/orders/${placed.id}`, consulta).expect(200)).body;
      expect(o.state).toBe('REJECTED');
      expect(o.payments).toEqual([expect.objectContaining({ kind: 'CASH', outcome: 'REJECTED', reason: 'El comprobante es ilegible' })]);
      expect(o.history.slice(1)).toEqual([
        expect.objectContaining({ action: 'CASH_REJECTED', by: financieroUser, byName: 'Fabio Ríos', reason: 'El comprobante es ilegible' }),
        expect.objectContaining({ action: 'STATE_CHANGE', fromState: 'AWAITING_CASH_PROOF', toState: 'REJECTED', reason: 'El comprobante es ilegible' }),
      ]);
      expect(o.licences).toEqual([]);
      expect(o.supports).toEqual([
        { supportType: 'PAYMENT_SUPPORT', fileName: 'consignacion.png', contentType: 'image/png', size: png.length, uploadedAt: expect.any(String) },
      ]);
    });

    it('shows each gateway confirmation of an online order: reference, transaction, code, outcome and amount', async () => {
      const id = await order({ total: '357000.00' });
      const [{ reference_uuid: referenceUuid }] = (await sql<{ reference_uuid: string }>(`select reference_uuid from purchase_order where id = ?`, [id])) as [
        { reference_uuid: string },
      ];
      const post = async (code: string) => {
        const fields: Record<string, string> = {
          x_ref_payco: 'REF-ORDERS-1',
          x_transaction_id: `TX-${code}`,
          x_amount: '357000.00',
          x_currency_code: 'COP',
          x_cod_response: code,
          x_id_invoice: referenceUuid,
        };
        const signature = createHash('sha256')
          .update(
            `${DEFAULT_EPAYCO_CUSTOMER_ID}^${DEFAULT_EPAYCO_P_KEY}^${fields.x_ref_payco}^${fields.x_transaction_id}^${fields.x_amount}^${fields.x_currency_code}`,
          )
          .digest('hex');
        await t.api
          .post(CONFIRM)
          .type('form')
          .send({ ...fields, x_signature: signature })
          .expect(200);
      };
      await post('3');
      await post('2');
      const o = (await t.api.get(`/api/v1/orders/${id}`, consulta).expect(200)).body;
      expect(o.state).toBe('REJECTED');
      expect(o.payments).toEqual([
        {
          kind: 'ONLINE',
          gateway: 'EPAYCO',
          reference: 'REF-ORDERS-1',
          transactionId: 'TX-3',
          outcome: 'PENDING',
          responseCode: 3,
          amount: 357000,
          currency: 'COP',
          at: expect.any(String),
          by: null,
          reason: null,
        },
        expect.objectContaining({ kind: 'ONLINE', transactionId: 'TX-2', outcome: 'REJECTED', responseCode: 2 }),
      ]);
      expect(o.history).toEqual([expect.objectContaining({ action: 'STATE_CHANGE', fromState: 'REGISTERED', toState: 'REJECTED', byName: null })]);
    });

    it('answers 404 for an order that does not exist and 400 for an id that is not one', async () => {
      expect((await t.api.get('/api/v1/orders/999999', consulta).expect(404)).body.statusMessage).toBe('La orden de compra no existe');
      await t.api.get('/api/v1/orders/abc', consulta).expect(400);
      await t.api.get('/api/v1/orders/0', consulta).expect(400);
    });
  });

  describe('who may read', () => {
    it('is for those who read payments: the financial roles and the superadmin; not the commercial staff nor a customer', async () => {
      const id = await order();
      for (const role of ['SUPERADMIN', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA'] as const) {
        const token = await t.signIn(role);
        await t.api.get(list(), token).expect(200);
        await t.api.get(`/api/v1/orders/${id}`, token).expect(200);
      }
      for (const role of ['LICENSECOMERCIAL', 'LICENSEPROMOCODE', 'CUSTOMER'] as const) {
        const token = await t.signIn(role);
        await t.api.get(list(), token).expect(403);
        await t.api.get(`/api/v1/orders/${id}`, token).expect(403);
      }
      await t.api.get(list()).expect(401);
      await t.api.get(`/api/v1/orders/${id}`).expect(401);
    });

    it("lets a partner's API client with ORDERS_READ read only its brand's orders, whatever appName says; another brand's is 404", async () => {
      const document = String(930000000 + (Number(unique('')) % 9999999));
      const own = await order({ documentNumber: document });
      const other = await order({ app: 'firmaya', documentNumber: document });
      const { token } = await partnerToken(t, { appName, privileges: ['ORDERS_READ'] });
      for (const filter of [{ documentNumber: document }, { documentNumber: document, appName: 'firmaya' }]) {
        const res = await t.api.get(list({ filter }), token).expect(200);
        expect(ids(res.body)).toEqual([own]);
        expect(res.headers['x-total-count']).toBe('1');
      }
      const detail = await t.api.get(`/api/v1/orders/${own}`, token).expect(200);
      expect(detail.body).toMatchObject({ id: own, appName });
      const foreign = await t.api.get(`/api/v1/orders/${other}`, token).expect(404);
      expect(foreign.body.statusMessage).toBe('La orden de compra no existe');
      // The staff still sees both brands.
      expect(ids((await t.api.get(list({ filter: { documentNumber: document } }), consulta).expect(200)).body).sort()).toEqual([own, other].sort());
    });

    it("refuses a partner's API client without ORDERS_READ (403), and never opens the payments' list or decisions to one", async () => {
      const id = await order();
      const { token } = await partnerToken(t, { appName, privileges: ['BALANCES_READ', 'CONSUMPTIONS_WRITE'] });
      await t.api.get(list(), token).expect(403);
      await t.api.get(`/api/v1/orders/${id}`, token).expect(403);
      const reader = (await partnerToken(t, { appName, privileges: ['ORDERS_READ'] })).token;
      await t.api.get('/api/v1/payments', reader).expect(403);
      await t.api.get(`/api/v1/payments/${id}`, reader).expect(403);
      await t.api.post(`/api/v1/payments/${id}/approve`, reader).send({}).expect(403);
      await t.api.post(`/api/v1/payments/${id}/reject`, reader).send({ reason: 'No' }).expect(403);
    });
  });
});
