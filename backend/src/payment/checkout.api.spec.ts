import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { useTestApp } from '../test-support/fixture.js';
import { createPackage, createService, type PackageRecord } from '../test-support/factories.js';
import { PaymentCheckoutService } from './checkout.service.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
const CHECKOUT = '/api/v1/payments/checkout';
const DECISION = '/api/v1/payments/sandbox/decision';

type Link = { paymentId: string; signToken: string; docType: string; docNumber: string };

/**
 * The online checkout (issue 13 item 1, store §4 "Online"): RegisterPurchaseOrder's payment
 * session, the sandbox gateway's hosted page and its ePayco-signed confirmation, the ePayco page,
 * and the link's signToken against tampering, replays and racing choices.
 */
describe('online checkout through the sandbox gateway (the default)', () => {
  const t = useTestApp();
  let serviceId: number;
  let base: PackageRecord;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

  /** An online order awaiting its payment, with one line, and the link RegisterPurchaseOrder would give. */
  const createOrder = async (appName = 'colnomina', total = '119000.00', method = 'EN_LINEA'): Promise<Link> => {
    const reference = randomUUID();
    // Its own activation company, so that paying it (which grants the licences) meets no other order's licence.
    const customer = JSON.stringify({
      ...VALID_PURCHASE_CUSTOMERS.customerService,
      documentNumber: String(800_000_000 + Math.floor(Math.random() * 99_999_999)),
    });
    const [order] = await sql<{ id: number }>(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (?, ?, ?, 'REGISTERED', ?, ?::jsonb, ?::jsonb, 'compras@example.com', ?, 0, 0, 0, 0, 0, ?, now(), now()) returning id`,
      [reference, appName, serviceId, method, customer, customer, total, total],
    );
    await sql(
      `insert into purchase_order_line (purchase_order_id, package_id, package_code, package_name, package_type_id, quantity, employee, price, iva_rate,
         unit_price, gross, offer_discount, promo_discount, discount, new_base, iva_value, total, snapshot)
       values (?, ?, ?, 'Plan Nómina <Pro>', 1, 2, false, 0, 19, 0, 0, 0, 0, 0, 0, 0, ?, ?::jsonb)`,
      // No feature of the service: paying it grants nothing (granting is the activation spec's business).
      [order?.id, base.id, base.packageCode, total, JSON.stringify({ itemsPackageFeatures: [] })],
    );
    const session = t.app.get(PaymentCheckoutService).session({ referenceUuid: reference, appName, documentType: 'NIT', documentNumber: '800197268' });
    return { paymentId: reference, signToken: session.token, docType: 'NIT', docNumber: '800197268' };
  };
  const open = (link: Link) => t.api.get(`${CHECKOUT}?${new URLSearchParams(link).toString()}`);
  const decide = (link: Link, decision: string) =>
    t.api
      .post(DECISION)
      .type('form')
      .send({ ...link, decision });
  const stateOf = async (reference: string) =>
    (await sql<{ state: string }>(`select state from purchase_order where reference_uuid = ?`, [reference]))[0]?.state;
  const confirmationsOf = (reference: string) =>
    sql<{ gateway: string; gateway_reference: string; outcome: string; payload: Record<string, string> }>(
      `select c.gateway, c.gateway_reference, c.outcome, c.payload from payment_confirmation c join purchase_order o on o.id = c.purchase_order_id
        where o.reference_uuid = ? order by c.id`,
      [reference],
    );
  const movesOf = (reference: string) =>
    sql<{ to_state: string }>(
      `select c.to_state from purchase_order_state_change c join purchase_order o on o.id = c.purchase_order_id where o.reference_uuid = ? order by c.id`,
      [reference],
    );

  beforeAll(async () => {
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19 });
  });

  it('answers an EN_LINEA registration with the payment session: gateway, paymentId, signToken and the checkout page; cash gets none', async () => {
    const email = VALID_PURCHASE_CUSTOMERS.customerBilling.email.toLowerCase();
    await sql(
      `insert into email_verification (email, app_name, verified_at) values (?, 'colnomina', now()) on conflict (email, app_name) do update set verified_at = now()`,
      [email],
    );
    const body = {
      ...structuredClone(VALID_PURCHASE_CUSTOMERS),
      packagesToPurchase: [{ packageId: base.id, packageCode: base.packageCode, packageQuantity: 1 }],
      promotionCodeUse: null,
      totalPurchase: 119000,
      paymentMethod: 'EN_LINEA',
      appName: 'colnomina',
    };
    const online = (await t.api.post(REGISTER).send(body).expect(200)).body.result.records;
    expect(online).toEqual(
      expect.objectContaining({
        paymentGateway: 'SANDBOX',
        epaycoPaymentCode: online.referenceUuid,
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
        checkoutUrl: CHECKOUT,
        documentType: 'NIT',
        documentNumber: '800197268',
      }),
    );
    // The storefront opens the page with the four values, as store §4 reads them.
    const page = await open({
      paymentId: online.epaycoPaymentCode,
      signToken: online.token,
      docType: online.documentType,
      docNumber: online.documentNumber,
    }).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`OC-`);
    expect(page.text).toContain('Aprobar pago');
    const cash = (
      await t.api
        .post(REGISTER)
        .send({ ...body, paymentMethod: 'EFECTIVO' })
        .expect(200)
    ).body.result.records;
    expect(cash).toEqual(expect.objectContaining({ paymentGateway: null, token: null, epaycoPaymentCode: null, checkoutUrl: null }));
  });

  it('shows the order (reference, items, total, document) with approve, decline and leave pending, escaped, under the application’s CSP', async () => {
    const link = await createOrder();
    const res = await open(link).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.text).toContain('Pasarela de pruebas');
    expect(res.text).toContain('Plan Nómina &lt;Pro&gt;');
    expect(res.text).toMatch(/data-testid="total">\$\s?119\.000/);
    expect(res.text).toContain('NIT 800197268');
    for (const label of ['Aprobar pago', 'Rechazar pago', 'Dejar pendiente']) expect(res.text).toContain(label);
    expect(res.text).toContain(`action="${DECISION}"`);
    expect(res.text).not.toContain('Retenciones');
  });

  it('shows the withholdings of a company that withholds, so the total to pay is explained', async () => {
    const link = await createOrder('colnomina', '116500.00');
    await sql(`update purchase_order set tax_rete_fuente = 2500, tax_rete_ica = 0, tax_rete_iva = 0 where reference_uuid = ?`, [link.paymentId]);
    const res = await open(link).expect(200);
    expect(res.text).toMatch(/Retenciones<\/td><td class="num">−\$\s?2\.500/);
    expect(res.text).toMatch(/data-testid="total">\$\s?116\.500/);
  });

  it('approves: posts ePayco’s signed confirmation to the ePayco endpoint, then sends the browser to the status page', async () => {
    const link = await createOrder();
    const res = await decide(link, 'APPROVE').expect(303);
    expect(res.headers.location).toBe(`/registerPurchaseOrder/statusOrder/${link.paymentId}`);
    expect(await stateOf(link.paymentId)).toBe('ACTIVATED');
    const [row] = await confirmationsOf(link.paymentId);
    expect(row).toEqual(expect.objectContaining({ gateway: 'EPAYCO', outcome: 'APPROVED', gateway_reference: expect.stringMatching(/^SBX-\d+$/) }));
    expect(row?.payload).toEqual(
      expect.objectContaining({
        x_amount: '119000.00',
        x_currency_code: 'COP',
        x_cod_response: '1',
        x_id_invoice: link.paymentId,
        x_signature: expect.any(String),
      }),
    );
    // A decided order's page goes to its status page.
    const again = await open(link).expect(303);
    expect(again.headers.location).toBe(`/registerPurchaseOrder/statusOrder/${link.paymentId}`);
  });

  it('declines: the order is rejected', async () => {
    const link = await createOrder();
    await decide(link, 'DECLINE').expect(303);
    expect(await stateOf(link.paymentId)).toBe('REJECTED');
    expect((await confirmationsOf(link.paymentId)).map((c) => c.outcome)).toEqual(['REJECTED']);
  });

  it('leaves pending, and a later approval of the same payment is processed', async () => {
    const link = await createOrder();
    await decide(link, 'PENDING').expect(303);
    expect(await stateOf(link.paymentId)).toBe('REGISTERED');
    // Still awaiting its payment: the page opens again.
    await open(link).expect(200);
    await decide(link, 'APPROVE').expect(303);
    expect(await stateOf(link.paymentId)).toBe('ACTIVATED');
    const rows = await confirmationsOf(link.paymentId);
    expect(rows.map((c) => c.outcome)).toEqual(['PENDING', 'APPROVED']);
    expect(new Set(rows.map((c) => c.gateway_reference)).size).toBe(1);
  });

  it('refuses a tampered link with 403 and changes nothing: another order, another document, a forged token', async () => {
    const link = await createOrder();
    const other = await createOrder();
    const tampered: Link[] = [
      { ...link, paymentId: other.paymentId },
      { ...link, docNumber: '900123456' },
      { ...link, docType: 'CC' },
      { ...link, signToken: 'a'.repeat(64) },
    ];
    for (const bad of tampered) {
      expect((await open(bad).expect(403)).body.statusMessage).toBe('El enlace de pago no es válido.');
      await decide(bad, 'APPROVE').expect(403);
    }
    expect(await stateOf(link.paymentId)).toBe('REGISTERED');
    expect(await stateOf(other.paymentId)).toBe('REGISTERED');
    expect(await confirmationsOf(link.paymentId)).toEqual([]);
    await open({ ...link, paymentId: randomUUID() }).expect(404);
    await decide({ ...link, signToken: 'zz' }, 'APPROVE').expect(400);
    await decide(link, 'REEMBOLSAR').expect(400);
  });

  it('refuses a link of an order that is not an online one', async () => {
    const cash = await createOrder('colnomina', '119000.00', 'EFECTIVO');
    await open(cash).expect(403);
    await decide(cash, 'APPROVE').expect(403);
    expect(await stateOf(cash.paymentId)).toBe('REGISTERED');
  });

  it('replays: the same choice twice is processed once, and a later other choice changes nothing', async () => {
    const link = await createOrder();
    await decide(link, 'APPROVE').expect(303);
    await decide(link, 'APPROVE').expect(303);
    await decide(link, 'DECLINE').expect(303);
    expect(await stateOf(link.paymentId)).toBe('ACTIVATED');
    expect(await movesOf(link.paymentId)).toEqual([{ to_state: 'PAID' }, { to_state: 'ACTIVATED' }]);
    expect((await confirmationsOf(link.paymentId)).map((c) => c.outcome)).toEqual(['APPROVED']);
  });

  it('races: of 10 approvals and 10 declines at once exactly one decides, moving the order once', async () => {
    const link = await createOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => decide(link, i % 2 ? 'APPROVE' : 'DECLINE')));
    expect(answers.every((a) => a.status === 303)).toBe(true);
    const state = await stateOf(link.paymentId);
    expect(['ACTIVATED', 'REJECTED']).toContain(state);
    expect((await movesOf(link.paymentId)).map((m) => m.to_state)).toEqual(state === 'ACTIVATED' ? ['PAID', 'ACTIVATED'] : ['REJECTED']);
    expect(await confirmationsOf(link.paymentId)).toEqual([expect.objectContaining({ outcome: state === 'ACTIVATED' ? 'APPROVED' : 'REJECTED' })]);
  });
});

describe('online checkout through ePayco', () => {
  const t = useTestApp({ PAYMENT_GATEWAYS: 'colnomina=EPAYCO', EPAYCO_PUBLIC_KEY: 'llave-publica-123', PUBLIC_URL: 'https://tienda.example.com' });

  it('answers the ePayco gateway, serves ePayco’s checkout with the order, and refuses the sandbox’s choice for it', async () => {
    const serviceId = (await createService(t, { appName: 'colnomina' })).id;
    const reference = randomUUID();
    await t.app
      .get(MikroORM)
      .em.fork()
      .execute(
        `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
           sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
         values (?, 'colnomina', ?, 'REGISTERED', 'EN_LINEA', '{}', '{}', 'compras@example.com', 100000, 0, 19000, 0, 0, 0, 119000, now(), now())`,
        [reference, serviceId],
      );
    const session = t.app
      .get(PaymentCheckoutService)
      .session({ referenceUuid: reference, appName: 'colnomina', documentType: 'CC', documentNumber: '1020304050' });
    expect(session).toEqual(expect.objectContaining({ paymentGateway: 'EPAYCO', checkoutUrl: CHECKOUT }));
    const link = { paymentId: reference, signToken: session.token, docType: 'CC', docNumber: '1020304050' };
    const page = await t.api.get(`${CHECKOUT}?${new URLSearchParams(link).toString()}`).expect(200);
    expect(page.text).toContain('src="https://checkout.epayco.co/checkout.js"');
    expect(page.text).toContain('data-epayco-key="llave-publica-123"');
    expect(page.text).toContain('data-epayco-amount="119000.00"');
    expect(page.text).toContain(`data-epayco-invoice="${reference}"`);
    expect(page.text).toContain('data-epayco-confirmation="https://tienda.example.com/api/v1/payments/epayco/confirmation"');
    expect(page.text).toContain(`data-epayco-response="https://tienda.example.com/registerPurchaseOrder/statusOrder/${reference}"`);
    expect(page.headers['content-security-policy']).toContain('https://checkout.epayco.co');
    // The sandbox's choice is no payment for a brand that pays through ePayco.
    await t.api
      .post(DECISION)
      .type('form')
      .send({ ...link, decision: 'APPROVE' })
      .expect(403);
    const [row] = await t.app.get(MikroORM).em.fork().execute<{ state: string }[]>(`select state from purchase_order where reference_uuid = ?`, [reference]);
    expect(row?.state).toBe('REGISTERED');
  });
});
