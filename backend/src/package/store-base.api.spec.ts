import type { OpResponse } from '../contract/types.js';
import { useTestApp } from '../test-support/fixture.js';
import {
  createCustomer,
  createLicence,
  createPackage,
  createService,
  createServiceFeature,
  createUser,
  type PackageRecord,
  unique,
} from '../test-support/factories.js';

type Base = OpResponse<'getPackageBaseCustomer', 200>['result']['records'];

const PATH = '/license/api/license/GetPackageBaseCustomer';
const DAY = 86_400_000;

describe('GetPackageBaseCustomer (the base plan in force of a company in a service)', () => {
  const t = useTestApp();
  let admin: string;
  let serviceName: string;
  let serviceId: number;
  let company: { id: number; documentTypeId: number; documentNumber: string };
  let owner: string;
  let base: PackageRecord;
  let combo: PackageRecord;
  let extra: PackageRecord;
  let free: PackageRecord;

  const ask = (body: object, token?: string) => t.api.post(PATH, token).send(body);
  const signInCustomer = async (customerId: number) => {
    const user = await createUser(t, { role: 'CUSTOMER', customerId });
    return (await t.api.login(user.username, user.password, user.appName)).token;
  };
  const at = (days: number) => new Date(Date.now() + days * DAY);

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    serviceName = unique('Nómina Base ');
    serviceId = (await createService(t, { serviceName, appName: 'colnomina' })).id;
    base = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packageName: 'Plan base' });
    combo = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 2, packageName: 'Plan combo' });
    extra = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packageName: 'Adicional' });
    free = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 0, taxIva: 0, packageName: 'Plan gratis' });
    const feature = (await createServiceFeature(t, { serviceId })).id;
    for (const pkg of [base, combo, extra, free]) {
      await t.api
        .put(`/api/v1/packages/${pkg.id}/features`, admin)
        .send({ features: [{ serviceFeatureId: feature, quantity: 10 }] })
        .expect(200);
    }
    company = await createCustomer(t);
    owner = await signInCustomer(company.id);
  });

  it('answers hasBasePackage false for a company without a base plan (a complementary package is not one)', async () => {
    const other = await createCustomer(t);
    await createLicence(t, { customerId: other.id, serviceId, packageId: extra.id });
    const res = await ask({ ServiceName: serviceName, DocumentType: other.documentTypeId, DocumentNumber: other.documentNumber }, admin).expect(200);
    expect(res.body.result.records).toEqual({ hasBasePackage: false, basePackage: null });
  });

  it("gives the customer its own company's base plan in force ending last, by the service's name or brand", async () => {
    await createLicence(t, { customerId: company.id, serviceId, packageId: base.id, expiresAt: at(100) });
    const combined = await createLicence(t, { customerId: company.id, serviceId, packageId: combo.id, expiresAt: at(200) });
    await createLicence(t, { customerId: company.id, serviceId, packageId: extra.id, expiresAt: at(300) });
    // Over by its dates though not yet closed by the expiry job: not in force.
    await createLicence(t, { customerId: company.id, serviceId, packageId: base.id, effectiveAt: at(-400), expiresAt: at(-1) });
    const res = await ask({ ServiceName: serviceName.toUpperCase() }, owner).expect(200);
    const records = res.body.result.records as Base;
    expect(records).toEqual({
      hasBasePackage: true,
      basePackage: {
        licenceId: combined.id,
        packageId: combo.id,
        packageCode: combo.packageCode,
        packageName: 'Plan combo',
        packageTypeCode: 'CMB',
        isFree: false,
        effectiveDate: combined.effectiveAt.toISOString(),
        expirationDate: combined.expiresAt?.toISOString(),
        isActivated: true,
      },
    });
    const byBrand = await ask({ ServiceName: 'Colnomina', DocumentType: company.documentTypeId, DocumentNumber: company.documentNumber }, owner).expect(200);
    expect((byBrand.body.result.records as Base).basePackage?.licenceId).toBe(combined.id);
  });

  it('says when the base plan is free and when it awaits activation', async () => {
    const holder = await createCustomer(t);
    const pending = await createLicence(t, { customerId: holder.id, serviceId, packageId: free.id, state: 'PENDING', expiresAt: null });
    const res = await ask({ ServiceName: serviceName, DocumentType: holder.documentTypeId, DocumentNumber: holder.documentNumber }, admin).expect(200);
    expect(res.body.result.records).toMatchObject({
      hasBasePackage: true,
      basePackage: { licenceId: pending.id, packageTypeCode: 'BAS', isFree: true, isActivated: false, expirationDate: null },
    });
  });

  it("refuses another company's plan to a customer (403) and answers 404 for an unknown company or service", async () => {
    const other = await createCustomer(t);
    const forbidden = await ask({ ServiceName: serviceName, DocumentType: other.documentTypeId, DocumentNumber: other.documentNumber }, owner).expect(403);
    expect(forbidden.body.statusMessage).toBe('No tienes los suficientes privilegios para realizar esta acción.');
    const noCompany = await ask({ ServiceName: serviceName, DocumentType: 4, DocumentNumber: '999999998' }, admin).expect(404);
    expect(noCompany.body.statusMessage).toBe('La empresa no existe');
    const noService = await ask({ ServiceName: 'Servicio que no existe' }, owner).expect(404);
    expect(noService.body.statusMessage).toBe('No se encontró el servicio');
  });

  it('asks staff for the company (400) and checks the shape (400 per field)', async () => {
    const missing = await ask({ ServiceName: serviceName }, admin).expect(400);
    expect(missing.body.statusDetails).toEqual([{ field: 'body.DocumentType', description: 'Se requieren DocumentType y DocumentNumber' }]);
    const noNumber = await ask({ ServiceName: serviceName, DocumentType: 4 }, admin).expect(400);
    expect(noNumber.body.statusDetails).toEqual([{ field: 'body.DocumentNumber', description: 'Se requieren DocumentType y DocumentNumber' }]);
    const shape = await ask({ ServiceName: '' }, owner).expect(400);
    expect(shape.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(['body.ServiceName']);
  });

  it('is for signed-in customers and staff holding licences (401 without a token, 403 for other staff)', async () => {
    await ask({ ServiceName: serviceName }).expect(401);
    const promo = await t.signIn('LICENSEPROMOCODE');
    await ask({ ServiceName: serviceName, DocumentType: company.documentTypeId, DocumentNumber: company.documentNumber }, promo).expect(403);
  });
});
