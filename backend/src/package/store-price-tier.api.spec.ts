import type { OpResponse } from '../contract/types.js';
import { useTestApp } from '../test-support/fixture.js';
import { StorePriceTierService } from './store-price-tier.service.js';
import { createCustomer, createPackage, createService, createServiceFeature, createUser, day, type PackageRecord, unique } from '../test-support/factories.js';

type Tiers = OpResponse<'getPackagePriceTiers', 200>;
type LicensePrice = OpResponse<'getPriceByLicenseType', 200>['result']['records'][number];

const PRICES = '/license/api/license/GetPriceByLicenseType/';

describe('price-by-quantity tiers (getPackagePriceTiers, setPackagePriceTiers, GetPriceByLicenseType)', () => {
  const t = useTestApp();
  let admin: string;
  let serviceId: number;
  let employeeFeature: number;
  let otherFeature: number;
  let base: PackageRecord;

  const tiersPath = (pkg: PackageRecord) => `/api/v1/packages/${pkg.id}/price-tiers`;
  const read = async (pkg: PackageRecord) => (await t.api.get(tiersPath(pkg), admin).expect(200)).body as Tiers;
  const save = async (pkg: PackageRecord, tiers: unknown[], status = 200) => {
    const { version } = await read(pkg);
    return t.api.put(tiersPath(pkg), admin).send({ version, tiers }).expect(status);
  };
  const prices = (code: string, token?: string, headers: Record<string, string> = {}) => t.api.get(PRICES, token).set({ pType: code, ...headers });
  const withFeatures = async (pkg: PackageRecord, features: number[]) => {
    await t.api
      .put(`/api/v1/packages/${pkg.id}/features`, admin)
      .send({ features: features.map((serviceFeatureId) => ({ serviceFeatureId, quantity: 10 })) })
      .expect(200);
  };

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    serviceId = (await createService(t, { serviceName: unique('Nómina por escalas ') })).id;
    employeeFeature = (await createServiceFeature(t, { serviceId, serviceFeatureCode: `${unique('ESC')}_EMPLEADO` })).id;
    otherFeature = (await createServiceFeature(t, { serviceId, serviceFeatureCode: `${unique('ESC')}_USUARIO` })).id;
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 480000, taxIva: 19 });
    await withFeatures(base, [employeeFeature, otherFeature]);
  });

  it('saves the tiers by quantity with their default text, bumps the version, and reads them back', async () => {
    const before = await read(base);
    expect(before.tiers).toEqual([]);
    const res = await save(base, [
      { quantity: 20, price: 480000, label: null },
      { quantity: 10, price: 300000, label: 'Hasta diez empleados' },
      { quantity: 1000, price: 9000000.5, label: '' },
    ]);
    const saved = res.body as Tiers;
    expect(saved.version).toBe(before.version + 1);
    expect(saved.tiers).toEqual([
      { quantity: 10, price: 300000, label: 'Hasta diez empleados', unitPrice: 252100.84 },
      { quantity: 20, price: 480000, label: 'Hasta 20 empleados', unitPrice: 403361.34 },
      { quantity: 1000, price: 9000000.5, label: 'Hasta 1.000 empleados', unitPrice: 7563025.63 },
    ]);
    expect(await read(base)).toEqual(saved);
    // The order recompute's read.
    const service = t.app.get(StorePriceTierService);
    expect(await service.tierPrice(base.id, 20)).toBe('480000.00');
    expect(await service.tierPrice(base.id, 1000)).toBe('9000000.50');
    expect(await service.tierPrice(base.id, 15)).toBeNull();
    // The same tiers again change nothing, not even the version.
    const again = await t.api.put(tiersPath(base), admin).send({ version: saved.version, tiers: saved.tiers }).expect(200);
    expect((again.body as Tiers).version).toBe(saved.version);
  });

  it('serves them to the store by package code (pType, any case), prepared, with ETag and 304', async () => {
    const res = await prices(base.packageCode.toLowerCase()).expect(200);
    const records = res.body.result.records as LicensePrice[];
    expect(records.map((r) => [r.quantity, r.value, r.label])).toEqual([
      [10, 300000, 'Hasta diez empleados'],
      [20, 480000, 'Hasta 20 empleados'],
      [1000, 9000000.5, 'Hasta 1.000 empleados'],
    ]);
    expect(records[0]).toEqual({
      type: base.packageCode,
      quantity: 10,
      value: 300000,
      label: 'Hasta diez empleados',
      packageId: base.id,
      packageCode: base.packageCode,
      unitPrice: 252100.84,
      discount: 0,
      valueWithDiscount: 300000,
    });
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=([0-5]?\d|60)$/);
    expect(res.headers.vary).toMatch(/^pType, Authorization/);
    const again = await prices(base.packageCode, undefined, { 'if-none-match': res.headers.etag as string }).expect(304);
    expect(again.text).toBe('');
  });

  it('applies the offer in force to every tier', async () => {
    const offered = await createPackage(t, {
      serviceIds: [serviceId],
      packageTypeId: 2,
      packagePrice: 500000,
      applyOffer: true,
      offerTypeCode: 'PTJ',
      totalOffer: 10,
      offerStartTime: day(-1),
      offerExpirationTime: day(10),
    });
    await withFeatures(offered, [employeeFeature]);
    await save(offered, [
      { quantity: 5, price: 250000.55, label: null },
      { quantity: 15, price: 500000, label: null },
    ]);
    const records = (await prices(offered.packageCode).expect(200)).body.result.records as LicensePrice[];
    expect(records.map((r) => [r.value, r.discount, r.valueWithDiscount])).toEqual([
      [250000.55, 25000.06, 225000.49],
      [500000, 50000, 450000],
    ]);
  });

  it('drops the prepared answer when the tiers change (the table notifies)', async () => {
    const pkg = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1 });
    await withFeatures(pkg, [employeeFeature]);
    const empty = await prices(pkg.packageCode).expect(200);
    expect(empty.body.result.records).toEqual([]);
    await save(pkg, [{ quantity: 3, price: 90000, label: null }]);
    await eventually(async () => ((await prices(pkg.packageCode).expect(200)).body.result.records.length === 1 ? true : undefined));
    await save(pkg, []);
    await eventually(async () => ((await prices(pkg.packageCode).expect(200)).body.result.records.length === 0 ? true : undefined));
  });

  it("answers 404 'El paquete no existe' for an unknown or inactive package, and 400 without pType", async () => {
    const missing = await prices('NO-EXISTE-JAMAS').expect(404);
    expect(missing.body.statusMessage).toBe('El paquete no existe');
    const inactive = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, idstate: 1 });
    expect((await prices(inactive.packageCode).expect(404)).body.statusMessage).toBe('El paquete no existe');
    const bad = await t.api.get(PRICES).expect(400);
    expect(bad.body.statusDetails).toEqual([{ field: 'header.pType', description: 'debe tener la propiedad requerida pType' }]);
    expect((await t.api.get(`/api/v1/packages/999999/price-tiers`, admin).expect(404)).body.statusMessage).toBe('El paquete no existe');
  });

  it('shows the tiers of a private package only to the customers it is offered to, never cached', async () => {
    const company = await createCustomer(t);
    const other = await createCustomer(t);
    const pkg = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, publicVisibility: false, customerIds: [company.id] });
    await withFeatures(pkg, [employeeFeature]);
    await save(pkg, [{ quantity: 7, price: 70000, label: null }]);
    const ownerUser = await createUser(t, { role: 'CUSTOMER', customerId: company.id });
    const owner = (await t.api.login(ownerUser.username, ownerUser.password, ownerUser.appName)).token;
    const strangerUser = await createUser(t, { role: 'CUSTOMER', customerId: other.id });
    const stranger = (await t.api.login(strangerUser.username, strangerUser.password, strangerUser.appName)).token;
    const mine = await eventually(async () => {
      const res = await prices(pkg.packageCode, owner);
      return res.status === 200 ? res : undefined;
    });
    expect(mine.body.result.records).toHaveLength(1);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    for (const token of [undefined, stranger, admin, 'not-a-token']) {
      expect((await prices(pkg.packageCode, token).expect(404)).body.statusMessage).toBe('El paquete no existe');
    }
  });

  it('refuses tiers on complementary packages and on packages without an employee feature (422)', async () => {
    const extra = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3 });
    await withFeatures(extra, [employeeFeature]);
    const noEmployees = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1 });
    await withFeatures(noEmployees, [otherFeature]);
    for (const pkg of [extra, noEmployees]) {
      const res = await save(pkg, [{ quantity: 5, price: 100000, label: null }], 422);
      expect(res.body.statusMessage).toBe('Solo los paquetes base o combo con la característica de empleados tienen escalas.');
      expect(res.body.statusDetails).toEqual([
        { field: 'tiers', description: 'Solo los paquetes base o combo con la característica de empleados tienen escalas.' },
      ]);
      // Taking them off is always allowed.
      await save(pkg, []);
    }
  });

  it('names each tier that repeats a quantity or does not cost more than the one before (422)', async () => {
    const res = await save(
      base,
      [
        { quantity: 10, price: 300000, label: null },
        { quantity: 10, price: 350000, label: null },
        { quantity: 5, price: 300000, label: null },
        { quantity: 20, price: 299999.99, label: null },
      ],
      422,
    );
    expect(res.body.statusMessage).toBe('La cantidad ya está en otra escala.');
    expect(res.body.statusDetails).toEqual([
      { field: 'tiers.1.quantity', description: 'La cantidad ya está en otra escala.' },
      { field: 'tiers.0.price', description: 'El precio debe ser mayor que el de la escala anterior.' },
      { field: 'tiers.3.price', description: 'El precio debe ser mayor que el de la escala anterior.' },
    ]);
  });

  it('answers 409 for a stale version and 400 for a malformed tier', async () => {
    const { version } = await read(base);
    const stale = await t.api
      .put(tiersPath(base), admin)
      .send({ version: version + 5, tiers: [] })
      .expect(409);
    expect(stale.body.statusMessage).toBe('El registro fue modificado por otra persona. Recarga e inténtalo de nuevo.');
    const zero = await t.api
      .put(tiersPath(base), admin)
      .send({ version, tiers: [{ quantity: 0, price: 1, label: null }] })
      .expect(400);
    expect(zero.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(['body.tiers.0.quantity']);
    const cents = await t.api
      .put(tiersPath(base), admin)
      .send({ version, tiers: [{ quantity: 1, price: 1.234, label: null }] })
      .expect(400);
    expect(cents.body.statusDetails).toEqual([{ field: 'body.tiers.0.price', description: 'debe tener a lo sumo 2 decimales' }]);
  });

  it('is for the packages screen only (PACKAGES): 401 without a token, 403 for other staff', async () => {
    await t.api.get(tiersPath(base)).expect(401);
    const commercial = await t.signIn('LICENSECOMERCIAL');
    await t.api.get(tiersPath(base), commercial).expect(403);
    await t.api.put(tiersPath(base), commercial).send({ version: 1, tiers: [] }).expect(403);
  });
});

/** Retries until `check` answers something: invalidation arrives by NOTIFY, just after the write's commit. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined) return result;
    if (Date.now() > until) throw new Error('the change did not reach the store in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
