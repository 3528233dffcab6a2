import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { LicenceService } from '../licence/licence.service.js';
import { createCustomer, createLicence, createPackage, createService, createServiceFeature, createUser } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const DAY = 86_400_000;
const PATH = '/license/api/License/GetDetailLicenseCustomerMyPlan';

describe('My Plan API (GetDetailLicenseCustomerMyPlan)', () => {
  const t = useTestApp();

  /** A company, a customer user of it and its token. */
  async function company() {
    const customer = await createCustomer(t);
    const user = await createUser(t, { role: 'CUSTOMER', customerId: customer.id });
    const { token } = await t.api.login(user.username, user.password, user.appName);
    return { customer, token, ask: { DocumentType: customer.documentTypeId, DocumentNumber: customer.documentNumber } };
  }

  async function consume(customerId: number, serviceFeatureCode: string, quantity: number) {
    const orm = t.app.get(MikroORM);
    await RequestContext.create(orm.em, () => t.app.get(LicenceService).consume({ customerId, serviceFeatureCode, quantity, createdBy: 'pruebas' }));
  }

  it('shows the base plan, the complementary packages with their badges and each feature summed with its balance', async () => {
    const { customer, token, ask } = await company();
    const service = await createService(t, { descriptionService: 'Nómina de prueba' });
    const feature = await createServiceFeature(t, { serviceId: service.id });
    const base = await createPackage(t, { serviceIds: [service.id], packageTypeId: 1, packageName: 'Plan Empresarial' });
    const extra = await createPackage(t, { serviceIds: [service.id], packageTypeId: 3, packageName: 'Empleados adicionales' });
    const now = Date.now();
    const grant = (packageId: number, quantity: number, over: Parameters<typeof createLicence>[1]) =>
      createLicence(t, { customerId: customer.id, serviceId: service.id, packageId, features: [{ serviceFeatureId: feature.id, quantity }], ...over });
    await grant(base.id, 100, { expiresAt: new Date(now + 10 * DAY) });
    await grant(extra.id, 1000, { expiresAt: new Date(now + 200 * DAY) });
    await grant(extra.id, 5, { state: 'PENDING' });
    await consume(customer.id, feature.serviceFeatureCode, 950);

    const res = await t.api
      .post(PATH, token)
      .send({ ...ask, ServiceName: service.serviceName.toUpperCase() })
      .expect(200);
    const plan = res.body.result.records;
    expect(plan).toMatchObject({
      serviceId: service.id,
      serviceName: service.serviceName,
      serviceNameDescription: 'Nómina de prueba',
      packageName: 'Plan Empresarial',
    });
    expect(new Date(plan.expirationDate).getTime()).toBeGreaterThan(now + 9 * DAY);
    expect(plan.packagesFeatures).toEqual([
      expect.objectContaining({
        featureCode: feature.serviceFeatureCode,
        quantityTxLabel: '1.100',
        amountBalanceTxLabel: '150',
        quantityAddLabel: '1.000',
        total: 1100,
        used: 950,
        available: 150,
        unlimited: false,
        percentageUsed: 86.36,
        availability: 'Baja disponibilidad',
      }),
    ]);
    expect(plan.packagesActiveInfo.map((p: Record<string, unknown>) => [p.packageType, p.packageName, p.isNearToExpire, p.isActivated])).toEqual([
      ['BAS', 'Plan Empresarial', true, true],
      ['CMP', 'Empleados adicionales', false, true],
      ['CMP', 'Empleados adicionales', false, false],
    ]);
  });

  it('says an unlimited feature is unlimited', async () => {
    const { customer, token, ask } = await company();
    const licence = await createLicence(t, { customerId: customer.id, quantity: null });
    const service = (await t.api.get(`/api/v1/services/${licence.serviceId}`, await t.signIn('SUPERADMIN')).expect(200)).body;
    const res = await t.api
      .post(PATH, token)
      .send({ ...ask, ServiceName: service.serviceName })
      .expect(200);
    expect(res.body.result.records.packagesFeatures[0]).toMatchObject({
      quantityTxLabel: 'Ilimitado',
      amountBalanceTxLabel: 'Ilimitado',
      total: null,
      unlimited: true,
      availability: null,
    });
  });

  it('answers an empty plan when the company holds no licence of the service', async () => {
    const { token, ask } = await company();
    const service = await createService(t);
    const res = await t.api
      .post(PATH, token)
      .send({ ...ask, ServiceName: service.serviceName })
      .expect(200);
    expect(res.body.result.records).toMatchObject({ packageName: null, expirationDate: null, packagesFeatures: [], packagesActiveInfo: [] });
  });

  it("answers 422 '¡Tu plan base ha vencido!' when the base plan has expired and no other is current", async () => {
    const { customer, token, ask } = await company();
    const service = await createService(t);
    const feature = await createServiceFeature(t, { serviceId: service.id });
    const expired = { customerId: customer.id, serviceId: service.id, features: [{ serviceFeatureId: feature.id, quantity: 10 }] };
    await createLicence(t, { ...expired, effectiveAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() - DAY) });
    const res = await t.api
      .post(PATH, token)
      .send({ ...ask, ServiceName: service.serviceName })
      .expect(422);
    expect(res.body.statusCode).toBe(422);
    expect(res.body.statusMessage).toBe('¡Tu plan base ha vencido!');

    await createLicence(t, expired);
    await t.api
      .post(PATH, token)
      .send({ ...ask, ServiceName: service.serviceName })
      .expect(200);
  });

  it("refuses another company's plan (403) and names what does not exist (404)", async () => {
    const { token, ask } = await company();
    const other = await createCustomer(t);
    const service = await createService(t);
    await t.api
      .post(PATH, token)
      .send({ DocumentType: other.documentTypeId, DocumentNumber: other.documentNumber, ServiceName: service.serviceName })
      .expect(403);
    const noCompany = await t.api.post(PATH, token).send({ DocumentType: 4, DocumentNumber: '1', ServiceName: service.serviceName }).expect(404);
    expect(noCompany.body.statusMessage).toBe('La empresa no existe');
    const noService = await t.api
      .post(PATH, token)
      .send({ ...ask, ServiceName: 'No existe' })
      .expect(404);
    expect(noService.body.statusMessage).toBe('No se encontró el servicio');
  });

  it('needs the document and the service (400) and a customer or the licences privilege (403 for other staff)', async () => {
    const { token, ask } = await company();
    const bad = await t.api.post(PATH, token).send({ DocumentType: ask.DocumentType }).expect(400);
    expect(bad.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.DocumentNumber', 'body.ServiceName']));
    await t.api
      .post(PATH, await t.signIn('LICENSEPROMOCODE'))
      .send({ ...ask, ServiceName: 'x' })
      .expect(403);
    const staff = await t.api
      .post(PATH, await t.signIn('LICFINANCIERO'))
      .send({ ...ask, ServiceName: 'x' })
      .expect(404);
    expect(staff.body.statusMessage).toBe('No se encontró el servicio');
  });
});
