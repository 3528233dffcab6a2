import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { createCustomer, createLicence, createPackage, createService, createServiceFeature, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { LicenceService } from './licence.service.js';

interface BagRow {
  purchaseOrderLicenseId: number;
  serviceName: string;
  serviceFeatureCode: string;
  totalPlan: number | null;
  totalUsed: number;
  totalAvailable: number | null;
  percentageUsed: number;
  availability: string | null;
  lastUseDate: string | null;
  isActive: boolean;
}

describe('licence reads (getDetailsLicenseCustomer, GetCustomersLicensed, getLicenseUsage)', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
  });

  const service_ = () => t.app.get(LicenceService);
  const inContext = <T>(run: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, run);
  const consume = (customerId: number, serviceFeatureCode: string, quantity: number, occurredAt: Date, reference?: string) =>
    // As of the moment it occurred: a licence already over today could still be drawn from then.
    inContext(() => service_().consume({ customerId, serviceFeatureCode, quantity, occurredAt, reference, createdBy: 'socio-prueba' }, occurredAt));

  describe('getDetailsLicenseCustomer', () => {
    const details = (body: object, token = admin) => t.api.post('/license/api/license/getDetailsLicenseCustomer', token).send(body);

    /** A company with two services: Alfa (two features, one near 85 %, one exhausted) and Beta (unlimited), plus one licence already past its end. */
    async function company() {
      const customer = await createCustomer(t, { legalName: 'Bolsas y Cía S.A.S.' });
      const alfa = await createService(t, { serviceName: `Álfa ${customer.id}` });
      const beta = await createService(t, { serviceName: `Beta ${customer.id}` });
      const signatures = await createServiceFeature(t, { serviceId: alfa.id, featureDescription: 'Firmas' });
      const users = await createServiceFeature(t, { serviceId: alfa.id, featureDescription: 'Usuarios' });
      const documents = await createServiceFeature(t, { serviceId: beta.id, featureDescription: 'Documentos' });
      const alfaLicence = await createLicence(t, {
        customerId: customer.id,
        serviceId: alfa.id,
        effectiveAt: new Date(Date.now() - 30 * 86400_000),
        features: [
          { serviceFeatureId: signatures.id, quantity: 100 },
          { serviceFeatureId: users.id, quantity: 5 },
        ],
      });
      const betaLicence = await createLicence(t, {
        customerId: customer.id,
        serviceId: beta.id,
        features: [{ serviceFeatureId: documents.id, quantity: null }],
      });
      const over = await createLicence(t, {
        customerId: customer.id,
        serviceId: beta.id,
        features: [{ serviceFeatureId: documents.id, quantity: 10 }],
        effectiveAt: new Date(Date.now() - 40 * 86400_000),
        expiresAt: new Date(Date.now() - 86400_000),
      });
      await consume(customer.id, signatures.serviceFeatureCode, 86, new Date(Date.now() - 5 * 86400_000));
      await consume(customer.id, users.serviceFeatureCode, 5, new Date(Date.now() - 2 * 86400_000));
      await consume(customer.id, documents.serviceFeatureCode, 7, new Date(Date.now() - 10 * 86400_000));
      return { customer, alfa, beta, signatures, users, documents, alfaLicence, betaLicence, over };
    }

    it("answers the company's bags with totalPlan, totalUsed, totalAvailable, percentageUsed and lastUseDate, sorted A - Z by default", async () => {
      const c = await company();
      const res = await details({ purchaseOrderLicenseId: c.alfaLicence.id }).expect(200);
      const rows = res.body.result.records as BagRow[];
      expect(rows.map((r) => [r.serviceName, r.serviceFeatureCode])).toEqual([
        [c.alfa.serviceName, c.signatures.serviceFeatureCode],
        [c.alfa.serviceName, c.users.serviceFeatureCode],
        [c.beta.serviceName, c.documents.serviceFeatureCode],
        [c.beta.serviceName, c.documents.serviceFeatureCode],
      ]);
      expect(rows[0]).toMatchObject({
        customerName: 'Bolsas y Cía S.A.S.',
        documentType: 'NIT',
        documentNumber: c.customer.documentNumber,
        serviceFeatureName: 'Firmas',
        totalPlan: 100,
        totalUsed: 86,
        totalAvailable: 14,
        percentageUsed: 86,
        availability: 'Baja disponibilidad',
        isActive: true,
        state: 'ACTIVE',
      });
      expect(Date.parse(rows[0].lastUseDate ?? '')).toBeGreaterThan(Date.now() - 6 * 86400_000);
      expect(rows[1]).toMatchObject({ totalPlan: 5, totalUsed: 5, totalAvailable: 0, percentageUsed: 100, availability: 'Sin disponibilidad' });
      const unlimited = rows.find((r) => r.purchaseOrderLicenseId === c.betaLicence.id);
      expect(unlimited).toMatchObject({
        isUnlimited: true,
        totalPlan: null,
        totalAvailable: null,
        totalUsed: 0,
        percentageUsed: 0,
        availability: null,
        lastUseDate: null,
      });
      const expired = rows.find((r) => r.purchaseOrderLicenseId === c.over.id);
      expect(expired).toMatchObject({
        isActive: false,
        state: 'EXPIRED',
        totalPlan: 10,
        totalUsed: 7,
        totalExpired: 3,
        totalAvailable: 0,
        percentageUsed: 100,
      });
    });

    it('filters by company and by product, and sorts Z - A, newest and oldest (never used last)', async () => {
      const c = await company();
      const customerFilter = { type: 'Customer', value: c.customer.id };
      const codes = async (body: object) =>
        ((await details(body).expect(200)).body.result.records as BagRow[]).map((r) => `${r.purchaseOrderLicenseId}:${r.serviceFeatureCode}`);
      const beta = await codes({ filters: [customerFilter, { type: 'Service', value: String(c.beta.id) }] });
      expect(beta).toEqual([`${c.betaLicence.id}:${c.documents.serviceFeatureCode}`, `${c.over.id}:${c.documents.serviceFeatureCode}`]);
      const both = await codes({ filters: [customerFilter, { type: 'Service', value: c.beta.id }, { type: 'Service', value: c.alfa.id }], sortType: 'Z - A' });
      expect(both[0]).toContain(c.documents.serviceFeatureCode);
      expect(both.at(-1)).toBe(`${c.alfaLicence.id}:${c.signatures.serviceFeatureCode}`);
      expect(await codes({ filters: [customerFilter], sortType: 'newest' })).toEqual([
        `${c.alfaLicence.id}:${c.users.serviceFeatureCode}`,
        `${c.alfaLicence.id}:${c.signatures.serviceFeatureCode}`,
        `${c.over.id}:${c.documents.serviceFeatureCode}`,
        `${c.betaLicence.id}:${c.documents.serviceFeatureCode}`,
      ]);
      expect(await codes({ filters: [customerFilter], sortType: 'oldest' })).toEqual([
        `${c.over.id}:${c.documents.serviceFeatureCode}`,
        `${c.alfaLicence.id}:${c.signatures.serviceFeatureCode}`,
        `${c.alfaLicence.id}:${c.users.serviceFeatureCode}`,
        `${c.betaLicence.id}:${c.documents.serviceFeatureCode}`,
      ]);
    });

    it("answers 404 with the screen's text when nothing matches, 400 without a company or with a wrong filter", async () => {
      const c = await company();
      const text = 'No se encontraron licencias para este cliente en el filtro seleccionado';
      const otherService = await createService(t);
      const none = await details({
        filters: [
          { type: 'Customer', value: c.customer.id },
          { type: 'Service', value: otherService.id },
        ],
      }).expect(404);
      expect(none.body).toMatchObject({ statusCode: 404, statusMessage: text });
      const empty = await createCustomer(t);
      expect((await details({ filters: [{ type: 'Customer', value: empty.id }] }).expect(404)).body.statusMessage).toBe(text);
      expect((await details({ purchaseOrderLicenseId: 987654 }).expect(404)).body.statusMessage).toBe(text);
      const otherCompany = await details({ purchaseOrderLicenseId: c.alfaLicence.id, filters: [{ type: 'Customer', value: empty.id }] }).expect(404);
      expect(otherCompany.body.statusMessage).toBe(text);
      const noCompany = await details({ filters: [{ type: 'Service', value: c.alfa.id }] }).expect(400);
      expect(noCompany.body.statusDetails).toEqual([{ field: 'body.filters', description: 'se requiere purchaseOrderLicenseId o un filtro Customer' }]);
      await details({ filters: [{ type: 'Company', value: c.customer.id }] }).expect(400);
      await details({ filters: [{ type: 'Customer', value: 'uno' }] }).expect(400);
      await details({ purchaseOrderLicenseId: c.alfaLicence.id, sortType: 'A-Z' }).expect(400);
    });

    it('is for the licences privilege', async () => {
      const c = await company();
      await details({ purchaseOrderLicenseId: c.alfaLicence.id }, await t.signIn('LICENSEPROMOCODE')).expect(403);
      await details({ purchaseOrderLicenseId: c.alfaLicence.id }, await t.signIn('LICFINANCIERO')).expect(200);
      await t.api.post('/license/api/license/getDetailsLicenseCustomer').send({ purchaseOrderLicenseId: c.alfaLicence.id }).expect(401);
    });
  });
  describe('GetCustomersLicensed', () => {
    const licensed = (headers: Record<string, string>, token = admin) => {
      let req = t.api.get('/license/api/Customer/GetCustomersLicensed', token);
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      return req;
    };

    /** A complementary (CMP) package of the service carrying `quantity` of the feature. */
    async function complementaryPackage(serviceId: number, serviceFeatureId: number, quantity: number) {
      const pkg = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3 });
      const current = (await t.api.get(`/api/v1/packages/${pkg.id}`, admin).expect(200)).body;
      await t.api
        .put(`/api/v1/packages/${pkg.id}/features`, admin)
        .send({ version: current.version, features: [{ serviceFeatureId, quantity }] })
        .expect(200);
      return pkg.id;
    }

    it('answers the companies holding licences with each service: base licence, last use, balance of the active plans and the licences', async () => {
      const name = unique('Licenciada Única ');
      const customer = await createCustomer(t, { legalName: name });
      const feature = await createServiceFeature(t, { featureDescription: 'Nóminas' });
      const day = 86400_000;
      const old = await createLicence(t, {
        customerId: customer.id,
        serviceId: feature.serviceId,
        features: [{ serviceFeatureId: feature.id, quantity: 10 }],
        effectiveAt: new Date(Date.now() - 400 * day),
        expiresAt: new Date(Date.now() - 35 * day),
      });
      const base = await createLicence(t, {
        customerId: customer.id,
        serviceId: feature.serviceId,
        features: [{ serviceFeatureId: feature.id, quantity: 100 }],
        effectiveAt: new Date(Date.now() - 30 * day),
        expiresAt: new Date(Date.now() + 335 * day),
      });
      const extra = await createLicence(t, {
        customerId: customer.id,
        serviceId: feature.serviceId,
        packageId: await complementaryPackage(feature.serviceId, feature.id, 50),
        effectiveAt: new Date(Date.now() - day),
        expiresAt: new Date(Date.now() + 700 * day),
      });
      const usedAt = new Date(Date.now() - 2 * day);
      await consume(customer.id, feature.serviceFeatureCode, 30, usedAt);
      await createCustomer(t, { legalName: `${name} sin licencias` });

      const res = await licensed({ filter: encodeURIComponent(name) }).expect(200);
      expect(res.body.result.totalRecords).toBe(1);
      const [record] = res.body.result.records;
      expect(record).toMatchObject({
        customerId: customer.id,
        customerName: name,
        personType: 'J',
        documentTypeId: 4,
        documentType: 'NIT',
        documentNumber: customer.documentNumber,
        dv: customer.dv,
        legalRepresentativeName: null,
      });
      expect(record.serviceLicenses).toHaveLength(1);
      const [service] = record.serviceLicenses;
      expect(service).toMatchObject({
        serviceId: feature.serviceId,
        licenseBaseId: base.id,
        licenseBaseStartDate: base.effectiveAt.toISOString(),
        licenseBaseExpirationDate: base.expiresAt?.toISOString(),
        licenseBaseIsActive: true,
        lastConsumptionLicense: usedAt.toISOString(),
        balanceTotalPlans: 70 + 50,
        hasUnlimitedBalance: false,
      });
      expect(service.licenses.map((l: { purchaseOrderLicenseId: number; isActive: boolean }) => [l.purchaseOrderLicenseId, l.isActive])).toEqual([
        [old.id, false],
        [base.id, true],
        [extra.id, true],
      ]);
    });

    it('pages with startRegister and registerNumber (10 by default), newest first; a page past the end is empty', async () => {
      const name = unique('Paginada ');
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        const customer = await createCustomer(t, { legalName: `${name} ${i}` });
        await createLicence(t, { customerId: customer.id });
        ids.push(customer.id);
      }
      const page = async (headers: Record<string, string>) => (await licensed({ filter: name, ...headers }).expect(200)).body.result;
      const first = await page({});
      expect(first.totalRecords).toBe(12);
      expect(first.records.map((r: { customerId: number }) => r.customerId)).toEqual(ids.slice(2).reverse());
      const second = await page({ startRegister: '10', registerNumber: '5' });
      expect(second.records.map((r: { customerId: number }) => r.customerId)).toEqual([ids[1], ids[0]]);
      expect(await page({ startRegister: '20' })).toEqual({ records: [], totalRecords: 12 });
    });

    it("answers 404 'No se encontraron licencias' when no company with licences matches, 400 for wrong paging, and needs the licences privilege", async () => {
      const name = unique('Sin licencias ');
      await createCustomer(t, { legalName: name });
      const none = await licensed({ filter: name }).expect(404);
      expect(none.body).toMatchObject({ statusCode: 404, statusMessage: 'No se encontraron licencias' });
      await licensed({ registerNumber: '0' }).expect(400);
      await licensed({ registerNumber: '501' }).expect(400);
      await licensed({ startRegister: '-1' }).expect(400);
      await licensed({}, await t.signIn('LICENSEPROMOCODE')).expect(403);
      await t.api.get('/license/api/Customer/GetCustomersLicensed').expect(401);
    });
  });
  describe('getLicenseUsage', () => {
    const usage = (body: object, headers: Record<string, string> = {}, token = admin) => {
      let req = t.api.post('/license/api/license/getLicenseUsage', token);
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      return req.send(body);
    };

    it('answers the consumptions and reversals newest first with licence, feature, range price, amount, reference and author', async () => {
      const customer = await createCustomer(t);
      const service = await createService(t, { serviceName: unique('Nómina Usada ') });
      const feature = await createServiceFeature(t, { serviceId: service.id, featureDescription: 'Empleados' });
      const licence = await createLicence(t, {
        customerId: customer.id,
        serviceId: service.id,
        contractNumber: 'CT-USO-1',
        effectiveAt: new Date(Date.now() - 30 * 86400_000),
        features: [{ serviceFeatureId: feature.id, quantity: 100 }],
        transactionRanges: [
          { rangeMinimum: 1, rangeMaximum: 10, rangePrice: '100.50' },
          { rangeMinimum: 11, rangeMaximum: 100, rangePrice: '80' },
        ],
      });
      const other = await createLicence(t, { customerId: customer.id, effectiveAt: new Date(Date.now() - 30 * 86400_000) });
      const first = await consume(customer.id, feature.serviceFeatureCode, 4, new Date(Date.now() - 3 * 86400_000), 'nómina marzo');
      const second = await consume(customer.id, feature.serviceFeatureCode, 8, new Date(Date.now() - 2 * 86400_000), 'nómina abril');
      const reversal = await inContext(() => service_().reverse(first.movementId, 'soporte'));
      await consume(customer.id, other.balances[0].serviceFeatureCode, 1, new Date(Date.now() - 86400_000), 'otro servicio');

      const body = { DocumentType: 4, DocumentNumber: customer.documentNumber, ServiceName: service.serviceName.toUpperCase().replace('Ó', 'O') };
      const res = await usage(body).expect(200);
      const { licenseUsageList: rows, countRecords, nextSkipLicense } = res.body.result.records;
      expect(countRecords).toBe(3);
      expect(nextSkipLicense).toBeNull();
      expect(rows.map((r: { movementId: number }) => r.movementId)).toEqual([reversal.movementId, second.movementId, first.movementId]);
      expect(rows[1]).toMatchObject({
        movementType: 'CONSUMPTION',
        movementTypeName: 'Consumo',
        purchaseOrderLicenseId: licence.id,
        serviceId: service.id,
        serviceName: service.serviceName,
        contractNumber: 'CT-USO-1',
        serviceFeatureCode: feature.serviceFeatureCode,
        serviceFeatureName: 'Empleados',
        quantity: 8,
        unitPrice: 80,
        totalPrice: 640,
        reference: 'nómina abril',
        createdBy: 'socio-prueba',
        isReversed: false,
        reversedByMovementId: null,
        reversesMovementId: null,
      });
      expect(rows[2]).toMatchObject({ quantity: 4, unitPrice: 100.5, totalPrice: 402, isReversed: true, reversedByMovementId: reversal.movementId });
      expect(rows[0]).toMatchObject({
        movementType: 'REVERSAL',
        movementTypeName: 'Reverso',
        quantity: 4,
        unitPrice: 100.5,
        totalPrice: 402,
        reversesMovementId: first.movementId,
        createdBy: 'soporte',
      });

      const all = (await usage({ DocumentType: 4, DocumentNumber: customer.documentNumber }).expect(200)).body.result.records;
      expect(all.countRecords).toBe(4);
      const searched = (await usage({ ...body, pFilter: 'NOMINA ABRIL' }).expect(200)).body.result.records;
      expect(searched.licenseUsageList.map((r: { movementId: number }) => r.movementId)).toEqual([second.movementId]);
      const byFeature = (await usage({ ...body, pFilter: 'empleados' }).expect(200)).body.result.records;
      expect(byFeature.countRecords).toBe(3);
    });

    it('pages with pSkip and pTake; nextSkipLicense is the next page, null on the last', async () => {
      const licence = await createLicence(t, { quantity: 100, effectiveAt: new Date(Date.now() - 10 * 86400_000) });
      const code = licence.balances[0].serviceFeatureCode;
      for (let i = 0; i < 5; i++) await consume(licence.customerId, code, 1, new Date(Date.now() - (i + 1) * 3600_000), `uso ${i}`);
      const customer = (await t.api.get(`/api/v1/customers/${licence.customerId}`, admin).expect(200)).body;
      const body = { DocumentType: 4, DocumentNumber: customer.documentNumber };
      const page = async (headers: Record<string, string>) => (await usage(body, headers).expect(200)).body.result.records;
      const first = await page({ pSkip: '0', pTake: '2' });
      expect(first.licenseUsageList.map((r: { reference: string }) => r.reference)).toEqual(['uso 0', 'uso 1']);
      expect(first).toMatchObject({ countRecords: 5, nextSkipLicense: 2 });
      const last = await page({ pSkip: '4', pTake: '2' });
      expect(last.licenseUsageList.map((r: { reference: string }) => r.reference)).toEqual(['uso 4']);
      expect(last.nextSkipLicense).toBeNull();
      expect((await page({})).licenseUsageList).toHaveLength(5);
      expect(await page({ pSkip: '9' })).toEqual({ licenseUsageList: [], countRecords: 5, nextSkipLicense: null });
    });

    it('answers 404 for an unknown company or service, 400 for a wrong request, and needs the licences privilege', async () => {
      const customer = await createCustomer(t);
      const missing = await usage({ DocumentType: 4, DocumentNumber: '999999999' }).expect(404);
      expect(missing.body.statusMessage).toBe('La empresa no existe');
      const noService = await usage({ DocumentType: 4, DocumentNumber: customer.documentNumber, ServiceName: 'No existe este servicio' }).expect(404);
      expect(noService.body.statusMessage).toBe('No se encontró el servicio');
      expect((await usage({ DocumentType: 4, DocumentNumber: customer.documentNumber }).expect(200)).body.result.records).toEqual({
        licenseUsageList: [],
        countRecords: 0,
        nextSkipLicense: null,
      });
      await usage({ DocumentType: 4 }).expect(400);
      await usage({ DocumentType: 4, DocumentNumber: customer.documentNumber }, { pTake: '0' }).expect(400);
      await usage({ DocumentType: 4, DocumentNumber: customer.documentNumber }, { pTake: '501' }).expect(400);
      await usage({ DocumentType: 4, DocumentNumber: customer.documentNumber }, {}, await t.signIn('LICENSEPROMOCODE')).expect(403);
      await t.api.post('/license/api/license/getLicenseUsage').send({ DocumentType: 4, DocumentNumber: customer.documentNumber }).expect(401);
    });
  });
});
