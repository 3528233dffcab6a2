import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createPackage, createService, createServiceFeature, createUser, type PackageRecord, unique } from '../test-support/factories.js';
import { OrderService } from './order.service.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
const STATUS = (reference: string, appName = 'colnomina') => `/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/${reference}/${appName}`;

type Body = Record<string, unknown>;

/**
 * GetStatusPurchaseOrder (issue 13 item 2, store §4): every state's result, code and message,
 * read from the order only; and RegisterPurchaseOrder's OK16 for a free plan of a company that
 * already has an active account.
 */
describe('GetStatusPurchaseOrder', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let paid: PackageRecord;
  let free: PackageRecord;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  const documentNumber = () => String(920000000 + (Number(unique('')) % 9999999));
  const orderBody = (p: PackageRecord, over: Body = {}): Body => ({
    ...structuredClone(VALID_PURCHASE_CUSTOMERS),
    customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber: documentNumber() },
    packagesToPurchase: [{ packageId: p.id, packageCode: p.packageCode, packageQuantity: 1 }],
    promotionCodeUse: null,
    paymentMethod: 'EN_LINEA',
    totalPurchase: 119000,
    appName,
    ...over,
  });
  const register = async (body: Body) => (await t.api.post(REGISTER).send(body).expect(200)).body.result.records as { referenceUuid: string; code: string };
  const status = (reference: string, count: number | null = 0, brand = appName) => {
    const req = t.api.get(STATUS(reference, brand));
    return count === null ? req : req.set('countValidatePayment', String(count));
  };
  /** The records of a 200, with the envelope's message checked against them. */
  const records = async (reference: string, count: number | null = 0) => {
    const res = await status(reference, count).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.statusMessage).toBe(res.body.result.records.resultMessage);
    return res.body.result.records as { result: boolean; code: string; resultMessage: string; resultData: { code: string; urlBaseExternalApp: string } };
  };

  beforeAll(async () => {
    const serviceId = (await createService(t, { appName })).id;
    const feature = (await createServiceFeature(t, { serviceId })).id;
    const admin = await t.signIn('SUPERADMIN');
    paid = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packagePrice: 119000, taxIva: 19 });
    free = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 0, taxIva: 0 });
    for (const p of [paid, free]) {
      await t.api
        .put(`/api/v1/packages/${p.id}/features`, admin)
        .send({ features: [{ serviceFeatureId: feature, quantity: 5 }] })
        .expect(200);
    }
    await sql(
      `insert into email_verification (email, app_name, verified_at) values (?, ?, now()) on conflict (email, app_name) do update set verified_at = now()`,
      [VALID_PURCHASE_CUSTOMERS.customerBilling.email, appName],
    );
  });

  it('answers WR12 while an online payment is pending, then OK14 once it is approved, with the app URL', async () => {
    const { referenceUuid } = await register(orderBody(paid));
    expect(await records(referenceUuid)).toEqual({
      result: false,
      code: 'WR12',
      resultMessage: 'Tu pago está pendiente de confirmación. Te avisaremos a tu correo electrónico cuando se apruebe.',
      resultData: { code: 'WR12', urlBaseExternalApp: expect.stringMatching(/^https?:\/\/colnomina\.[^/]+\/myplan$/) },
    });
    // The page's later polls (1 to 6) and a page without polling (-1) read the same.
    expect((await records(referenceUuid, 6)).code).toBe('WR12');
    expect((await records(referenceUuid, -1)).code).toBe('WR12');
    expect((await records(referenceUuid, null)).code).toBe('WR12');

    await t.app.get(OrderService).transition(referenceUuid, 'REGISTERED', 'PAID', 'EPAYCO');
    expect(await records(referenceUuid)).toEqual(
      expect.objectContaining({ result: true, code: 'OK14', resultMessage: 'Tu pago fue aprobado y tu licencia está activa.' }),
    );
  });

  it('answers OK15 for an activated free plan', async () => {
    const { referenceUuid, code } = await register(orderBody(free, { paymentMethod: 'SIN_PAGO', totalPurchase: 0 }));
    expect(code).toBe('OK01');
    expect(await records(referenceUuid)).toEqual(expect.objectContaining({ result: true, code: 'OK15', resultMessage: 'Tu licencia fue activada.' }));
  });

  it('answers WR12 for a cash order awaiting its proof, ER20 when rejected and ER21 when cancelled', async () => {
    const cash = await register(orderBody(paid, { paymentMethod: 'EFECTIVO' }));
    expect(await records(cash.referenceUuid)).toEqual(
      expect.objectContaining({ result: false, code: 'WR12', resultMessage: 'Tu orden está a la espera del comprobante de pago y de su aprobación.' }),
    );
    await t.app.get(OrderService).transition(cash.referenceUuid, 'AWAITING_CASH_PROOF', 'REJECTED', 'financiero', 'Comprobante ilegible');
    expect(await records(cash.referenceUuid)).toEqual(
      expect.objectContaining({ result: false, code: 'ER20', resultMessage: 'Tu pago fue rechazado. Puedes volver a la tienda e intentarlo de nuevo.' }),
    );
    const online = await register(orderBody(paid));
    await t.app.get(OrderService).transition(online.referenceUuid, 'REGISTERED', 'CANCELLED', 'pruebas');
    expect(await records(online.referenceUuid)).toEqual(
      expect.objectContaining({ result: false, code: 'ER21', resultMessage: 'La orden de compra fue anulada.' }),
    );
  });

  it("answers 404 for an unknown reference or another brand's order, 400 for a malformed reference or count", async () => {
    const { referenceUuid } = await register(orderBody(paid));
    expect((await status(randomUUID()).expect(404)).body.statusMessage).toBe('La orden de compra no existe');
    expect((await status(referenceUuid, 0, 'firmaya').expect(404)).body.statusMessage).toBe('La orden de compra no existe');
    expect((await status('no-es-un-uuid').expect(400)).body.statusDetails).toEqual([expect.objectContaining({ field: 'path.referenceUuid' })]);
    for (const count of [7, -2]) {
      expect((await status(referenceUuid, count).expect(400)).body.statusDetails).toEqual([expect.objectContaining({ field: 'header.countValidatePayment' })]);
    }
  });

  it('answers OK16 to a free plan with the activation check when the company already has an active account, OK01 otherwise', async () => {
    const number = documentNumber();
    const company = await createCustomer(t, { documentNumber: number });
    const body = (over: Body) => orderBody(free, { paymentMethod: 'SIN_PAGO', totalPurchase: 0, checkUserActivation: true, ...over });
    // No user yet: activated, and the store goes on to the status page.
    const first = await register(body({ customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber: documentNumber() } }));
    expect(first.code).toBe('OK01');

    await createUser(t, { role: 'CUSTOMER', customerId: company.id, enabled: false });
    const disabled = await register(body({ customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber: number } }));
    expect(disabled.code).toBe('OK01');

    const other = documentNumber();
    const withUser = await createCustomer(t, { documentNumber: other });
    await createUser(t, { role: 'CUSTOMER', customerId: withUser.id });
    const res = await t.api
      .post(REGISTER)
      .send(body({ customerService: { ...VALID_PURCHASE_CUSTOMERS.customerService, documentNumber: other } }))
      .expect(200);
    expect(res.body.statusMessage).toBe('¡Ya tienes una cuenta activa!');
    expect(res.body.result.records).toEqual(expect.objectContaining({ code: 'OK16', state: 'ACTIVATED' }));
    // Activated all the same: the licence is granted.
    const [licences] = await sql<{ n: string }>(`select count(*) as n from licence where customer_id = ?`, [withUser.id]);
    expect(Number(licences?.n)).toBe(1);
  });
});
