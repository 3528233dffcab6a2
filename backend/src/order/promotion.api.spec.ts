import { MikroORM } from '@mikro-orm/sql';
import { addBogotaMonths } from '@licencias/common/dates';
import { useTestApp } from '../test-support/fixture.js';
import {
  createCustomer,
  createPackage,
  createPromoCode,
  createService,
  createServiceFeature,
  createUser,
  type PackageRecord,
  unique,
} from '../test-support/factories.js';

const VALIDATE = '/license/api/PurchaseOrderLicense/ValidatePromotionCode';
const WARNING = 'No se puede aplicar el código promocional al paquete seleccionado.';
const DAY = 86_400_000;

/**
 * ValidatePromotionCode (issue 12 item 3, store §5, §8, §9): each rule of the codes with its
 * message, on the brand's catalogue, with the discount computed by the cart's arithmetic.
 */
describe('ValidatePromotionCode', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let serviceId: number;
  let base: PackageRecord;
  let extra: PackageRecord;
  let free: PackageRecord;

  const sql = (query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute(query, params);
  const validate = (promoCode: string, packages: { id: number; packageCode: string; quantity?: number }[], token?: string) =>
    t.api
      .post(VALIDATE, token)
      .send({ promoCode, appName, PackagesInCart: packages.map((p) => ({ packageId: p.id, packageCode: p.packageCode, quantity: p.quantity ?? 1 })) });
  const refused = async (promoCode: string, packages: { id: number; packageCode: string }[], code: string, description: string, token?: string) => {
    const res = await validate(promoCode, packages, token).expect(400);
    expect(res.body.statusMessage).toBe(WARNING);
    expect(res.body.statusDetails).toEqual([{ field: 'body.promoCode', code, description }]);
  };

  beforeAll(async () => {
    serviceId = (await createService(t, { appName })).id;
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19 });
    extra = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packagePrice: 238000, taxIva: 19 });
    free = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 0, taxIva: 0 });
  });

  it('applies a percentage to the listed packages before IVA, with the spec success message', async () => {
    const code = await createPromoCode(t, { offerTypeCode: 'PTJ', offerValue: 12, packageIds: [base.id] });
    const res = await validate(` ${code.promotionCode.toLowerCase()} `, [base, extra]).expect(200);
    expect(res.body.statusMessage).toBe('El código promocional ha sido aplicado a su compra.');
    // 119.000 with 19 % IVA is 100.000 before IVA; 12 % of it is 12.000.
    expect(res.body.result).toEqual({
      promotionCode: code.promotionCode,
      descriptionPromotionCode: code.descriptionPromotionCode,
      offerTypeCode: 'PTJ',
      offerValue: 12,
      applyTotalPurchase: false,
      discounts: [{ packageId: base.id, discount: 12000 }],
      totalDiscount: 12000,
    });
  });

  it('shares a value on the whole purchase over the lines in proportion to their price', async () => {
    const code = await createPromoCode(t, { offerTypeCode: 'VLR', offerValue: 30000, applyTotalPurchase: true });
    const res = await validate(code.promotionCode, [base, extra]).expect(200);
    expect(res.body.result.discounts).toEqual([
      { packageId: base.id, discount: 10000 },
      { packageId: extra.id, discount: 20000 },
    ]);
    expect(res.body.result.totalDiscount).toBe(30000);
  });

  it('refuses an unknown or inactive code', async () => {
    await refused('NOEXISTE123', [base], 'PROMO_NOT_FOUND', 'El código promocional no existe.');
    const code = await createPromoCode(t, { applyTotalPurchase: true });
    await t.api
      .put(`/api/v1/promo-codes/${code.id}/state`, await t.signIn('SUPERADMIN'))
      .send({ idstate: 1 })
      .expect(200);
    await refused(code.promotionCode, [base], 'PROMO_NOT_FOUND', 'El código promocional no existe.');
  });

  it('is in force in its Bogotá dates only', async () => {
    const later = await createPromoCode(t, { applyTotalPurchase: true, effectiveStartDate: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10) });
    await refused(later.promotionCode, [base], 'PROMO_NOT_STARTED', 'El código promocional aún no está vigente.');
    const past = await createPromoCode(t, { applyTotalPurchase: true });
    await sql(`update promotional_code set effective_start_date = now() - interval '10 days', expiration_date = now() - interval '1 second' where id = ?`, [
      past.id,
    ]);
    await refused(past.promotionCode, [base], 'PROMO_EXPIRED', 'El código promocional ha vencido.');
  });

  it('refuses a code whose uses are all taken', async () => {
    const code = await createPromoCode(t, { applyTotalPurchase: true, useQuantity: 3 });
    await sql(
      `insert into promotion_code_use (promotional_code_id, period_start, used) select id, effective_start_date, 3 from promotional_code where id = ?`,
      [code.id],
    );
    await refused(code.promotionCode, [base], 'PROMO_EXHAUSTED', 'El código promocional ya no tiene usos disponibles.');
  });

  it('counts the uses of a monthly code per month, and is not in force between its monthly windows', async () => {
    const code = await createPromoCode(t, { applyTotalPurchase: true, useQuantity: 2 });
    const start = new Date(addBogotaMonths(new Date(), -1).getTime() - DAY);
    const setWindow = (from: Date, days: number) =>
      sql(
        `update promotional_code set effective_start_date = ?, expiration_date = ?, periodicity_type = 'MONTHLY', periodicity_quantity = 1,
                end_periodicity_date = now() + interval '90 days' where id = ?`,
        [from, new Date(from.getTime() + days * DAY), code.id],
      );
    await setWindow(start, 5);
    // Last month's window used up does not count this month.
    await sql(`insert into promotion_code_use (promotional_code_id, period_start, used) values (?, ?, 2)`, [code.id, start]);
    await validate(code.promotionCode, [base]).expect(200);
    await sql(`insert into promotion_code_use (promotional_code_id, period_start, used) values (?, ?, 2)`, [code.id, addBogotaMonths(start, 1)]);
    await refused(code.promotionCode, [base], 'PROMO_MONTH_EXHAUSTED', 'El código promocional ya no tiene usos disponibles este mes.');

    await setWindow(new Date(addBogotaMonths(new Date(), -1).getTime() - 10 * DAY), 5);
    await refused(code.promotionCode, [base], 'PROMO_NOT_STARTED', 'El código promocional aún no está vigente.');
  });

  it('gives internal-collaborator codes to signed-in staff and commercial-ally codes to anyone signed in', async () => {
    const staffCode = await createPromoCode(t, { applyTotalPurchase: true, typeUserId: 2 });
    await refused(staffCode.promotionCode, [base], 'PROMO_USER_TYPE', 'El código promocional no está disponible para tu tipo de usuario.');
    await refused(
      staffCode.promotionCode,
      [base],
      'PROMO_USER_TYPE',
      'El código promocional no está disponible para tu tipo de usuario.',
      await t.signIn('CUSTOMER'),
    );
    const staff = await validate(staffCode.promotionCode, [base], await t.signIn('LICFINANCIERO')).expect(200);
    // User types 2 and 3 are always 100 %: the line's whole base.
    expect(staff.body.result.totalDiscount).toBe(100000);

    const allyCode = await createPromoCode(t, { applyTotalPurchase: true, typeUserId: 3 });
    await refused(allyCode.promotionCode, [base], 'PROMO_USER_TYPE', 'El código promocional no está disponible para tu tipo de usuario.');
    await validate(allyCode.promotionCode, [base], await t.signIn('CUSTOMER')).expect(200);
  });

  it('applies to its packages only, and never with a free package in the cart', async () => {
    const code = await createPromoCode(t, { packageIds: [extra.id] });
    await refused(code.promotionCode, [base], 'PROMO_PACKAGES', WARNING);
    const whole = await createPromoCode(t, { applyTotalPurchase: true });
    await refused(whole.promotionCode, [base, free], 'PROMO_FREE_PACKAGE', WARNING);
  });

  it('refuses a package the brand does not sell, and a request without a code', async () => {
    const other = await createPackage(t);
    const code = await createPromoCode(t, { applyTotalPurchase: true });
    const res = await validate(code.promotionCode, [base, other]).expect(400);
    expect(res.body.statusMessage).toBe(WARNING);
    expect(res.body.statusDetails).toEqual([{ field: 'body.PackagesInCart[1]', description: `El paquete ${other.packageCode} no está disponible.` }]);
    await t.api
      .post(VALIDATE)
      .send({ appName, PackagesInCart: [{ packageId: base.id, quantity: 1 }] })
      .expect(400);
  });

  it('prices an employee package at its tier, and refuses a number of employees without a tier with 400', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const employees = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 480000, taxIva: 19 });
    const feature = await createServiceFeature(t, { serviceId, serviceFeatureCode: `${unique('PROMO')}_EMPLEADO` });
    await t.api
      .put(`/api/v1/packages/${employees.id}/features`, admin)
      .send({ features: [{ serviceFeatureId: feature.id, quantity: 10 }] })
      .expect(200);
    const { version } = (await t.api.get(`/api/v1/packages/${employees.id}`, admin).expect(200)).body as { version: number };
    await t.api
      .put(`/api/v1/packages/${employees.id}/price-tiers`, admin)
      .send({ version, tiers: [{ quantity: 20, price: 952000, label: null }] })
      .expect(200);
    const code = await createPromoCode(t, { applyTotalPurchase: true, offerTypeCode: 'PTJ', offerValue: 10 });
    // 20 employees: 952.000 with IVA, 800.000 before it; 10 % is 80.000.
    const ok = await validate(code.promotionCode, [{ ...employees, quantity: 20 }]).expect(200);
    expect(ok.body.result.discounts).toEqual([{ packageId: employees.id, discount: 80000 }]);
    const res = await validate(code.promotionCode, [{ ...employees, quantity: 7 }]).expect(400);
    expect(res.body.statusDetails).toEqual([
      { field: 'body.PackagesInCart[0]', description: `No es posible calcular el precio del paquete ${employees.packageCode} para esa cantidad.` },
    ]);
  });

  it('prices a private package only for the customer it is offered to', async () => {
    const customer = await createCustomer(t);
    const user = await createUser(t, { role: 'CUSTOMER', customerId: customer.id });
    const token = (await t.api.login(user.username, user.password, user.appName)).token;
    const offered = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, publicVisibility: false, customerIds: [customer.id] });
    const code = await createPromoCode(t, { applyTotalPurchase: true });
    const res = await validate(code.promotionCode, [offered]).expect(400);
    expect(res.body.statusDetails).toEqual([{ field: 'body.PackagesInCart[0]', description: `El paquete ${offered.packageCode} no está disponible.` }]);
    await validate(code.promotionCode, [offered], await t.signIn('CUSTOMER')).expect(400);
    await validate(code.promotionCode, [offered], token).expect(200);
  });
});
