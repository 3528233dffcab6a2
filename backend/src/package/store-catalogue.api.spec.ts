import type { OpResponse } from '../contract/types.js';
import { useTestApp } from '../test-support/fixture.js';
import {
  createCustomer,
  createPackage,
  createService,
  createServiceFeature,
  createUser,
  day,
  packageBody,
  type PackageRecord,
  unique,
} from '../test-support/factories.js';
import { nextQuarterEnd } from './store-offer.js';

type StoreList = OpResponse<'getPackagesByServiceName', 200>;
type StorePackage = StoreList['result']['records'][number];

const BY_SERVICE = '/license/api/package/GetPackagesByServiceName/';
const BY_FEATURE = '/license/api/package/GetPackagesByServiceNameAndFeatureCode/';
const DAY = 86_400_000;

describe('the store catalogue (GetPackagesByServiceName, GetPackagesByServiceNameAndFeatureCode)', () => {
  const t = useTestApp();
  let admin: string;
  let brand: string;
  let serviceId: number;
  const features: Record<string, number> = {};
  const packages: Record<string, PackageRecord> = {};

  const list = (path: string, token?: string, headers: Record<string, string> = {}) => t.api.get(path, token).set(headers);
  const codes = (records: StorePackage[]) => records.map((r) => r.packageCode);
  const configure = async (pkg: PackageRecord, quantities: Record<string, number>) => {
    await t.api
      .put(`/api/v1/packages/${pkg.id}/features`, admin)
      .send({ features: Object.entries(quantities).map(([code, quantity]) => ({ serviceFeatureId: features[code], quantity })) })
      .expect(200);
  };

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    // A brand of its own: the service is found by its brand ('tienda') and by its name.
    brand = 'tienda';
    const service = await createService(t, { serviceName: unique('Nómina Ágil '), appName: brand });
    serviceId = service.id;
    for (const code of ['EMPLEADO', 'USUARIO', 'FIRMA']) {
      features[code] = (await createServiceFeature(t, { serviceId, serviceFeatureCode: unique(`STORE_${code}_`), featureAlias: code.toLowerCase() })).id;
    }
    const base = { serviceIds: [serviceId], packageTypeId: 1 as const, relevance: 'Media' as const };
    packages.baseMedia = await createPackage(t, { ...base, packageName: 'Base media' });
    packages.baseAlta = await createPackage(t, { ...base, relevance: 'Alta', packageName: 'Base alta', packagePrice: 1190000 });
    packages.combo = await createPackage(t, { ...base, packageTypeId: 2, relevance: 'Alta' });
    packages.extra = await createPackage(t, { ...base, packageTypeId: 3, relevance: 'Baja' });
    packages.offer = await createPackage(t, {
      ...base,
      packageTypeId: 3,
      relevance: 'Alta',
      packagePrice: 500000,
      applyOffer: true,
      offerTypeCode: 'PTJ',
      totalOffer: 20,
      offerStartTime: day(-1),
      offerExpirationTime: day(10),
    });
    packages.longOffer = await createPackage(t, {
      ...base,
      packageTypeId: 3,
      relevance: 'Alta',
      packagePrice: 300000,
      applyOffer: true,
      offerTypeCode: 'VLR',
      totalOffer: 50000,
      offerStartTime: day(-1),
      offerExpirationTime: day(200),
    });
    packages.comingOffer = await createPackage(t, {
      ...base,
      packageTypeId: 3,
      relevance: 'Media',
      applyOffer: true,
      offerTypeCode: 'VLR',
      totalOffer: 1000,
      offerStartTime: day(5),
      offerExpirationTime: day(20),
    });
    packages.inactive = await createPackage(t, { ...base, idstate: 1 });
    packages.advisorOnly = await createPackage(t, { ...base, channelIds: [2] });
    packages.agreement = await createPackage(t, { ...base, channelIds: [4] });
    packages.otherService = await createPackage(t, {});
    await configure(packages.baseAlta, { EMPLEADO: 50, USUARIO: 1000000 });
    await configure(packages.extra, { FIRMA: 100 });
  });

  it('lists the active public packages of the brand in the store order: type, relevance, order', async () => {
    const res = await list(BY_SERVICE + brand).expect(200);
    expect(codes(res.body.result.records)).toEqual([
      packages.baseAlta.packageCode,
      packages.baseMedia.packageCode,
      packages.combo.packageCode,
      packages.offer.packageCode,
      packages.longOffer.packageCode,
      packages.comingOffer.packageCode,
      packages.extra.packageCode,
    ]);
  });

  it('finds the service by its name too, ignoring case and accents', async () => {
    const { serviceName } = (await t.api.get(`/api/v1/services/${serviceId}`, admin).expect(200)).body as { serviceName: string };
    const plain = serviceName.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const res = await list(BY_SERVICE + encodeURIComponent(plain)).expect(200);
    expect(res.body.result.records).toHaveLength(7);
  });

  it('presents each package as store §3 reads it: type, exact prices, features with unlimited', async () => {
    const res = await list(BY_SERVICE + brand).expect(200);
    const pkg = res.body.result.records.find((r: StorePackage) => r.id === packages.baseAlta.id) as StorePackage;
    expect(pkg).toMatchObject({
      packageId: packages.baseAlta.id,
      packageName: 'Base alta',
      packageTypeId: 1,
      packageType: { packageTypeCode: 'BAS' },
      packagePrice: 1190000,
      packageUnitPrice: 1000000,
      priceUnit: 1000000,
      packagePriceWithDiscount: 1190000,
      discount: 0,
      taxIva: 19,
      applyOffer: false,
      totalOffer: 0,
      offerStartTime: null,
      offerExpirationTime: null,
      publicVisibility: true,
      priceByQuantity: false,
      services: [{ serviceId, appName: brand }],
    });
    expect(pkg.urlImageOffer).toMatch(new RegExp(`^/api/v1/packages/${pkg.id}/offer-image\\?v=`));
    const byCode = Object.fromEntries(pkg.itemsPackageFeatures.map((f) => [f.serviceFeature.id, f]));
    expect(byCode[features.EMPLEADO]).toMatchObject({ quantity: 50, unlimited: false, serviceFeature: { featureAlias: 'empleado', isunlimited: false } });
    expect(byCode[features.USUARIO]).toMatchObject({ quantity: 1000000, unlimited: true });
  });

  it('applies the offer in force now, and not one that has not started', async () => {
    const records = (await list(BY_SERVICE + brand).expect(200)).body.result.records as StorePackage[];
    const offer = records.find((r) => r.id === packages.offer.id);
    expect(offer).toMatchObject({ applyOffer: true, offerTypeCode: 'PTJ', totalOffer: 20, discount: 100000, packagePriceWithDiscount: 400000 });
    expect(new Date(offer?.offerExpirationTime ?? 0).getTime()).toBe(new Date(packages.offer.offerExpirationTime ?? 0).getTime());
    const coming = records.find((r) => r.id === packages.comingOffer.id);
    expect(coming).toMatchObject({ applyOffer: false, discount: 0, packagePriceWithDiscount: 119000, offerExpirationTime: null });
  });

  it('shows an offer ending more than 90 days ahead ending at the next quarter start (store §9)', async () => {
    const records = (await list(BY_SERVICE + brand).expect(200)).body.result.records as StorePackage[];
    const long = records.find((r) => r.id === packages.longOffer.id);
    expect(long).toMatchObject({ applyOffer: true, offerTypeCode: 'VLR', discount: 50000, packagePriceWithDiscount: 250000 });
    expect(long?.offerExpirationTime).toBe(nextQuarterEnd(new Date()).toISOString());
    expect(new Date(packages.longOffer.offerExpirationTime ?? 0).getTime() - Date.now()).toBeGreaterThan(90 * DAY);
  });

  it('answers the agreement channel with isContract: true', async () => {
    const res = await list(BY_SERVICE + brand, undefined, { isContract: 'true' }).expect(200);
    expect(codes(res.body.result.records)).toEqual([packages.agreement.packageCode]);
    await list(BY_SERVICE + brand, undefined, { isContract: 'false' }).expect(200);
    const bad = await list(BY_SERVICE + brand, undefined, { isContract: 'quizás' }).expect(400);
    expect(bad.body.statusDetails[0].field).toBe('header.isContract');
  });

  it('answers 404 for a service that does not exist', async () => {
    const res = await list(BY_SERVICE + 'no-existe').expect(404);
    expect(res.body.statusMessage).toBe('No se encontró el servicio');
    await list(`${BY_FEATURE}no-existe/COLNOMINA_EMPLEADO`).expect(404);
  });

  it('serves prepared bytes with a strong ETag, 304 for a current one, public caching for a minute at most', async () => {
    const first = await list(BY_SERVICE + brand).expect(200);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=([0-5]?\d|60)$/);
    expect(first.headers.vary).toMatch(/^isContract, Authorization(, Accept-Encoding)?$/);
    const again = await list(BY_SERVICE + brand, undefined, { 'if-none-match': first.headers.etag as string }).expect(304);
    expect(again.text).toBe('');
    await list(BY_SERVICE + brand, undefined, { 'if-none-match': '"otra"' }).expect(200);
  });

  it('drops the prepared answer when a package, its features or its service change (the tables notify)', async () => {
    const before = await list(BY_SERVICE + brand).expect(200);
    const { version } = (await t.api.get(`/api/v1/packages/${packages.baseMedia.id}`, admin).expect(200)).body as PackageRecord;
    const edit = packageBody({ serviceIds: [serviceId], packageTypeId: 1, relevance: 'Media', packageName: 'Base media', packagePrice: 238000 });
    await t.api
      .put(`/api/v1/packages/${packages.baseMedia.id}`, admin)
      .send({ ...edit, packageCode: packages.baseMedia.packageCode, version })
      .expect(200);
    const after = await eventually(async () => {
      const res = await list(BY_SERVICE + brand).expect(200);
      return res.body.result.records.find((r: StorePackage) => r.id === packages.baseMedia.id)?.packagePrice === 238000 ? res : undefined;
    });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A stale tag is not current any more.
    await list(BY_SERVICE + brand, undefined, { 'if-none-match': before.headers.etag as string }).expect(200);

    await configure(packages.combo, { FIRMA: 7 });
    await eventually(async () => {
      const records = (await list(`${BY_FEATURE}${brand}/${(await featureCode('FIRMA')).toLowerCase()}`).expect(200)).body.result.records as StorePackage[];
      return codes(records).includes(packages.combo.packageCode) ? records : undefined;
    });

    await t.api.put(`/api/v1/packages/${packages.extra.id}/state`, admin).send({ idstate: 1 }).expect(200);
    await eventually(async () => {
      const records = (await list(BY_SERVICE + brand).expect(200)).body.result.records as StorePackage[];
      return codes(records).includes(packages.extra.packageCode) ? undefined : records;
    });
  });

  it('filters by a feature code, any case; a feature no package carries is an empty list', async () => {
    const code = await featureCode('EMPLEADO');
    const res = await list(`${BY_FEATURE}${brand}/${code.toLowerCase()}`).expect(200);
    expect(codes(res.body.result.records)).toEqual([packages.baseAlta.packageCode]);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=/);
    const none = await list(`${BY_FEATURE}${brand}/NO_EXISTE`).expect(200);
    expect(none.body.result.records).toEqual([]);
  });

  describe('private packages', () => {
    let privatePkg: PackageRecord;
    let owner: string;
    let stranger: string;

    beforeAll(async () => {
      const company = await createCustomer(t);
      const other = await createCustomer(t);
      privatePkg = await createPackage(t, {
        serviceIds: [serviceId],
        packageTypeId: 1,
        relevance: 'Alta',
        publicVisibility: false,
        customerIds: [company.id],
        packageName: 'Plan negociado',
      });
      await configure(privatePkg, { EMPLEADO: 250 });
      const ownerUser = await createUser(t, { role: 'CUSTOMER', customerId: company.id });
      owner = (await t.api.login(ownerUser.username, ownerUser.password, ownerUser.appName)).token;
      const strangerUser = await createUser(t, { role: 'CUSTOMER', customerId: other.id });
      stranger = (await t.api.login(strangerUser.username, strangerUser.password, strangerUser.appName)).token;
    });

    it('are listed for the signed-in customer they are offered to, in the store order, never kept by a cache', async () => {
      const res = await eventually(async () => {
        const answer = await list(BY_SERVICE + brand, owner).expect(200);
        return codes(answer.body.result.records).includes(privatePkg.packageCode) ? answer : undefined;
      });
      // A base of relevance Alta created after the public one: second.
      expect(codes(res.body.result.records).slice(0, 2)).toEqual([packages.baseAlta.packageCode, privatePkg.packageCode]);
      expect(res.body.result.records[1]).toMatchObject({ publicVisibility: false, packageName: 'Plan negociado' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toMatch(/Authorization/);
      const byFeature = await list(`${BY_FEATURE}${brand}/${await featureCode('EMPLEADO')}`, owner).expect(200);
      expect(codes(byFeature.body.result.records)).toEqual([packages.baseAlta.packageCode, privatePkg.packageCode]);
    });

    it('are never shown to visitors, other customers or staff (they get the public answer)', async () => {
      for (const token of [undefined, stranger, admin, 'not-a-token']) {
        const res = await list(BY_SERVICE + brand, token).expect(200);
        expect(codes(res.body.result.records)).not.toContain(privatePkg.packageCode);
        expect(res.headers['cache-control']).toMatch(/^public/);
      }
    });
  });

  it('prepares the answer again when an offer ends, with no write, and keeps caches no longer than that', async () => {
    const service = await createService(t, { appName: 'bemyself', serviceName: unique('Servicio con oferta breve ') });
    const ending = new Date(Date.now() + 3000);
    const pkg = await createPackage(t, {
      serviceIds: [service.id],
      packagePrice: 100000,
      applyOffer: true,
      offerTypeCode: 'VLR',
      totalOffer: 10000,
      offerStartTime: day(-1),
      offerExpirationTime: ending.toISOString(),
    });
    const during = await list(BY_SERVICE + encodeURIComponent(service.serviceName)).expect(200);
    expect(during.body.result.records[0]).toMatchObject({ id: pkg.id, applyOffer: true, packagePriceWithDiscount: 90000 });
    expect(Number(/max-age=(\d+)/.exec(during.headers['cache-control'] as string)?.[1])).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, ending.getTime() - Date.now() + 50));
    const after = await list(BY_SERVICE + encodeURIComponent(service.serviceName)).expect(200);
    expect(after.body.result.records[0]).toMatchObject({ id: pkg.id, applyOffer: false, packagePriceWithDiscount: 100000, discount: 0 });
  });

  async function featureCode(name: string): Promise<string> {
    const res = await t.api.get(`/api/v1/service-features/${features[name]}`, admin).expect(200);
    return (res.body as { serviceFeatureCode: string }).serviceFeatureCode;
  }

  it("the store's service index and the dashboards' service list share the cache topic, each under its own key", async () => {
    // Both are kept under 'storeCatalogue'; one key for the two answered a Map where a list was expected (500).
    const company = await createCustomer(t);
    const dashboard = () =>
      t.api.post('/license/api/dashboard/dashboard-customer', admin).send({ documentType: 4, documentNumber: company.documentNumber }).expect(200);
    await list(`${BY_SERVICE}${brand}`).expect(200);
    await dashboard();
    await list(`${BY_SERVICE}${brand}`).expect(200);
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
