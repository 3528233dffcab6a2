import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { bogotaToday } from '@licencias/common/dates';
import { LicenceService } from '../licence/licence.service.js';
import { createCustomer, createLicence, createService, createServiceFeature, createUser, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const MONTHS = '/license/api/License/GetDetailLicenseEmployeeMyPlan';
const MONTH = '/license/api/License/SetDetailLicenseEmployeeMyPlan';

describe('My Plan employee months (GetDetailLicenseEmployeeMyPlan, SetDetailLicenseEmployeeMyPlan)', () => {
  const t = useTestApp();

  /** A company, a customer user of it and its token. */
  async function company() {
    const customer = await createCustomer(t);
    const user = await createUser(t, { role: 'CUSTOMER', customerId: customer.id });
    const { token } = await t.api.login(user.username, user.password, user.appName);
    return { customer, token, ask: { DocumentType: customer.documentTypeId, DocumentNumber: customer.documentNumber } };
  }

  /** A service with an employee feature (code ending in _EMPLEADO) and another one. */
  async function payrollService() {
    const service = await createService(t);
    const employee = await createServiceFeature(t, { serviceId: service.id, serviceFeatureCode: unique('NOMINA') + '_EMPLEADO' });
    const user = await createServiceFeature(t, { serviceId: service.id, serviceFeatureCode: unique('NOMINA') + '_USUARIO' });
    return { service, employee, user };
  }

  const inContext = <T>(work: (licences: LicenceService) => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, () => work(t.app.get(LicenceService)));

  /** A consumption as the partner API records it at `at` (the licences in force then are the candidates). */
  const consume = (customerId: number, serviceFeatureCode: string, quantity: number, at: string) =>
    inContext((licences) => licences.consume({ customerId, serviceFeatureCode, quantity, occurredAt: new Date(at), createdBy: 'pruebas' }, new Date(at)));

  /**
   * Licence A (100 employees from 10 Jan 2025, no near end) and B (10 from 15 Jan, ending 20 Feb
   * 2025, closed by the expiry job); consumptions in January and February (the last one on the
   * evening of 28 Feb in Bogotá, already 1 March in UTC), one in March that is reversed, and a
   * consumption of another feature.
   */
  async function history() {
    const { customer, token, ask } = await company();
    const { service, employee, user } = await payrollService();
    const grant = (quantity: number | null, effectiveAt: string, expiresAt: string, state?: 'PENDING') =>
      createLicence(t, {
        customerId: customer.id,
        serviceId: service.id,
        features: [
          { serviceFeatureId: employee.id, quantity },
          { serviceFeatureId: user.id, quantity: 5 },
        ],
        effectiveAt: new Date(effectiveAt),
        expiresAt: new Date(expiresAt),
        ...(state ? { state } : {}),
      });
    await grant(100, '2025-01-10T15:00:00Z', '2030-01-01T04:59:59.999Z');
    await grant(10, '2025-01-15T15:00:00Z', '2025-02-20T04:59:59.999Z');
    await grant(50, '2025-01-01T15:00:00Z', '2030-01-01T04:59:59.999Z', 'PENDING');
    const code = employee.serviceFeatureCode;
    await consume(customer.id, code, 4, '2025-01-20T15:00:00Z'); // B
    await consume(customer.id, code, 3, '2025-02-03T15:00:00Z'); // B (7 of 10)
    await consume(customer.id, code, 20, '2025-02-03T16:00:00Z'); // A
    await consume(customer.id, code, 5, '2025-03-01T04:30:00Z'); // A, 28 Feb 23:30 in Bogotá
    const reversed = await consume(customer.id, code, 6, '2025-03-05T15:00:00Z'); // A, reversed below
    await inContext((licences) => licences.reverse(reversed.movementId, 'pruebas', new Date('2025-03-06T15:00:00Z')));
    await consume(customer.id, user.serviceFeatureCode, 1, '2025-02-10T15:00:00Z');
    await inContext((licences) => licences.expire(new Date('2025-02-21T00:00:00Z')));
    return { token, ask: { ...ask, ServiceName: service.serviceName }, customer, service };
  }

  it('lists the months with employee consumptions, newest first, in Spanish and Bogotá months, without reversed consumptions', async () => {
    const { token, ask } = await history();
    const res = await t.api.post(MONTHS, token).send(ask).expect(200);
    expect(res.body.result.records).toEqual([
      { nameMonth: 'Febrero', year: 2025, month: 2, quantityUse: 28, transactions: 3 },
      { nameMonth: 'Enero', year: 2025, month: 1, quantityUse: 4, transactions: 1 },
    ]);
  });

  it('details a month: the plan in force, the use, the balance at its close and the days with transactions', async () => {
    const { token, ask } = await history();
    const february = await t.api
      .post(MONTH, token)
      .send({ ...ask, Month: 2, Year: 2025 })
      .expect(200);
    // A and B were in force: 110; left at the close: A 100 - 25, B 10 - 7 - 3 expired.
    expect(february.body.result.records).toEqual({
      nameMonth: 'Febrero',
      year: 2025,
      month: 2,
      quantityTx: 110,
      quantityBalance: 75,
      quantityUse: 28,
      transactions: 3,
      unlimited: false,
      days: [
        { day: '2025-02-03', quantityUse: 23, transactions: 2 },
        { day: '2025-02-28', quantityUse: 5, transactions: 1 },
      ],
    });
    const january = await t.api
      .post(MONTH, token)
      .send({ ...ask, Month: 1, Year: 2025 })
      .expect(200);
    expect(january.body.result.records).toMatchObject({ nameMonth: 'Enero', quantityTx: 110, quantityBalance: 106, quantityUse: 4, transactions: 1 });
    // March: only A was in force, and its consumption was reversed.
    const march = await t.api
      .post(MONTH, token)
      .send({ ...ask, Month: 3, Year: 2025 })
      .expect(200);
    expect(march.body.result.records).toMatchObject({ nameMonth: 'Marzo', quantityTx: 100, quantityBalance: 75, quantityUse: 0, transactions: 0, days: [] });
    // Before any licence.
    const december = await t.api
      .post(MONTH, token)
      .send({ ...ask, Month: 12, Year: 2024 })
      .expect(200);
    expect(december.body.result.records).toMatchObject({ nameMonth: 'Diciembre', quantityTx: 0, quantityBalance: 0, quantityUse: 0 });
  });

  it('says an unlimited employee balance is unlimited (no quantity, no balance)', async () => {
    const { customer, token, ask } = await company();
    const { service, employee } = await payrollService();
    await createLicence(t, { customerId: customer.id, serviceId: service.id, features: [{ serviceFeatureId: employee.id, quantity: null }] });
    await consume(customer.id, employee.serviceFeatureCode, 12, new Date().toISOString());
    const [year, month] = bogotaToday().split('-').map(Number);
    const res = await t.api
      .post(MONTH, token)
      .send({ ...ask, ServiceName: service.serviceName, Month: month, Year: year })
      .expect(200);
    expect(res.body.result.records).toMatchObject({ quantityTx: null, quantityBalance: null, quantityUse: 12, transactions: 1, unlimited: true });
  });

  it("answers 422 'El mes consultado aún no ha comenzado.' for a month to come, and the month under way", async () => {
    const { customer, token, ask } = await company();
    const { service, employee } = await payrollService();
    await createLicence(t, { customerId: customer.id, serviceId: service.id, features: [{ serviceFeatureId: employee.id, quantity: 30 }] });
    await consume(customer.id, employee.serviceFeatureCode, 2, new Date().toISOString());
    const [year, month] = bogotaToday().split('-').map(Number);
    const next = month === 12 ? { Month: 1, Year: year + 1 } : { Month: month + 1, Year: year };
    const res = await t.api
      .post(MONTH, token)
      .send({ ...ask, ServiceName: service.serviceName, ...next })
      .expect(422);
    expect(res.body.statusMessage).toBe('El mes consultado aún no ha comenzado.');
    const now = await t.api
      .post(MONTH, token)
      .send({ ...ask, ServiceName: service.serviceName, Month: month, Year: year })
      .expect(200);
    expect(now.body.result.records).toMatchObject({ year, month, quantityTx: 30, quantityBalance: 28, quantityUse: 2 });
  });

  it('answers no months and zero figures for a service without employee features', async () => {
    const { customer, token, ask } = await company();
    const licence = await createLicence(t, { customerId: customer.id, quantity: 10 });
    const service = (await t.api.get(`/api/v1/services/${licence.serviceId}`, await t.signIn('SUPERADMIN')).expect(200)).body;
    await consume(customer.id, licence.balances[0].serviceFeatureCode, 3, new Date().toISOString());
    const months = await t.api
      .post(MONTHS, token)
      .send({ ...ask, ServiceName: service.serviceName })
      .expect(200);
    expect(months.body.result.records).toEqual([]);
    const [year, month] = bogotaToday().split('-').map(Number);
    const detail = await t.api
      .post(MONTH, token)
      .send({ ...ask, ServiceName: service.serviceName, Month: month, Year: year })
      .expect(200);
    expect(detail.body.result.records).toMatchObject({ quantityTx: 0, quantityBalance: 0, quantityUse: 0, transactions: 0, unlimited: false, days: [] });
  });

  it("refuses another company's months (403), names what does not exist (404) and lets staff with licences read any company", async () => {
    const { token, ask } = await company();
    const other = await history();
    const theirs = { DocumentType: other.customer.documentTypeId, DocumentNumber: other.customer.documentNumber, ServiceName: other.service.serviceName };
    await t.api.post(MONTHS, token).send(theirs).expect(403);
    await t.api
      .post(MONTH, token)
      .send({ ...theirs, Month: 2, Year: 2025 })
      .expect(403);
    for (const [path, extra] of [
      [MONTHS, {}],
      [MONTH, { Month: 1, Year: 2025 }],
    ] as const) {
      const noCompany = await t.api
        .post(path, token)
        .send({ DocumentType: 4, DocumentNumber: '1', ServiceName: other.service.serviceName, ...extra })
        .expect(404);
      expect(noCompany.body.statusMessage).toBe('La empresa no existe');
      const noService = await t.api
        .post(path, token)
        .send({ ...ask, ServiceName: 'No existe', ...extra })
        .expect(404);
      expect(noService.body.statusMessage).toBe('No se encontró el servicio');
    }
    const staff = await t.api
      .post(MONTHS, await t.signIn('LICFINANCIERO'))
      .send(theirs)
      .expect(200);
    expect(staff.body.result.records).toHaveLength(2);
    await t.api
      .post(MONTHS, await t.signIn('LICENSEPROMOCODE'))
      .send(theirs)
      .expect(403);
  });

  it('needs the document, the service and a real month (400 per field)', async () => {
    const { token, ask } = await company();
    const bad = await t.api
      .post(MONTH, token)
      .send({ ...ask, Month: 13, Year: 1999 })
      .expect(400);
    expect(bad.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.Month', 'body.Year', 'body.ServiceName']));
    const missing = await t.api.post(MONTHS, token).send({ DocumentType: ask.DocumentType }).expect(400);
    expect(missing.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.DocumentNumber', 'body.ServiceName']));
  });
});
