import { MikroORM } from '@mikro-orm/sql';
import { bogotaDay } from '@licencias/common/dates';
import { PURCHASE_ORDER_CASES, VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { useTestApp } from '../test-support/fixture.js';
import { eventually } from '../test-support/outbox.js';
import {
  createCustomer,
  createLicence,
  createPackage,
  createPromoCode,
  createService,
  createServiceFeature,
  type PackageRecord,
  unique,
} from '../test-support/factories.js';
import { OrderService } from './order.service.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
const DAY = 86_400_000;

type Body = Record<string, unknown>;

/**
 * RegisterPurchaseOrder (issue 12 item 6, store §3, §4, §8): the server's figures, every refusal
 * with its message, the promotion quota and the Idempotency-Key decided by PostgreSQL, ER16 and
 * ER17 in result.responseData, and the state transitions the payments issue calls.
 */
describe('RegisterPurchaseOrder', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let serviceId: number;
  let base: PackageRecord;
  let extra: PackageRecord;
  let free: PackageRecord;
  let featureId: number;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  const verify = (email: string, brand = appName) =>
    sql(`insert into email_verification (email, app_name, verified_at) values (?, ?, now()) on conflict (email, app_name) do update set verified_at = now()`, [
      email.toLowerCase(),
      brand,
    ]);
  const orderBody = (over: Body = {}, packages: { p: PackageRecord; quantity?: number }[] = [{ p: base }, { p: extra }]): Body => ({
    ...structuredClone(VALID_PURCHASE_CUSTOMERS),
    packagesToPurchase: packages.map(({ p, quantity }) => ({ packageId: p.id, packageCode: p.packageCode, packageQuantity: quantity ?? 1 })),
    promotionCodeUse: null,
    totalPurchase: 357000,
    paymentMethod: 'EFECTIVO',
    appName,
    ...over,
  });
  const register = (body: Body, key?: string) => {
    const req = t.api.post(REGISTER).send(body);
    return key ? req.set('Idempotency-Key', key) : req;
  };
  const orderCount = async () => Number((await sql<{ n: string }>(`select count(*) as n from purchase_order`))[0]?.n);
  const placedMails = async (email = VALID_PURCHASE_CUSTOMERS.customerBilling.email) =>
    Number(
      (await sql<{ n: string }>(`select count(*) as n from mail_message where template = 'order-placed' and to_address = ?`, [email.toLowerCase()]))[0]?.n,
    );

  beforeAll(async () => {
    serviceId = (await createService(t, { appName })).id;
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19 });
    extra = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packagePrice: 238000, taxIva: 19 });
    free = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 0, taxIva: 0 });
    featureId = (await createServiceFeature(t, { serviceId })).id;
    await verify(VALID_PURCHASE_CUSTOMERS.customerBilling.email);
  });

  it('registers a cash order with the figures the server computed, awaiting the cash proof', async () => {
    const res = await register(orderBody()).expect(200);
    const records = res.body.result.records;
    expect(res.body.statusMessage).toBe('Se ha enviado la orden de pedido a tu correo electrónico');
    expect(records).toEqual(
      expect.objectContaining({ code: 'OK01', state: 'AWAITING_CASH_PROOF', paymentMethod: 'EFECTIVO', documentType: 'NIT', documentNumber: '800197268' }),
    );
    const pay = records.paymentRequest;
    expect(pay).toEqual(
      expect.objectContaining({
        subTotal: 300000,
        totalDiscount: 0,
        taxIva: 57000,
        redirectionUrl: `/registerPurchaseOrder/statusOrder/${records.referenceUuid}`,
      }),
    );
    expect(pay.productsList).toEqual([
      { reference: base.packageCode, quantity: 1, unitPrice: 100000 },
      { reference: extra.packageCode, quantity: 1, unitPrice: 200000 },
    ]);
    expect(pay.total).toBeCloseTo(357000 - pay.taxReteFuente - pay.taxReteIva - pay.taxReteIca, 2);
    const [order] = await sql(`select * from purchase_order where reference_uuid = ?`, [records.referenceUuid]);
    expect(order).toEqual(
      expect.objectContaining({ state: 'AWAITING_CASH_PROOF', sub_total: '300000.00', tax_iva: '57000.00', buyer_email: 'compras@dian.gov.co' }),
    );
    const lines = await sql(`select package_id, quantity, total, iva_value from purchase_order_line where purchase_order_id = ? order by id`, [order?.id]);
    expect(lines).toEqual([
      { package_id: base.id, quantity: 1, total: '119000.00', iva_value: '19000.00' },
      { package_id: extra.id, quantity: 1, total: '238000.00', iva_value: '38000.00' },
    ]);
    const history = await sql(`select from_state, to_state from purchase_order_state_change where purchase_order_id = ?`, [order?.id]);
    expect(history).toEqual([{ from_state: null, to_state: 'AWAITING_CASH_PROOF' }]);
  });

  it("mails the buyer the order, and withholds as the billing company's tax profile says", async () => {
    const admin = await t.signIn('SUPERADMIN');
    const email = 'tesoreria@granempresa.com.co';
    await verify(email);
    const documentNumber = '860000123';
    const company = await createCustomer(t, { documentNumber });
    await sql(`update customer set large_taxpayer = true where id = ?`, [company.id]);
    const billing = { ...VALID_PURCHASE_CUSTOMERS.customerBilling, documentNumber, email };
    const res = await register(orderBody({ customerBilling: billing, paymentMethod: 'EN_LINEA' })).expect(200);
    const pay = res.body.result.records.paymentRequest;
    // A large taxpayer withholds 15 % of the IVA (reteIVA).
    expect(pay.taxReteIva).toBe(8550);
    expect(pay.total).toBeCloseTo(357000 - pay.taxReteFuente - pay.taxReteIva - pay.taxReteIca, 2);

    const filter = encodeURIComponent(JSON.stringify({ to: email, template: 'order-placed' }));
    const [mail] = (await t.api.get(`/api/v1/mail-messages?filter=${filter}`, admin).expect(200)).body as { id: number; subject: string }[];
    expect(mail?.subject).toBe(`Recibimos tu orden de compra ${pay.fullReference}`);
    const detail = (await t.api.get(`/api/v1/mail-messages/${mail?.id}`, admin).expect(200)).body as { links: string[] };
    expect(detail.links.some((l) => l.endsWith(`/summaryorder/${res.body.result.records.referenceUuid}`))).toBe(true);

    // With an Idempotency-Key the e-mail is written by the order's own statement: queued once, and delivered.
    const key = 'b2c1f6e0-5a7d-4d52-9f3e-' + String(Date.now()).padStart(12, '0').slice(-12);
    const cash = await register(orderBody({ customerBilling: billing, paymentMethod: 'EFECTIVO' }), key).expect(200);
    const reference = cash.body.result.records.paymentRequest.fullReference as string;
    await register(orderBody({ customerBilling: billing, paymentMethod: 'EFECTIVO' }), key).expect(200);
    const queued = () =>
      sql(
        `select m.state, m.dedupe_key, d.state as delivery from mail_message m
           join outbox_event e on e.type = 'mail.send' and e.dedupe_key = 'mail:' || m.id
           join outbox_delivery d on d.event_id = e.id
          where m.subject = ?`,
        [`Recibimos tu orden de compra ${reference}`],
      );
    await eventually('the order e-mail delivered', async () => (await queued())[0]?.delivery === 'DONE', 30_000);
    const [placed] = (await sql('select id from purchase_order where reference_uuid = ?', [cash.body.result.records.referenceUuid])) as { id: number }[];
    expect(await queued()).toEqual([{ state: 'SENT', dedupe_key: `order-placed:${placed.id}`, delivery: 'DONE' }]);
  });

  it('refuses a browser total that differs from the server computed total, and registers nothing', async () => {
    const before = await orderCount();
    const res = await register(orderBody({ totalPurchase: 350000 })).expect(422);
    expect(res.body.statusMessage).toBe('El total de la compra cambió: el valor a pagar es $357.000. Revisa tu carrito y vuelve a intentarlo.');
    expect(await orderCount()).toBe(before);
    const cents = await register(orderBody({ totalPurchase: 357000.001 })).expect(400);
    expect(cents.body.statusDetails).toEqual([{ field: 'body.totalPurchase', description: 'debe tener a lo sumo 2 decimales' }]);
  });

  it('refuses an unverified buyer e-mail, cash for bemyself and a package the brand does not sell', async () => {
    const unverified = orderBody({ customerBilling: { ...VALID_PURCHASE_CUSTOMERS.customerBilling, email: 'sinverificar@dian.gov.co' } });
    expect((await register(unverified).expect(422)).body.statusMessage).toBe('Debes verificar tu correo electrónico antes de registrar la compra.');
    await verify(VALID_PURCHASE_CUSTOMERS.customerBilling.email, 'bemyself');
    expect((await register(orderBody({ appName: 'bemyself' })).expect(422)).body.statusMessage).toBe('El pago en efectivo no está disponible para esta marca.');
    const other = await createPackage(t);
    const res = await register(orderBody({}, [{ p: base }, { p: other }])).expect(422);
    expect(res.body.statusMessage).toBe(`El paquete ${other.packageCode} no está disponible.`);
  });

  it('routes by payment method: no payment only for a free cart, a free cart only without payment', async () => {
    expect((await register(orderBody({ paymentMethod: 'SIN_PAGO' })).expect(422)).body.statusMessage).toBe(
      'La compra tiene valor a pagar: elige un medio de pago.',
    );
    const freeBody = (method: string) => orderBody({ paymentMethod: method, totalPurchase: 0 }, [{ p: free }]);
    expect((await register(freeBody('EN_LINEA')).expect(422)).body.statusMessage).toBe('La compra no tiene valor a pagar: usa la opción Activar.');
    const ok = await register(freeBody('SIN_PAGO')).expect(200);
    // A free plan is activated with its registration (order-activation.api.spec.ts).
    expect(ok.body.result.records).toEqual(expect.objectContaining({ state: 'ACTIVATED', paymentMethod: 'SIN_PAGO' }));
    expect(ok.body.result.records.paymentRequest.total).toBe(0);
    const online = await register(orderBody({ paymentMethod: 'EN_LINEA' })).expect(200);
    expect(online.body).toEqual(expect.objectContaining({ statusMessage: 'Orden de compra registrada.' }));
    expect(online.body.result.records.state).toBe('REGISTERED');
  });

  it('refuses each broken field of the form with the shared rule set (purchase-form.cases)', async () => {
    const brandOf = (c: (typeof PURCHASE_ORDER_CASES)[number]) =>
      c.documentTypes?.N.includes(6) ? 'bemyself' : c.documentTypes?.R.length === 1 ? 'firmaya' : appName;
    for (const brand of ['bemyself', 'firmaya']) await verify(VALID_PURCHASE_CUSTOMERS.customerBilling.email, brand);
    for (const c of PURCHASE_ORDER_CASES) {
      const body = orderBody({ appName: brandOf(c), paymentMethod: 'EN_LINEA' });
      for (const [key, change] of Object.entries(c.change)) body[key] = change === null ? null : { ...(body[key] as Body), ...change };
      const res = await register(body);
      const details = (res.body.statusDetails ?? []) as { field?: string; description: string }[];
      const formProblems = Object.fromEntries(
        details.filter((d) => d.field?.startsWith('body.customer')).map((d) => [(d.field as string).slice('body.'.length), d.description]),
      );
      if (body.customerBilling === null || body.customerService === null) {
        // A missing customer is a shape the contract refuses first.
        expect(res.status).toBe(400);
        continue;
      }
      expect({ name: c.name, problems: formProblems }).toEqual({ name: c.name, problems: c.problems });
      if (Object.keys(c.problems).length) expect(res.status).toBe(422);
    }
  });

  it('gives a code of quota 10 to exactly 10 of 200 concurrent orders', async () => {
    const code = await createPromoCode(t, { applyTotalPurchase: true, useQuantity: 10, offerTypeCode: 'PTJ', offerValue: 10 });
    // 10 % off 357.000: 321.300.
    const body = orderBody({ promotionCodeUse: code.promotionCode, paymentMethod: 'EN_LINEA', totalPurchase: 321300 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => register(body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(190);
    for (const refused of answers.filter((a) => a.status === 422)) {
      expect(refused.body.statusMessage).toBe('El código promocional ya no tiene usos disponibles.');
    }
    const [row] = await sql<{ orders: string; used: number }>(
      `select (select count(*) from purchase_order where promotional_code_id = ?) as orders, (select used from promotion_code_use where promotional_code_id = ?) as used`,
      [code.id, code.id],
    );
    expect(row).toEqual({ orders: '10', used: 10 });
  }, 120_000);

  it('registers one order for a double click or a retry with the same Idempotency-Key, and answers the same', async () => {
    const key = unique('clave-doble-');
    const body = orderBody({ paymentMethod: 'EN_LINEA' });
    const before = await orderCount();
    const mailsBefore = await placedMails();
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const uuids = new Set(answers.map((a) => a.body.result.records.referenceUuid));
    expect(uuids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    const retry = await register(body, key).expect(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.result.records).toEqual(answers[0]?.body.result.records);
    expect(await orderCount()).toBe(before + 1);
    const other = await register(orderBody({ paymentMethod: 'EFECTIVO' }), key).expect(422);
    expect(other.body.statusMessage).toBe('Esta clave ya se usó para otra orden de compra.');
    // The buyer is mailed once: a submission that replays queues no e-mail of its own (each took an order id ahead).
    expect(await placedMails()).toBe(mailsBefore + 1);
    const [orphans] = await sql<{ n: string }>(
      `select count(*) as n from mail_message m where m.template = 'order-placed'
          and not exists (select 1 from purchase_order o where 'order-placed:' || o.id = m.dedupe_key)`,
    );
    expect(orphans?.n).toBe('0');

    // Kept 24 hours: at 23 h the key still replays, at 25 h it is purged (the order stays) and new again.
    const service = t.app.get(OrderService);
    await service.purgeIdempotencyKeys(new Date(Date.now() + 23 * 3_600_000));
    await register(body, key).expect(200).expect('Idempotent-Replayed', 'true');
    expect(await service.purgeIdempotencyKeys(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const fresh = await register(body, key).expect(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.body.result.records.referenceUuid).not.toBe(retry.body.result.records.referenceUuid);
    expect(await orderCount()).toBe(before + 2);
  }, 60_000);

  it('answers ER16 with MinDateToRenewLicense for a second base plan, and ER17 while a licence awaits activation', async () => {
    const documentNumber = '901234567';
    const customer = await createCustomer(t, { documentNumber });
    const expiresAt = new Date(Date.now() + 200 * DAY);
    await createLicence(t, { customerId: customer.id, serviceId, packageId: base.id, features: [{ serviceFeatureId: featureId, quantity: 10 }], expiresAt });
    const activation = { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber };
    const res = await register(orderBody({ customerService: activation })).expect(422);
    const minDate = bogotaDay(new Date(expiresAt.getTime() - 30 * DAY));
    expect(res.body.result).toEqual({ responseData: JSON.stringify({ Code: 'ER16', MinDateToRenewLicense: minDate }) });
    const [y, m, d] = minDate.split('-');
    expect(res.body.statusMessage).toBe(`Ya tienes un plan base activo de este producto. Podrás renovarlo a partir del ${d}/${m}/${y}.`);
    // Complementary packages only: no second base plan.
    await register(orderBody({ customerService: activation, totalPurchase: 238000 }, [{ p: extra }])).expect(200);

    const pendingNumber = '901234568';
    const pendingCustomer = await createCustomer(t, { documentNumber: pendingNumber });
    await createLicence(t, {
      customerId: pendingCustomer.id,
      serviceId,
      packageId: base.id,
      features: [{ serviceFeatureId: featureId, quantity: 10 }],
      state: 'PENDING',
    });
    const pending = await register(orderBody({ customerService: { ...activation, documentNumber: pendingNumber } })).expect(422);
    expect(pending.body.result).toEqual({ responseData: JSON.stringify({ Code: 'ER17', MinDateToRenewLicense: null }) });
    expect(pending.body.statusMessage).toBe('Tienes una licencia pendiente por activar. Actívala antes de comprar otro plan.');
  });

  it("counts a signed-in customer's previous use of a code", async () => {
    const token = await t.signIn('CUSTOMER');
    const code = await createPromoCode(t, { applyTotalPurchase: true, useQuantity: 5, offerTypeCode: 'PTJ', offerValue: 10 });
    const body = orderBody({ promotionCodeUse: code.promotionCode, paymentMethod: 'EN_LINEA', totalPurchase: 321300 });
    await t.api.post(REGISTER, token).send(body).expect(200);
    const cart = { promoCode: code.promotionCode, appName, PackagesInCart: [{ packageId: base.id, quantity: 1 }] };
    const again = await t.api.post('/license/api/PurchaseOrderLicense/ValidatePromotionCode', token).send(cart).expect(400);
    expect(again.body.statusDetails).toEqual([{ field: 'body.promoCode', code: 'PROMO_ALREADY_USED', description: 'Ya usaste este código promocional.' }]);
    const second = await t.api.post(REGISTER, token).send(body).expect(422);
    expect(second.body.statusMessage).toBe('Ya usaste este código promocional.');
    // Other buyers still may.
    await t.api.post('/license/api/PurchaseOrderLicense/ValidatePromotionCode').send(cart).expect(200);

    // Five concurrent orders of one customer with one code: the database lets one through.
    const other = await createPromoCode(t, { applyTotalPurchase: true, useQuantity: 50, offerTypeCode: 'PTJ', offerValue: 10 });
    const racing = await Promise.all(Array.from({ length: 5 }, () => t.api.post(REGISTER, token).send({ ...body, promotionCodeUse: other.promotionCode })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const r of racing.filter((x) => x.status === 422)) expect(r.body.statusMessage).toBe('Ya usaste este código promocional.');
    const [use] = await sql<{ used: number }>(`select used from promotion_code_use where promotional_code_id = ?`, [other.id]);
    expect(use?.used).toBe(1);
  });

  it('prices an employee package at the tier of the chosen number of employees, not multiplied', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const employees = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 480000, taxIva: 19 });
    const feature = await createServiceFeature(t, { serviceId, serviceFeatureCode: `${unique('ORDENES')}_EMPLEADO` });
    await t.api
      .put(`/api/v1/packages/${employees.id}/features`, admin)
      .send({ features: [{ serviceFeatureId: feature.id, quantity: 10 }] })
      .expect(200);
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
    const res = await register(orderBody({ paymentMethod: 'EN_LINEA', totalPurchase: 900000 }, [{ p: employees, quantity: 20 }])).expect(200);
    expect(res.body.result.records.paymentRequest.productsList).toEqual([{ reference: employees.packageCode, quantity: 20, unitPrice: 756302.52 }]);
    const refused = await register(orderBody({ paymentMethod: 'EN_LINEA', totalPurchase: 900000 }, [{ p: employees, quantity: 7 }])).expect(422);
    expect(refused.body.statusMessage).toBe(`No es posible calcular el precio del paquete ${employees.packageCode} para esa cantidad.`);
  });

  it('lets a base plan inside its renewal window be bought again', async () => {
    const documentNumber = '901234569';
    const customer = await createCustomer(t, { documentNumber });
    await createLicence(t, {
      customerId: customer.id,
      serviceId,
      packageId: base.id,
      features: [{ serviceFeatureId: featureId, quantity: 10 }],
      expiresAt: new Date(Date.now() + 10 * DAY),
    });
    await register(orderBody({ customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber } })).expect(200);
  });

  it('moves an order only from the state it is in (one of two concurrent moves wins) and gives a rejected order its code use back', async () => {
    const code = await createPromoCode(t, { applyTotalPurchase: true, useQuantity: 1, offerTypeCode: 'PTJ', offerValue: 10 });
    const placed = await register(orderBody({ promotionCodeUse: code.promotionCode, totalPurchase: 321300 })).expect(200);
    const reference = placed.body.result.records.referenceUuid as string;
    const orders = t.app.get(OrderService);
    const moves = await Promise.allSettled([
      orders.transition(reference, 'AWAITING_CASH_PROOF', 'PAID', 'pruebas'),
      orders.transition(reference, 'AWAITING_CASH_PROOF', 'REJECTED', 'pruebas', 'Comprobante ilegible'),
    ]);
    expect(moves.filter((m) => m.status === 'fulfilled')).toHaveLength(1);
    const winner = (moves.find((m) => m.status === 'fulfilled') as PromiseFulfilledResult<{ state: string }>).value.state;
    const [use] = await sql<{ used: number }>(`select used from promotion_code_use where promotional_code_id = ?`, [code.id]);
    expect(winner).toMatch(/^(REJECTED|ACTIVATED)$/);
    expect(use?.used).toBe(winner === 'REJECTED' ? 0 : 1);
    await expect(orders.transition(reference, 'REGISTERED', 'ACTIVATED', 'pruebas')).rejects.toThrow('La orden no puede pasar de REGISTERED a ACTIVATED.');
    const history = await sql(
      `select to_state from purchase_order_state_change c join purchase_order o on o.id = c.purchase_order_id where o.reference_uuid = ? order by c.id`,
      [reference],
    );
    // A paid order is activated in the same transaction.
    expect(history.map((h) => h.to_state)).toEqual(winner === 'REJECTED' ? ['AWAITING_CASH_PROOF', 'REJECTED'] : ['AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED']);
  });
});
