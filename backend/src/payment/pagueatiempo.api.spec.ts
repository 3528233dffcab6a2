import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { DEFAULT_PAGUEATIEMPO_SECRET, DEFAULT_PAGUEATIEMPO_TOKEN } from '../config/config.js';
import { type TestFixture, useTestApp } from '../test-support/fixture.js';
import { createPackage, createService, createServiceFeature, type PackageRecord, unique } from '../test-support/factories.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
const FORM = '/api/v1/payments/pagueatiempo/form';
const NOTIFY = '/api/v1/payments/pagueatiempo/notification';
const EMULATOR_FORM = '/api/v1/payments/sandbox/pagueatiempo/payment/form';
const EMULATOR_PAGE = '/api/v1/payments/sandbox/pagueatiempo/checkout';
const BRAND = 'colfactura';
/** What each order pays: 119.000 with IVA less the 3.500 retefuente the test company (a withholding agent) applies. */
const TOTAL = '115500.00';
const PROVIDER_DOWN = 'No pudimos conectar con la pasarela de pago. Tu orden de compra sigue registrada: intenta de nuevo en unos minutos.';

type Link = { paymentId: string; signToken: string; docType: string; docNumber: string };
type Notification = { transactionId: string; fullReference: string; status: string; amount: string; currency: string };

/** The signature written out from the documented scheme: HMAC-SHA256 hex of `{timestamp}.{body}` with the development secret. */
const sign = (timestamp: string, body: string, secret = DEFAULT_PAGUEATIEMPO_SECRET) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/** A registered EN_LINEA order of a brand paying through PagueATiempo, through RegisterPurchaseOrder itself. */
function orders(t: TestFixture) {
  let base: PackageRecord;
  let featureId: number;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  return {
    sql,
    async setUp() {
      const admin = await t.signIn('SUPERADMIN');
      const serviceId = (await createService(t, { appName: BRAND, serviceName: unique('Colfactura ') })).id;
      featureId = (await createServiceFeature(t, { serviceId })).id;
      base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19, validityPeriod: 1, validityTypeId: 'A' });
      await t.api
        .put(`/api/v1/packages/${base.id}/features`, admin)
        .send({ features: [{ serviceFeatureId: featureId, quantity: 3 }] })
        .expect(200);
      await sql(
        `insert into email_verification (email, app_name, verified_at) values (?, ?, now()) on conflict (email, app_name) do update set verified_at = now()`,
        [VALID_PURCHASE_CUSTOMERS.customerBilling.email.toLowerCase(), BRAND],
      );
    },
    /** The order as registered; `total` is what is paid (the test company withholds retefuente: 119.000 − 3.500). */
    async register(): Promise<{ link: Link; records: Record<string, unknown>; id: number; total: string }> {
      const records = (
        await t.api
          .post(REGISTER)
          .send({
            ...structuredClone(VALID_PURCHASE_CUSTOMERS),
            // A company of its own, so the licence it is granted meets no other order's.
            customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber: String(920000000 + (Number(unique('')) % 9999999)) },
            packagesToPurchase: [{ packageId: base.id, packageCode: base.packageCode, packageQuantity: 1 }],
            promotionCodeUse: null,
            totalPurchase: 119000,
            paymentMethod: 'EN_LINEA',
            appName: BRAND,
          })
          .expect(200)
      ).body.result.records as Record<string, string>;
      const link = { paymentId: records.epaycoPaymentCode!, signToken: records.token!, docType: records.documentType!, docNumber: records.documentNumber! };
      const [row] = await sql<{ id: number; total: string }>(`select id, total from purchase_order where reference_uuid = ?`, [records.referenceUuid]);
      return { link, records, id: Number(row?.id), total: String(row?.total) };
    },
    stateOf: async (reference: string) => (await sql<{ state: string }>(`select state from purchase_order where reference_uuid = ?`, [reference]))[0]?.state,
    movesOf: async (reference: string) =>
      (
        await sql<{ to_state: string }>(
          `select c.to_state from purchase_order_state_change c join purchase_order o on o.id = c.purchase_order_id where o.reference_uuid = ? order by c.id`,
          [reference],
        )
      ).map((m) => m.to_state),
    rowsOf: (reference: string) =>
      sql<{ gateway: string; gateway_reference: string; outcome: string; response_code: number }>(
        `select c.gateway, c.gateway_reference, c.outcome, c.response_code from payment_confirmation c join purchase_order o on o.id = c.purchase_order_id
          where o.reference_uuid = ? order by c.id`,
        [reference],
      ),
    licencesOf: (orderId: number) =>
      sql<{ state: string; total: string }>(
        `select l.state, b.total from licence l join licence_balance b on b.licence_id = l.id where l.origin = 'ORDER_LINE' and l.origin_reference like ? and b.service_feature_id = ?`,
        [`OC-${orderId}/%`, featureId],
      ),
  };
}

describe('PagueATiempo through its built-in emulator (the default outside production)', () => {
  const t = useTestApp({ PAYMENT_GATEWAYS: `${BRAND}=PAGUEATIEMPO` });
  const o = orders(t);
  /** The application's WARN lines (the Nest Logger's), each as its message. */
  let warned: string[] = [];

  const start = (link: Link) => t.api.get(`${FORM}?${new URLSearchParams(link).toString()}`);
  /** Follows the hand-off to the emulator's page; answers the page's signed session. */
  const emulatorSession = async (link: Link): Promise<string> => {
    const res = await start(link).expect(303);
    const url = new URL(res.headers.location as string);
    expect(url.pathname).toBe(EMULATOR_PAGE);
    return url.searchParams.get('session') as string;
  };
  const decide = (session: string, decision: string) => t.api.post(EMULATOR_PAGE).type('form').send({ session, decision });
  const notify = (body: Notification | string, timestamp = nowSeconds(), signature?: string) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return t.api
      .post(NOTIFY)
      .set('content-type', 'application/json')
      .set('X-PagueATiempo-Timestamp', timestamp)
      .set('X-PagueATiempo-Signature', signature ?? sign(timestamp, text))
      .send(text);
  };
  const notification = (id: number, over: Partial<Notification> = {}): Notification => ({
    transactionId: unique('PAT-'),
    fullReference: `OC-${id}`,
    status: 'APPROVED',
    amount: TOTAL,
    currency: 'COP',
    ...over,
  });
  const warnings = () => warned;

  beforeAll(() => o.setUp());
  beforeEach(() => {
    warned = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warned.push(String(message)));
  });
  afterEach(() => jest.restoreAllMocks());

  it('registers, posts payment/form over HTTP to the emulator, and an approval on its page pays the order and grants its licence', async () => {
    const { link, records, id, total } = await o.register();
    expect(total).toBe(TOTAL);
    expect(records).toEqual(expect.objectContaining({ paymentGateway: 'PAGUEATIEMPO', checkoutUrl: FORM, epaycoPaymentCode: records.referenceUuid }));
    const session = await emulatorSession(link);
    // The emulator's page shows the form it received: reference, product, total.
    const page = await t.api.get(`${EMULATOR_PAGE}?session=${session}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`OC-${id}`);
    expect(page.text).toMatch(/data-testid="total">\$\s?115\.500/);
    for (const label of ['Aprobar pago', 'Rechazar pago', 'Dejar pendiente']) expect(page.text).toContain(label);

    // Pending first: nothing moves, the same transaction is approved later.
    const pending = await decide(session, 'PENDING').expect(303);
    expect(new URL(pending.headers.location as string).pathname).toBe(`/registerPurchaseOrder/statusOrder/${records.referenceUuid}`);
    expect(await o.stateOf(records.referenceUuid as string)).toBe('REGISTERED');
    await decide(session, 'APPROVE').expect(303);
    expect(await o.stateOf(records.referenceUuid as string)).toBe('ACTIVATED');
    expect(await o.movesOf(records.referenceUuid as string)).toEqual(['REGISTERED', 'PAID', 'ACTIVATED']);
    const rows = await o.rowsOf(records.referenceUuid as string);
    expect(rows.map((r) => [r.gateway, r.outcome, r.response_code])).toEqual([
      ['PAGUEATIEMPO', 'PENDING', 3],
      ['PAGUEATIEMPO', 'APPROVED', 1],
    ]);
    expect(rows[0]?.gateway_reference).toMatch(/^PAT-/);
    expect(await o.licencesOf(id)).toEqual([{ state: 'ACTIVE', total: 3 }]);
    // The decided order's link now goes to its status page.
    const again = await start(link).expect(303);
    expect(again.headers.location).toBe(`/registerPurchaseOrder/statusOrder/${records.referenceUuid}`);
    expect(warnings()).toEqual([]);
  });

  it('rejects the order when the emulator declines, and a signed notification from the outside approves another', async () => {
    const declined = await o.register();
    await decide(await emulatorSession(declined.link), 'DECLINE').expect(303);
    expect(await o.stateOf(declined.link.paymentId)).toBe('REJECTED');

    const paid = await o.register();
    const res = await notify(notification(paid.id)).expect(200);
    expect(res.body).toEqual({
      referenceUuid: paid.link.paymentId,
      gateway: 'PAGUEATIEMPO',
      gatewayReference: expect.stringMatching(/^PAT-/),
      outcome: 'APPROVED',
      state: 'ACTIVATED',
    });
    const failed = await o.register();
    expect((await notify(notification(failed.id, { status: 'FAILED' })).expect(200)).body.state).toBe('REJECTED');
  });

  it('changes nothing on a bad signature (403), a stale or future timestamp (403) or an amount or currency not the order’s (422), and logs each', async () => {
    const { link, id } = await o.register();
    const body = JSON.stringify(notification(id));
    const stamp = nowSeconds();
    const forged = await notify(body, stamp, sign(stamp, body, 'otra-clave')).expect(403);
    expect(forged.body.statusMessage).toBe('La firma de la confirmación no es válida.');
    // Signed, then one byte of the body changed (the amount), or the timestamp moved.
    await notify(body.replace(TOTAL, '115500.10'), stamp, sign(stamp, body)).expect(403);
    await notify(body, String(Number(stamp) + 1), sign(stamp, body)).expect(403);
    // A minute past the window (300 s) each way: a second past it failed when the request came over a second after `stamp`.
    for (const old of [String(Number(stamp) - 360), String(Number(stamp) + 360)]) {
      const stale = await notify(body, old).expect(403);
      expect(stale.body.statusMessage).toBe('La notificación está vencida: su marca de tiempo no es reciente.');
    }
    for (const over of [{ amount: '115500.01' }, { amount: '119000' }, { currency: 'USD' }]) {
      const mismatch = await notify(notification(id, over)).expect(422);
      expect(mismatch.body.statusMessage).toBe('El valor pagado no corresponde al de la orden de compra.');
    }
    const unknown = await notify(notification(id, { status: 'EXPIRED' })).expect(422);
    expect(unknown.body.statusMessage).toBe('Código de respuesta de la pasarela desconocido.');
    const missing = await notify(notification(2_000_000_000)).expect(404);
    expect(missing.body.statusMessage).toBe('La orden de compra no existe');
    expect(await o.stateOf(link.paymentId)).toBe('REGISTERED');
    expect(await o.rowsOf(link.paymentId)).toEqual([]);
    const lines = warnings();
    expect(lines.filter((l) => l.startsWith('Confirmation refused: bad signature'))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith('Confirmation refused: stale timestamp'))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('Confirmation refused: amount or currency differs'))).toHaveLength(3);
    // The lines name the order and reference, never the signature.
    expect(lines.join('\n')).toContain(`OC-${id}`);
    expect(lines.join('\n')).not.toContain(sign(stamp, body));
    // Without the headers the contract refuses it (400).
    await t.api.post(NOTIFY).send(notification(id)).expect(400);
  });

  it('answers a replay the same without moving the order again, and 20 racing copies move it once', async () => {
    const replayed = await o.register();
    const fields = notification(replayed.id);
    const first = await notify(fields).expect(200);
    const again = await notify(fields).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Another transaction for the decided order: 409.
    const late = await notify(notification(replayed.id, { status: 'REJECTED' })).expect(409);
    expect(late.body.statusMessage).toBe('La orden de compra ya no está esperando este pago.');
    expect(await o.movesOf(replayed.link.paymentId)).toEqual(['REGISTERED', 'PAID', 'ACTIVATED']);

    const raced = await o.register();
    const copy = notification(raced.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(copy)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await o.movesOf(raced.link.paymentId)).toEqual(['REGISTERED', 'PAID', 'ACTIVATED']);
    expect(await o.rowsOf(raced.link.paymentId)).toHaveLength(1);
    expect(await o.licencesOf(raced.id)).toHaveLength(1);
  });

  it('refuses a notification for an order of a brand that does not pay through PagueATiempo, and a link of another gateway', async () => {
    const [service] = await o.sql<{ id: number }>(`select id from service where app_name = 'colnomina' limit 1`);
    const serviceId = service?.id ?? (await createService(t, { appName: 'colnomina' })).id;
    const [other] = await o.sql<{ id: number; reference_uuid: string }>(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (gen_random_uuid(), 'colnomina', ?, 'REGISTERED', 'EN_LINEA', '{}', '{}', 'compras@example.com', 115500, 0, 0, 0, 0, 0, 115500, now(), now())
       returning id, reference_uuid`,
      [serviceId],
    );
    await notify(notification(Number(other?.id))).expect(409);
    expect(await o.stateOf(other?.reference_uuid as string)).toBe('REGISTERED');
    const { link } = await o.register();
    const tampered = await start({ ...link, docNumber: '1' }).expect(403);
    expect(tampered.body.statusMessage).toBe('El enlace de pago no es válido.');
    // The hosted page of the sandbox and ePayco is not this brand's way to pay.
    const page = await t.api.get(`/api/v1/payments/checkout?${new URLSearchParams(link).toString()}`).expect(422);
    expect(page.body.statusMessage).toBe('La pasarela de pago de esta orden no usa esta página.');
  });

  it('the emulator’s payment/form wants the token, and its page a session it signed', async () => {
    const form = {
      fullReference: 'OC-1',
      redirectionUrl: 'http://localhost:3000/registerPurchaseOrder/statusOrder/x',
      taxes: { subTotal: '100', totalDiscount: '0', taxIva: '19', taxReteFuente: '0', taxReteIva: '0', taxReteIca: '0', total: '119' },
      user: { documentType: 'NIT', documentNumber: '800197268' },
      productsList: [{ reference: 'P', quantity: 1, unitPrice: '100' }],
      service: 'Colfactura',
    };
    const refused = await t.api.post(EMULATOR_FORM).send(form).expect(401);
    expect(refused.body.statusMessage).toBe('El token de la pasarela de pago no es válido.');
    await t.api.post(EMULATOR_FORM).set('Authorization', 'Bearer otro-token').send(form).expect(401);
    const ok = await t.api.post(EMULATOR_FORM).set('Authorization', `Bearer ${DEFAULT_PAGUEATIEMPO_TOKEN}`).send(form).expect(200);
    const url = new URL(ok.body.result.url as string);
    expect(url.origin).toBe('http://localhost:3000');
    const session = url.searchParams.get('session') as string;
    const [payload, mac] = session.split('.') as [string, string];
    const rewritten = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"119"', '"1"')).toString('base64url');
    const bad = await t.api.get(`${EMULATOR_PAGE}?session=${rewritten}.${mac}`).expect(403);
    expect(bad.body.statusMessage).toBe('El enlace de pago no es válido.');
    await decide(`${rewritten}.${mac}`, 'APPROVE').expect(403);
  });
});

/** A stand-in for PagueATiempo's host that fails on demand (the application is not mocked: it calls this over HTTP). */
type Behaviour = 'error' | 'no-url' | 'not-json' | 'hang' | 'reset';

describe('PagueATiempo unreachable or answering an error', () => {
  let behaviour: Behaviour = 'error';
  const received: { authorization?: string; body: Record<string, unknown> }[] = [];
  let provider: Server;
  const env: Record<string, string> = { PAYMENT_GATEWAYS: `${BRAND}=PAGUEATIEMPO`, PAGUEATIEMPO_TIMEOUT_MS: '400' };
  beforeAll(async () => {
    provider = createServer((req: IncomingMessage, res: ServerResponse) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(text || '{}') as Record<string, unknown> });
        if (behaviour === 'hang') return;
        if (behaviour === 'reset') return void req.socket.destroy();
        if (behaviour === 'not-json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
        if (behaviour === 'no-url') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{"url":"javascript:alert(1)"}}');
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"internal"}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    env.PAGUEATIEMPO_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/api/`;
    env.PAGUEATIEMPO_TOKEN = 'token-de-prueba';
  });
  // Registered after the provider's hook, so the app starts with its address.
  const t = useTestApp(env);
  const o = orders(t);
  afterAll(async () => {
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
  });
  beforeAll(() => o.setUp());

  it('answers 502 or 503 with a page to try again, keeps the order REGISTERED, and sends the spec’s form with the token', async () => {
    const { link, id } = await o.register();
    const start = () => t.api.get(`${FORM}?${new URLSearchParams(link).toString()}`);
    const expected: [Behaviour, number][] = [
      ['error', 502],
      ['no-url', 502],
      ['not-json', 502],
      ['hang', 503],
      ['reset', 503],
    ];
    for (const [b, status] of expected) {
      behaviour = b;
      const res = await start();
      expect([b, res.status]).toEqual([b, status]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(PROVIDER_DOWN);
      expect(res.text).toContain('Intentar de nuevo');
      expect(res.text).toContain(`href="${FORM}?paymentId=${link.paymentId}&amp;signToken=${link.signToken}`);
    }
    expect(await o.stateOf(link.paymentId)).toBe('REGISTERED');
    // The form, as store §7 lists it, with the token authorization.
    const [first] = received;
    expect(first?.authorization).toBe('Bearer token-de-prueba');
    expect(Object.keys(first?.body ?? {}).sort()).toEqual(['fullReference', 'productsList', 'redirectionUrl', 'service', 'taxes', 'user']);
    expect(first?.body).toEqual(
      expect.objectContaining({
        fullReference: `OC-${id}`,
        redirectionUrl: expect.stringMatching(new RegExp(`/registerPurchaseOrder/statusOrder/${link.paymentId}$`)),
        taxes: {
          subTotal: '100000.00',
          totalDiscount: '0.00',
          taxIva: '19000.00',
          taxReteFuente: '3500.00',
          taxReteIva: '0.00',
          taxReteIca: '0.00',
          total: TOTAL,
        },
        user: { documentType: link.docType, documentNumber: link.docNumber },
        productsList: [expect.objectContaining({ quantity: 1 })],
      }),
    );
    // The order can still be paid once the provider is back.
    const timestamp = nowSeconds();
    const body = JSON.stringify({ transactionId: unique('PAT-'), fullReference: `OC-${id}`, status: 'APPROVED', amount: TOTAL, currency: 'COP' });
    await t.api
      .post(NOTIFY)
      .set('content-type', 'application/json')
      .set('X-PagueATiempo-Timestamp', timestamp)
      .set('X-PagueATiempo-Signature', sign(timestamp, body))
      .send(body)
      .expect(200);
    expect(await o.stateOf(link.paymentId)).toBe('ACTIVATED');
  });
});
