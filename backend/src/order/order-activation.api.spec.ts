import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/sql';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { ConflictError } from '../errors/errors.js';
import { LicenceService } from '../licence/licence.service.js';
import { useTestApp } from '../test-support/fixture.js';
import { createPackage, createService, createServiceFeature, type PackageRecord, unique } from '../test-support/factories.js';
import { OrderService } from './order.service.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';

type Body = Record<string, unknown>;

/**
 * Activation (issue 13 item 3): a paid order grants one licence per line through the licences
 * module, in the transaction that marks it paid, and ends ACTIVATED; a free plan at registration;
 * exactly once under concurrent payments.
 */
describe('order activation', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let serviceId: number;
  let base: PackageRecord;
  let extra: PackageRecord;
  let free: PackageRecord;
  let employees: PackageRecord;
  const feature: Record<'users' | 'docs' | 'payroll' | 'employee' | 'other', number> = { users: 0, docs: 0, payroll: 0, employee: 0, other: 0 };

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  /** A new activation company (a NIT no other test uses), so each test's base plan is its first. */
  const activation = (over: Body = {}) => ({
    ...VALID_PURCHASE_CUSTOMERS.customerService,
    documentNumber: String(910000000 + (Number(unique('')) % 9999999)),
    legalName: unique('Empresa activada '),
    ...over,
  });
  const orderBody = (packages: { p: PackageRecord; quantity?: number }[], over: Body = {}): Body => ({
    ...structuredClone(VALID_PURCHASE_CUSTOMERS),
    customerService: activation(),
    packagesToPurchase: packages.map(({ p, quantity }) => ({ packageId: p.id, packageCode: p.packageCode, packageQuantity: quantity ?? 1 })),
    promotionCodeUse: null,
    paymentMethod: 'EN_LINEA',
    appName,
    ...over,
  });
  const register = async (body: Body) => (await t.api.post(REGISTER).send(body).expect(200)).body.result.records as { referenceUuid: string; state: string };
  const orderOf = async (reference: string) =>
    (await sql<{ id: number; state: string }>(`select id, state from purchase_order where reference_uuid = ?`, [reference]))[0] as {
      id: number;
      state: string;
    };
  const historyOf = async (reference: string) =>
    (
      await sql<{ from_state: string | null; to_state: string; changed_by: string }>(
        `select c.from_state, c.to_state, c.changed_by from purchase_order_state_change c join purchase_order o on o.id = c.purchase_order_id
          where o.reference_uuid = ? order by c.id`,
        [reference],
      )
    ).map((r) => `${r.from_state ?? '-'}>${r.to_state}`);
  /** The licences an order's lines granted, with their balances by feature (null total = unlimited). */
  const licencesOf = async (orderId: number) => {
    const rows = await sql<{
      id: number;
      customer_id: number;
      package_id: number;
      origin: string;
      origin_reference: string;
      state: string;
      expires_at: Date | null;
    }>(
      `select id, customer_id, package_id, origin, origin_reference, state, expires_at from licence where origin = 'ORDER_LINE' and origin_reference like ? order by id`,
      [`OC-${orderId}/%`],
    );
    return Promise.all(
      rows.map(async (l) => ({
        ...l,
        expires_at: l.expires_at === null ? null : new Date(l.expires_at).toISOString(),
        balances: Object.fromEntries(
          (
            await sql<{ service_feature_id: number; total: number; unlimited: boolean }>(
              `select service_feature_id, total, unlimited from licence_balance where licence_id = ? order by service_feature_id`,
              [l.id],
            )
          ).map((b) => [b.service_feature_id, b.unlimited ? null : b.total]),
        ),
        grants: Number((await sql<{ n: string }>(`select count(*) as n from licence_movement where licence_id = ? and kind = 'GRANT'`, [l.id]))[0]?.n),
      })),
    );
  };
  const activationMails = (reference: string) =>
    sql<{ to_address: string; subject: string; text: string }>(
      `select m.to_address, m.subject, m.text from mail_message m where m.template = 'activation' and m.dedupe_key = (
         select 'order-activated:' || id from purchase_order where reference_uuid = ?)`,
      [reference],
    );

  beforeAll(async () => {
    const admin = await t.signIn('SUPERADMIN');
    serviceId = (await createService(t, { appName })).id;
    feature.users = (await createServiceFeature(t, { serviceId })).id;
    feature.docs = (await createServiceFeature(t, { serviceId })).id;
    feature.payroll = (await createServiceFeature(t, { serviceId })).id;
    feature.employee = (await createServiceFeature(t, { serviceId, serviceFeatureCode: `${unique('ACTIVACION')}_EMPLEADO` })).id;
    feature.other = (await createServiceFeature(t)).id;
    const withFeatures = async (p: PackageRecord, features: { serviceFeatureId: number; quantity: number }[]) => {
      await t.api.put(`/api/v1/packages/${p.id}/features`, admin).send({ features }).expect(200);
      return p;
    };
    base = await withFeatures(
      await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19, validityPeriod: 1, validityTypeId: 'A' }),
      [
        { serviceFeatureId: feature.users, quantity: 3 },
        { serviceFeatureId: feature.docs, quantity: 1000000 },
      ],
    );
    extra = await withFeatures(
      await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packagePrice: 238000, taxIva: 19, validityPeriod: 6, validityTypeId: 'M' }),
      [{ serviceFeatureId: feature.payroll, quantity: 50 }],
    );
    free = await withFeatures(
      await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 0, taxIva: 0, validityPeriod: 15, validityTypeId: 'D' }),
      [{ serviceFeatureId: feature.users, quantity: 1 }],
    );
    employees = await withFeatures(await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 480000, taxIva: 19 }), [
      { serviceFeatureId: feature.employee, quantity: 10 },
      { serviceFeatureId: feature.users, quantity: 2 },
    ]);
    const { version } = (await t.api.get(`/api/v1/packages/${employees.id}`, admin).expect(200)).body as { version: number };
    await t.api
      .put(`/api/v1/packages/${employees.id}/price-tiers`, admin)
      .send({
        version,
        tiers: [
          { quantity: 10, price: 480000, label: null },
          { quantity: 20, price: 900000, label: null },
        ],
      })
      .expect(200);
    await sql(
      `insert into email_verification (email, app_name, verified_at) values (?, ?, now()) on conflict (email, app_name) do update set verified_at = now()`,
      [VALID_PURCHASE_CUSTOMERS.customerBilling.email, appName],
    );
  });

  afterEach(() => jest.restoreAllMocks());

  it('grants one licence per line on payment, with balances per feature times quantity and the package validity, and ends ACTIVATED', async () => {
    const body = orderBody([{ p: base }, { p: extra, quantity: 3 }], { totalPurchase: 833000 });
    const placed = await register(body);
    expect(placed.state).toBe('REGISTERED');
    const order = await orderOf(placed.referenceUuid);
    expect(await licencesOf(order.id)).toEqual([]);

    const now = new Date('2026-03-10T15:00:00Z');
    const view = await t.app.get(OrderService).transition(placed.referenceUuid, 'REGISTERED', 'PAID', 'EPAYCO', 'EPAYCO 123 (1)', now);
    expect(view.state).toBe('ACTIVATED');
    expect(await historyOf(placed.referenceUuid)).toEqual(['->REGISTERED', 'REGISTERED>PAID', 'PAID>ACTIVATED']);

    const service = body.customerService as { documentNumber: string; legalName: string };
    const [customer] = await sql<{ id: number; legal_name: string; dv: string; email: string }>(
      `select id, legal_name, dv, email from customer where document_type_id = 4 and document_number = ?`,
      [service.documentNumber],
    );
    expect(customer).toEqual(expect.objectContaining({ legal_name: service.legalName, email: 'nomina@dian.gov.co' }));
    const lines = await sql<{ id: number }>(`select id from purchase_order_line where purchase_order_id = ? order by id`, [order.id]);
    const licences = await licencesOf(order.id);
    expect(licences).toEqual([
      expect.objectContaining({
        customer_id: customer?.id,
        package_id: base.id,
        origin_reference: `OC-${order.id}/${lines[0]?.id}`,
        state: 'ACTIVE',
        // One year from the payment, to the end of that Bogotá day.
        expires_at: '2027-03-11T04:59:59.999Z',
        balances: { [feature.users]: 3, [feature.docs]: null },
        grants: 2,
      }),
      expect.objectContaining({
        package_id: extra.id,
        origin_reference: `OC-${order.id}/${lines[1]?.id}`,
        expires_at: '2026-09-11T04:59:59.999Z',
        balances: { [feature.payroll]: 150 },
        grants: 1,
      }),
    ]);
    const [mail] = await activationMails(placed.referenceUuid);
    expect(mail).toEqual(expect.objectContaining({ to_address: 'nomina@dian.gov.co', subject: 'Tu licencia de Colnómina está activa' }));
    expect(mail?.text).toContain('¡Tu licencia está activa!');
    expect(mail?.text).toMatch(/https?:\/\/\S+\/myplan/);
  });

  it("grants an employee package's employee feature the number of employees bought, its other features as sold", async () => {
    const placed = await register(orderBody([{ p: employees, quantity: 20 }], { totalPurchase: 900000 }));
    await t.app.get(OrderService).transition(placed.referenceUuid, 'REGISTERED', 'PAID', 'pruebas');
    const [licence] = await licencesOf((await orderOf(placed.referenceUuid)).id);
    expect(licence?.balances).toEqual({ [feature.employee]: 20, [feature.users]: 2 });
  });

  it('activates a free plan (SIN_PAGO) with its registration', async () => {
    const placed = await register(orderBody([{ p: free }], { paymentMethod: 'SIN_PAGO', totalPurchase: 0 }));
    expect(placed.state).toBe('ACTIVATED');
    const order = await orderOf(placed.referenceUuid);
    expect(order.state).toBe('ACTIVATED');
    expect(await historyOf(placed.referenceUuid)).toEqual(['->REGISTERED', 'REGISTERED>PAID', 'PAID>ACTIVATED']);
    const [licence] = await licencesOf(order.id);
    expect(licence).toEqual(expect.objectContaining({ package_id: free.id, state: 'ACTIVE', balances: { [feature.users]: 1 } }));
    expect(await activationMails(placed.referenceUuid)).toHaveLength(1);
  });

  it('grants in the transaction that marks the order paid: a failed grant leaves it unpaid, with no licence and no e-mail', async () => {
    const placed = await register(orderBody([{ p: base }, { p: extra }], { totalPurchase: 357000 }));
    const licences = t.app.get(LicenceService);
    const grant = licences.grant.bind(licences);
    let calls = 0;
    jest.spyOn(licences, 'grant').mockImplementation(async (input, now) => {
      calls += 1;
      if (calls === 2) throw new Error('la base de datos se cayó');
      return grant(input, now);
    });
    await expect(t.app.get(OrderService).transition(placed.referenceUuid, 'REGISTERED', 'PAID', 'pruebas')).rejects.toThrow('la base de datos se cayó');
    expect(calls).toBe(2);
    const order = await orderOf(placed.referenceUuid);
    expect(order.state).toBe('REGISTERED');
    expect(await historyOf(placed.referenceUuid)).toEqual(['->REGISTERED']);
    expect(await licencesOf(order.id)).toEqual([]);
    expect(await activationMails(placed.referenceUuid)).toEqual([]);

    // Paid again once the fault is gone: everything, once.
    jest.restoreAllMocks();
    await t.app.get(OrderService).transition(placed.referenceUuid, 'REGISTERED', 'PAID', 'pruebas');
    expect((await licencesOf(order.id)).map((l) => l.grants)).toEqual([2, 1]);
  });

  it('grants once for 20 concurrent payments of one order: one wins, the others get 409, nothing is doubled', async () => {
    const placed = await register(orderBody([{ p: base }, { p: extra, quantity: 2 }], { totalPurchase: 595000 }));
    const orders = t.app.get(OrderService);
    const moves = await Promise.allSettled(Array.from({ length: 20 }, () => orders.transition(placed.referenceUuid, 'REGISTERED', 'PAID', 'pruebas')));
    expect(moves.filter((m) => m.status === 'fulfilled')).toHaveLength(1);
    for (const m of moves.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(m.reason).toBeInstanceOf(ConflictError);
    const order = await orderOf(placed.referenceUuid);
    expect(order.state).toBe('ACTIVATED');
    const licences = await licencesOf(order.id);
    expect(licences.map((l) => [l.grants, l.balances])).toEqual([
      [2, { [feature.users]: 3, [feature.docs]: null }],
      [1, { [feature.payroll]: 100 }],
    ]);
    expect(await activationMails(placed.referenceUuid)).toHaveLength(1);
    expect(await historyOf(placed.referenceUuid)).toEqual(['->REGISTERED', 'REGISTERED>PAID', 'PAID>ACTIVATED']);
    // A replay after the fact is refused and grants nothing more.
    await expect(orders.transition(placed.referenceUuid, 'REGISTERED', 'PAID', 'pruebas')).rejects.toBeInstanceOf(ConflictError);
    expect((await licencesOf(order.id)).map((l) => l.grants)).toEqual([2, 1]);
  });

  it('creates the activation company once when two of its orders are paid at the same time', async () => {
    const service = activation();
    const first = await register(orderBody([{ p: extra }], { customerService: service, totalPurchase: 238000 }));
    const second = await register(orderBody([{ p: extra }], { customerService: service, totalPurchase: 238000 }));
    const orders = t.app.get(OrderService);
    await Promise.all([first, second].map((o) => orders.transition(o.referenceUuid, 'REGISTERED', 'PAID', 'pruebas')));
    const customers = await sql<{ id: number }>(`select id from customer where document_type_id = 4 and document_number = ?`, [service.documentNumber]);
    expect(customers).toHaveLength(1);
    const owners = [...(await licencesOf((await orderOf(first.referenceUuid)).id)), ...(await licencesOf((await orderOf(second.referenceUuid)).id))].map(
      (l) => l.customer_id,
    );
    expect(owners).toEqual([customers[0]?.id, customers[0]?.id]);
  });
});
