import { MikroORM } from '@mikro-orm/sql';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { OrderService } from '../order/order.service.js';
import { useTestApp } from '../test-support/fixture.js';
import { createPackage, createService, createServiceFeature, type PackageRecord, unique } from '../test-support/factories.js';

const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
const INVALID = '¡El enlace no es válido o ya fue usado!';

/**
 * The way in for a company the store activates (issue 13 "Done when"): its first activation
 * creates a CUSTOMER user (user name = the activation e-mail) and mails a one-time 'Crea tu
 * contraseña' link; the password set with it signs in.
 */
describe('customer access on activation', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let free: PackageRecord;
  let base: PackageRecord;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  /** A new company (document and e-mail no other test uses). */
  const company = () => ({
    ...VALID_PURCHASE_CUSTOMERS.customerService,
    documentNumber: String(920000000 + (Number(unique('')) % 9999999)),
    legalName: unique('Empresa con acceso '),
    email: `${unique('compras')}@empresa.com.co`.toLowerCase(),
  });
  const order = (customerService: Record<string, unknown>, p: PackageRecord, over: Record<string, unknown> = {}) => ({
    ...structuredClone(VALID_PURCHASE_CUSTOMERS),
    customerService,
    packagesToPurchase: [{ packageId: p.id, packageCode: p.packageCode, packageQuantity: 1 }],
    promotionCodeUse: null,
    appName,
    ...over,
  });
  const freePlan = async (customerService: Record<string, unknown>) =>
    t.api
      .post(REGISTER)
      .send(order(customerService, free, { paymentMethod: 'SIN_PAGO', totalPurchase: 0 }))
      .expect(200);
  const usersOf = (documentNumber: string) =>
    sql<{ username: string; role_code: string; enabled: boolean; apps: string[] }>(
      `select u.username, u.role_code, u.enabled, u.apps from app_user u join customer c on c.id = u.customer_id where c.document_number = ?`,
      [documentNumber],
    );
  /** The tokens of the 'Crea tu contraseña' links mailed to `email`. */
  const linkTokens = async (email: string): Promise<string[]> => {
    const mails = await sql<{ text: string }>(`select text from mail_message where to_address = ? and template = 'activation' order by id`, [email]);
    return mails.flatMap((m) => [...(/\/crear-contrasena#([A-Za-z0-9_-]+)/.exec(m.text)?.slice(1, 2) ?? [])]);
  };
  const authenticate = (UserName: string, Password: string) => t.api.post('/api/Login/Authenticate').send({ UserName, Password, Appname: 'colnomina' });

  beforeAll(async () => {
    const admin = await t.signIn('SUPERADMIN');
    const serviceId = (await createService(t, { appName })).id;
    const users = (await createServiceFeature(t, { serviceId })).id;
    free = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 0, taxIva: 0, validityPeriod: 15, validityTypeId: 'D' });
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packagePrice: 119000, taxIva: 19, validityPeriod: 1, validityTypeId: 'A' });
    for (const p of [free, base])
      await t.api
        .put(`/api/v1/packages/${p.id}/features`, admin)
        .send({ features: [{ serviceFeatureId: users, quantity: 1 }] })
        .expect(200);
    await sql(
      `insert into email_verification (email, app_name, verified_at) values (?, ?, now()) on conflict (email, app_name) do update set verified_at = now()`,
      [VALID_PURCHASE_CUSTOMERS.customerBilling.email, appName],
    );
  });

  it('creates the user and one link on the first activation; the password is set once and signs in', async () => {
    const buyer = company();
    await freePlan(buyer);
    expect(await usersOf(buyer.documentNumber)).toEqual([{ username: buyer.email, role_code: 'CUSTOMER', enabled: true, apps: ['STORE'] }]);
    const [token, ...more] = await linkTokens(buyer.email);
    expect(more).toEqual([]);
    const [mail] = await sql<{ text: string }>(`select text from mail_message where to_address = ? and template = 'activation'`, [buyer.email]);
    expect(mail?.text).toContain('Crea tu contraseña');
    expect(mail?.text).toContain('El enlace vence en 72 horas y se puede usar una sola vez.');
    // No password yet: nothing signs in.
    await authenticate(buyer.email, 'x').expect(401);

    expect((await t.api.post('/api/v1/password-links/state').send({ token }).expect(200)).body).toEqual({ userName: buyer.email });
    const short = await t.api.post('/api/v1/password-links/password').send({ token, password: 'corta' }).expect(422);
    expect(short.body.statusMessage).toBe('La contraseña debe tener al menos 8 caracteres.');
    const created = await t.api.post('/api/v1/password-links/password').send({ token, password: 'Nomina-2026' }).expect(200);
    expect(created.body).toEqual({ statusMessage: '¡Tu contraseña fue creada!', userName: buyer.email });
    const signedIn = await authenticate(buyer.email, 'Nomina-2026').expect(200);
    expect(signedIn.body.result.token).toEqual(expect.any(String));

    // Used: neither read nor set again.
    expect((await t.api.post('/api/v1/password-links/state').send({ token }).expect(422)).body.statusMessage).toBe(INVALID);
    expect((await t.api.post('/api/v1/password-links/password').send({ token, password: 'Otra-clave-1' }).expect(422)).body.statusMessage).toBe(INVALID);
    await authenticate(buyer.email, 'Otra-clave-1').expect(401);
  });

  it('refuses an unknown or expired link with the same text', async () => {
    expect((await t.api.post('/api/v1/password-links/state').send({ token: 'no-existe' }).expect(422)).body.statusMessage).toBe(INVALID);
    const buyer = company();
    await freePlan(buyer);
    const [token] = await linkTokens(buyer.email);
    await sql(`update password_link set expires_at = now() - interval '1 second' where user_id = (select id from app_user where username = ?)`, [buyer.email]);
    expect((await t.api.post('/api/v1/password-links/state').send({ token }).expect(422)).body.statusMessage).toBe(INVALID);
    expect((await t.api.post('/api/v1/password-links/password').send({ token, password: 'Nomina-2026' }).expect(422)).body.statusMessage).toBe(INVALID);
  });

  it('creates no user for a company that already has one (a second activation mails no link)', async () => {
    const buyer = company();
    await freePlan(buyer);
    // The same company with another e-mail: still no second user.
    const placed = await t.api
      .post(REGISTER)
      .send(order({ ...buyer, email: `otro.${buyer.email}` }, base, { paymentMethod: 'EN_LINEA', totalPurchase: 119000 }))
      .expect(200);
    await t.app.get(OrderService).transition(placed.body.result.records.referenceUuid as string, 'REGISTERED', 'PAID', 'pruebas');
    expect(await usersOf(buyer.documentNumber)).toHaveLength(1);
    expect(await sql(`select 1 from mail_message where to_address = ? and template = 'activation'`, [`otro.${buyer.email}`])).toHaveLength(1);
    expect([...(await linkTokens(buyer.email)), ...(await linkTokens(`otro.${buyer.email}`))]).toHaveLength(1);
  });

  it('creates one user and one link for two concurrent activations of a new company', async () => {
    const buyer = company();
    const references: string[] = [];
    // Each order with its own e-mail: the company's lock, not the user name, decides.
    for (let i = 0; i < 2; i++) {
      const placed = await t.api
        .post(REGISTER)
        .send(order({ ...buyer, email: `${i}.${buyer.email}` }, base, { paymentMethod: 'EN_LINEA', totalPurchase: 119000 }))
        .expect(200);
      references.push(placed.body.result.records.referenceUuid as string);
    }
    const orders = t.app.get(OrderService);
    await Promise.all(references.map((reference) => orders.transition(reference, 'REGISTERED', 'PAID', 'pruebas')));
    expect(await usersOf(buyer.documentNumber)).toHaveLength(1);
    expect([...(await linkTokens(`0.${buyer.email}`)), ...(await linkTokens(`1.${buyer.email}`))]).toHaveLength(1);
    expect(
      await sql(`select 1 from password_link l join app_user u on u.id = l.user_id join customer c on c.id = u.customer_id where c.document_number = ?`, [
        buyer.documentNumber,
      ]),
    ).toHaveLength(1);
  });
});
