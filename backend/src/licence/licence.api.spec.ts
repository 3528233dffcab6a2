import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { createCustomer, createLicence, createPackage, createServiceFeature, day } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { LicenceService } from './licence.service.js';

/** 'dd/MM/yyyy' of a Bogotá day 'yyyy-MM-dd'. */
const text = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

describe('licences API (AddNewCustomerLicense, GetLicenseInformation, SetLicenseTransactionRange, /api/v1/licences)', () => {
  const t = useTestApp();
  let admin: string;
  let serviceId: number;
  let featureCode: string;
  let packageId: number;
  let unlimitedPackageId: number;

  /** A package of the service carrying 50 of its feature. */
  async function packageWithFeature(featureId: number, over: Parameters<typeof createPackage>[1] = {}) {
    const pkg = await createPackage(t, { serviceIds: [serviceId], ...over });
    const current = (await t.api.get(`/api/v1/packages/${pkg.id}`, admin).expect(200)).body;
    await t.api
      .put(`/api/v1/packages/${pkg.id}/features`, admin)
      .send({ version: current.version, features: [{ serviceFeatureId: featureId, quantity: 50 }] })
      .expect(200);
    return pkg.id;
  }

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    const feature = await createServiceFeature(t);
    serviceId = feature.serviceId;
    featureCode = feature.serviceFeatureCode;
    packageId = await packageWithFeature(feature.id, { validityPeriod: 1, validityTypeId: 'A' });
    unlimitedPackageId = await packageWithFeature(feature.id, { packageCode: 'BIILIMITADO' });
  });

  const ranges = [
    { rangeMinimum: 1, rangeMaximum: 100, rangePrice: 1200.5 },
    { rangeMinimum: 101, rangeMaximum: 1000, rangePrice: 800 },
  ];
  const add = (body: object) => t.api.post('/license/api/purchaseOrderLicense/AddNewCustomerLicense', admin).send(body);

  describe('AddNewCustomerLicense', () => {
    it("adds a licence with the package's features, from the start of today plus one minute to the end of the package's validity", async () => {
      const customer = await createCustomer(t);
      const before = Date.now();
      const res = await add({ customerId: customer.id, serviceId, packageId, transactionRanges: ranges }).expect(200);
      expect(res.body.statusMessage).toBe('¡Licencia añadida con éxito!');
      const licence = res.body.result;
      expect(licence).toMatchObject({ customerId: customer.id, serviceId, packageId, applyTransactionRanges: true, contractNumber: null });
      // Active from 00:01 in Bogotá: in a day's first minute (05:00 UTC) it has not started yet.
      const startsAt = new Date(`${day(0)}T00:01:00-05:00`).getTime();
      if (before >= startsAt) expect(licence.isActive).toBe(true);
      else if (Date.now() < startsAt) expect(licence.isActive).toBe(false);
      expect(licence.effectiveDate).toBe(new Date(`${day(0)}T00:01:00-05:00`).toISOString());
      const nextYear = `${Number(day(0).slice(0, 4)) + 1}${day(0).slice(4)}`;
      expect(licence.expirationDate).toBe(new Date(`${nextYear}T23:59:59.999-05:00`).toISOString());
      expect(
        licence.transactionRange.map((r: { rangeMinimum: number; rangeMaximum: number; rangePrice: number }) => [r.rangeMinimum, r.rangeMaximum, r.rangePrice]),
      ).toEqual([
        [1, 100, 1200.5],
        [101, 1000, 800],
      ]);
      const balances = await t.api.get(`/api/v1/licences/${licence.purchaseOrderLicenseId}/balances`, admin).expect(200);
      expect(balances.body).toEqual([
        expect.objectContaining({
          serviceFeatureCode: featureCode,
          total: 50,
          used: 0,
          available: 50,
          unlimited: false,
          percentageUsed: 0,
          availability: null,
        }),
      ]);
    });

    it('BIILIMITADO needs a contract number; its dates default to the end of the next day; the end must come after the start', async () => {
      const customer = await createCustomer(t);
      const base = { customerId: customer.id, serviceId, packageId: unlimitedPackageId, transactionRanges: ranges };
      const missing = await add(base).expect(422);
      expect(missing.body.statusDetails).toEqual([{ field: 'contractNumber', description: 'Campo obligatorio' }]);
      const res = await add({ ...base, contractNumber: 'CT-2026-001' }).expect(200);
      expect(res.body.result.contractNumber).toBe('CT-2026-001');
      expect(res.body.result.expirationDate).toBe(new Date(`${day(1)}T23:59:59.999-05:00`).toISOString());
      const given = await add({ ...base, contractNumber: 'CT-2026-002', startDate: day(2), finalDate: day(40) }).expect(200);
      expect(given.body.result.effectiveDate).toBe(new Date(`${day(2)}T00:00:00-05:00`).toISOString());
      expect(given.body.result.expirationDate).toBe(new Date(`${day(40)}T23:59:59.999-05:00`).toISOString());
      const backwards = await add({ ...base, contractNumber: 'CT-2026-003', startDate: day(5), finalDate: day(3) }).expect(422);
      expect(backwards.body.statusMessage).toBe(`La fecha debe ser posterior a ${text(day(5))}`);
      const past = await add({ ...base, contractNumber: 'CT-2026-004', startDate: day(-10), finalDate: day(-2) }).expect(422);
      expect(past.body.statusMessage).toBe(`La fecha debe ser posterior a ${text(day(0))}`);
      const invalid = await add({ ...base, contractNumber: 'CT-2026-005', startDate: '2026-02-30' }).expect(422);
      expect(invalid.body.statusMessage).toBe('Fecha no válida');
    });

    it('refuses overlapping ranges, a package of another service, an unknown company, and a request without ranges', async () => {
      const customer = await createCustomer(t);
      const base = { customerId: customer.id, serviceId, packageId };
      const overlap = await add({
        ...base,
        transactionRanges: [
          { rangeMinimum: 1, rangeMaximum: 10, rangePrice: 1 },
          { rangeMinimum: 5, rangeMaximum: 20, rangePrice: 1 },
        ],
      }).expect(422);
      expect(overlap.body.statusMessage).toBe('Rango mínimo ya se encuentra dentro de los valores parametrizados.');
      const otherService = (await createServiceFeature(t)).serviceId;
      const wrong = await add({ ...base, serviceId: otherService, transactionRanges: ranges }).expect(422);
      expect(wrong.body.statusMessage).toBe('El paquete no pertenece al servicio seleccionado.');
      await add({ ...base, customerId: 987654, transactionRanges: ranges }).expect(404);
      await add({ ...base, transactionRanges: [] }).expect(400);
      const none = await t.api.get(`/api/v1/licences?filter=${encodeURIComponent(JSON.stringify({ customerId: customer.id }))}`, admin).expect(200);
      expect(none.body).toEqual([]);
    });
  });

  describe('GetLicenseInformation and SetLicenseTransactionRange', () => {
    it('reads a licence by the purchaseOrderLicenseId header; 404 with the error body when there is none', async () => {
      const licence = await createLicence(t, { transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 9, rangePrice: '10.25' }] });
      const res = await t.api.get('/license/api/license/GetLicenseInformation', admin).set('purchaseOrderLicenseId', String(licence.id)).expect(200);
      expect(res.body.result).toMatchObject({
        purchaseOrderLicenseId: licence.id,
        transactionRange: [expect.objectContaining({ rangeMinimum: 1, rangeMaximum: 9, rangePrice: 10.25 })],
      });
      const missing = await t.api.get('/license/api/license/GetLicenseInformation', admin).set('purchaseOrderLicenseId', '987654').expect(404);
      expect(missing.body).toMatchObject({ statusCode: 404, statusMessage: 'No se encontró la licencia' });
      await t.api.get('/license/api/license/GetLicenseInformation', admin).expect(400);
    });

    it('replaces the ranges; the three range messages; 404 for an unknown licence', async () => {
      const licence = await createLicence(t, { transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 9, rangePrice: 1 }] });
      const set = (licenseTransactionRange: object[], id = licence.id) =>
        t.api.post('/license/api/license/SetLicenseTransactionRange', admin).send({ PurchaseOrderLicenseId: id, licenseTransactionRange });
      const ok = await set([
        { id: licence.transactionRanges[0].id, rangeMinimum: 1, rangeMaximum: 50, rangePrice: 5 },
        { rangeMinimum: 51, rangeMaximum: 60, rangePrice: 4 },
      ]).expect(200);
      expect(ok.body.statusMessage).toBe('¡Licencia actualizada con éxito!');
      expect(ok.body.result.transactionRange.map((r: { rangeMinimum: number; rangeMaximum: number }) => [r.rangeMinimum, r.rangeMaximum])).toEqual([
        [1, 50],
        [51, 60],
      ]);
      const minAboveMax = await set([{ rangeMinimum: 9, rangeMaximum: 2, rangePrice: 1 }]).expect(422);
      expect(minAboveMax.body.statusMessage).toBe('Rango mínimo no puede ser mayor al rango máximo.');
      const minTaken = await set([
        { rangeMinimum: 1, rangeMaximum: 50, rangePrice: 1 },
        { rangeMinimum: 50, rangeMaximum: 70, rangePrice: 1 },
      ]).expect(422);
      expect(minTaken.body.statusMessage).toBe('Rango mínimo ya se encuentra dentro de los valores parametrizados.');
      const maxTaken = await set([
        { rangeMinimum: 10, rangeMaximum: 50, rangePrice: 1 },
        { rangeMinimum: 1, rangeMaximum: 10, rangePrice: 1 },
      ]).expect(422);
      expect(maxTaken.body.statusMessage).toBe('Rango máximo ya se encuentra dentro de los valores parametrizados.');
      expect((await t.api.get(`/api/v1/licences/${licence.id}`, admin).expect(200)).body.transactionRanges).toHaveLength(2);
      await set([{ rangeMinimum: 1, rangeMaximum: 2, rangePrice: 1 }], 987654).expect(404);
    });
  });

  describe('/api/v1/licences', () => {
    it('lists a company’s licences with Content-Range, gets one, and answers 404 for an unknown one', async () => {
      const customer = await createCustomer(t);
      const first = await createLicence(t, { customerId: customer.id });
      const second = await createLicence(t, { customerId: customer.id });
      const filter = encodeURIComponent(JSON.stringify({ customerId: customer.id }));
      const res = await t.api.get(`/api/v1/licences?filter=${filter}&range=[0,0]`, admin).expect(200);
      expect(res.headers['content-range']).toBe('licences 0-0/2');
      expect(res.body.map((l: { id: number }) => l.id)).toEqual([second.id]);
      const one = await t.api.get(`/api/v1/licences/${first.id}`, admin).expect(200);
      expect(one.body).toMatchObject({ id: first.id, origin: 'MANUAL', state: 'ACTIVE', balances: [expect.objectContaining({ total: 100, used: 0 })] });
      const missing = await t.api.get('/api/v1/licences/987654', admin).expect(404);
      expect(missing.body.statusMessage).toBe('No se encontró la licencia');
      await t.api.get(`/api/v1/licences?filter=${encodeURIComponent(JSON.stringify({ owner: 1 }))}`, admin).expect(400);
    });

    it('pages the movements newest first, filtered by feature and by date range', async () => {
      const licence = await createLicence(t, { quantity: 100, effectiveAt: new Date(Date.now() - 10 * 86400_000) });
      const code = licence.balances[0].serviceFeatureCode;
      const consume = (quantity: number, occurredAt: Date) =>
        RequestContext.create(t.app.get(MikroORM).em, () =>
          t.app.get(LicenceService).consume({ customerId: licence.customerId, serviceFeatureCode: code, quantity, occurredAt, createdBy: 'pruebas' }),
        );
      await consume(3, new Date(`${day(-3)}T10:00:00-05:00`));
      await consume(4, new Date(`${day(-1)}T10:00:00-05:00`));
      const all = await t.api.get(`/api/v1/licences/${licence.id}/movements?range=[0,1]`, admin).expect(200);
      expect(all.headers['content-range']).toBe('movements 0-1/3');
      expect(all.body.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([
        ['CONSUMPTION', 4],
        ['CONSUMPTION', 3],
      ]);
      const filter = encodeURIComponent(JSON.stringify({ from: day(-2), to: day(0), serviceFeatureCode: code.toLowerCase() }));
      const ranged = await t.api.get(`/api/v1/licences/${licence.id}/movements?filter=${filter}`, admin).expect(200);
      expect(ranged.body.map((m: { quantity: number }) => m.quantity)).toEqual([4]);
      const other = encodeURIComponent(JSON.stringify({ serviceFeatureCode: 'OTRA_COSA' }));
      expect((await t.api.get(`/api/v1/licences/${licence.id}/movements?filter=${other}`, admin).expect(200)).body).toEqual([]);
      const bad = encodeURIComponent(JSON.stringify({ from: '2026-02-30' }));
      await t.api.get(`/api/v1/licences/${licence.id}/movements?filter=${bad}`, admin).expect(400);
      expect((await t.api.get('/api/v1/licences/987654/movements', admin).expect(200)).body).toEqual([]);
    });

    it('reads a licence past its end as EXPIRED, not active and with nothing left, before the expiry job runs', async () => {
      const customer = await createCustomer(t);
      const over = await createLicence(t, {
        customerId: customer.id,
        quantity: 100,
        effectiveAt: new Date(Date.now() - 30 * 86400_000),
        expiresAt: new Date(Date.now() - 60_000),
      });
      const current = await createLicence(t, { customerId: customer.id });
      const one = await t.api.get(`/api/v1/licences/${over.id}`, admin).expect(200);
      expect(one.body).toMatchObject({ state: 'EXPIRED', isActive: false });
      expect(one.body.balances[0]).toMatchObject({ total: 100, used: 0, expired: 100, available: 0, percentageUsed: 100, availability: 'Sin disponibilidad' });
      const compat = await t.api.get('/license/api/license/GetLicenseInformation', admin).set('purchaseOrderLicenseId', String(over.id)).expect(200);
      expect(compat.body.result.isActive).toBe(false);
      const byState = async (state: string) =>
        (await t.api.get(`/api/v1/licences?filter=${encodeURIComponent(JSON.stringify({ customerId: customer.id, state }))}`, admin).expect(200)).body.map(
          (l: { id: number }) => l.id,
        );
      expect(await byState('ACTIVE')).toEqual([current.id]);
      expect(await byState('EXPIRED')).toEqual([over.id]);
      expect((await t.api.get(`/api/v1/licences/${current.id}`, admin).expect(200)).body).toMatchObject({ state: 'ACTIVE', isActive: true });
    });

    it('is for the licences privilege only', async () => {
      const licence = await createLicence(t);
      await t.api.get(`/api/v1/licences/${licence.id}`, await t.signIn('LICENSEPROMOCODE')).expect(403);
      await t.api.get(`/api/v1/licences/${licence.id}`, await t.signIn('LICFINANCIERO')).expect(200);
    });
  });
});
