import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { addDays, bogotaToday, formatDate } from '@licencias/common/dates';
import { addCalendarMonths } from '@licencias/common/rules';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import type { AuthUser } from '../auth/auth-user.js';
import { LicenceService } from '../licence/licence.service.js';
import {
  createCustomer,
  createLicence,
  createPackage,
  createService,
  createServiceFeature,
  createUser,
  partnerToken,
  unique,
} from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { DashboardService } from './dashboard.service.js';

const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function sheetOf(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Movimientos');
  if (!sheet) throw new Error(`no sheet 'Movimientos'`);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const DAY = 86400_000;
const today = () => formatDate(new Date());
const monthAgo = () => formatDate(new Date(Date.now() - 30 * DAY));

describe('customer dashboards (catalogue-and-dashboards §2.4–2.7, §7 Dashboards)', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
  });

  const licences = () => t.app.get(LicenceService);
  const inContext = <T>(run: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, run);
  const post = (path: string, token: string, body: object, headers: Record<string, string> = {}) => {
    const req = t.api.post(`/license/api/dashboard/${path}`, token);
    for (const [k, v] of Object.entries(headers)) void req.set(k, v);
    return req.send(body);
  };

  /** A company with one service, a package (two licences of it: a contract and an order-like one) and some use. */
  async function company() {
    const customer = await createCustomer(t, { legalName: 'Tablero y Cía S.A.S.', cellphoneNumber: '3001234567' });
    const service = await createService(t, { serviceName: `Firmas ${customer.id}`, descriptionService: 'Firma electrónica' });
    const feature = await createServiceFeature(t, { serviceId: service.id, featureDescription: 'Firmas electrónicas' });
    const pack = await createPackage(t, { serviceIds: [service.id], packageName: 'Plan Firmas 100' });
    const contract = await createLicence(t, {
      customerId: customer.id,
      serviceId: service.id,
      packageId: pack.id,
      contractNumber: `CT-${customer.id}`,
      effectiveAt: new Date(Date.now() - 20 * DAY),
      features: [{ serviceFeatureId: feature.id, quantity: 100 }],
    });
    const order = await createLicence(t, {
      customerId: customer.id,
      serviceId: service.id,
      packageId: pack.id,
      origin: 'ORDER_LINE',
      originReference: `OC-${customer.id}/1`,
      effectiveAt: new Date(Date.now() - 10 * DAY),
      features: [{ serviceFeatureId: feature.id, quantity: 50 }],
    });
    const consume = (quantity: number, daysAgo: number, reference: string) =>
      inContext(() =>
        licences().consume({
          customerId: customer.id,
          serviceFeatureCode: feature.serviceFeatureCode,
          quantity,
          occurredAt: new Date(Date.now() - daysAgo * DAY),
          reference,
          createdBy: 'socio',
        }),
      );
    const first = await consume(3, 5, 'c-1');
    await consume(2, 3, 'c-2');
    await inContext(() => licences().reverse(first.movementId, 'soporte'));
    const doc = { documentType: customer.documentTypeId, documentNumber: customer.documentNumber };
    return { customer, service, feature, pack, contract, order, doc };
  }

  it("dashboard-customer: the company's services with their packages", async () => {
    const c = await company();
    const res = await post('dashboard-customer', admin, c.doc).expect(200);
    expect(res.body.result).toEqual([
      {
        serviceName: c.service.serviceName,
        requiresSupervision: false,
        name: 'Firma electrónica',
        contractedServices: [{ packageCode: c.pack.packageCode, packageDescription: 'Plan Firmas 100' }],
      },
    ]);
    const empty = await createCustomer(t);
    const none = await post('dashboard-customer', admin, { documentType: 4, documentNumber: empty.documentNumber }).expect(200);
    expect(none.body.result).toEqual([]);
    const unknown = await post('dashboard-customer', admin, { documentType: 4, documentNumber: '1' }).expect(404);
    expect(unknown.body.statusMessage).toBe('La empresa no existe');
  });

  it('contracted-service-details: accumulated figures and one row per contract; used is the ledger', async () => {
    const c = await company();
    const res = await post('contracted-service-details', admin, {
      DocumentType: c.doc.documentType,
      DocumentNumber: c.doc.documentNumber,
      ServiceName: c.service.serviceName,
      PackageCode: c.pack.packageCode,
      IsSupervised: false,
    }).expect(200);
    const r = res.body.result;
    // 150 granted; 3 + 2 consumed, 3 reversed: 2 used (from the earliest-expiring bag).
    expect(r).toMatchObject({
      serviceName: c.service.serviceName,
      packageCode: c.pack.packageCode,
      quantityAccumulated: 150,
      usedAccumulated: 2,
      balanceAccumulated: 148,
      isUnlimited: false,
      serviceFeatureCode: c.feature.serviceFeatureCode,
    });
    expect(r.contractServiceDetail.map((d: { contractNumber: string; totalAmmount: number }) => [d.contractNumber, d.totalAmmount])).toEqual([
      [`OC-${c.customer.id}/1`, 50],
      [`CT-${c.customer.id}`, 100],
    ]);
    const totalUsed = r.contractServiceDetail.reduce((n: number, d: { totalUsed: number }) => n + d.totalUsed, 0);
    expect(totalUsed).toBe(2);
    expect(r.contractServiceDetail[1]).toMatchObject({
      effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      isUnlimited: false,
      serviceFeatureId: c.feature.id,
    });

    // An unlimited package.
    const unlimited = await createLicence(t, { customerId: c.customer.id, quantity: null });
    const names = await t.em().getConnection().execute<{ service_name: string }[]>(`select service_name from service where id = ?`, [unlimited.serviceId]);
    const u = await post('contracted-service-details', admin, {
      DocumentType: c.doc.documentType,
      DocumentNumber: c.doc.documentNumber,
      ServiceName: names[0].service_name,
      PackageCode: 'SIN-PAQUETE',
    }).expect(200);
    expect(u.body.result).toMatchObject({ isUnlimited: true, quantityAccumulated: null, balanceAccumulated: null, usedAccumulated: 0 });
    expect(u.body.result.contractServiceDetail[0]).toMatchObject({ isUnlimited: true, totalAmmount: null });
  });

  it('consumption-history: the card and the movements newest first, paged by skip and take, with the total', async () => {
    const c = await company();
    const body = {
      documentType: c.doc.documentType,
      documentNumber: c.doc.documentNumber,
      serviceName: c.service.serviceName,
      serviceFeatureCode: c.feature.serviceFeatureCode,
      startDate: monthAgo(),
      endDate: today(),
      isSupervised: false,
    };
    const res = await post('consumption-history', admin, body).expect(200);
    const r = res.body.result;
    expect(r).toMatchObject({
      customerName: 'Tablero y Cía S.A.S.',
      descriptionService: 'Firma electrónica',
      documentNumber: c.customer.documentNumber,
      documentType: 'NIT',
      email: c.customer.email,
      personType: 'J',
      phoneNumber: '3001234567',
      serviceName: c.service.serviceName,
      totalRecords: 5,
    });
    // Newest first: the reversal (now), consumption 2 (3 days ago), consumption 1 (5 days ago), the grants (10 and 20 days ago).
    expect(r.consumptionDetailHistory.map((m: { event: string; quantity: number }) => [m.event, m.quantity])).toEqual([
      ['Reverso', -3],
      ['Consumo', 2],
      ['Consumo', 3],
      ['Asignación', 50],
      ['Asignación', 100],
    ]);
    expect(r.consumptionDetailHistory[0].serviceFeatureDescription).toBe('Firmas electrónicas');
    const page = await post('consumption-history', admin, body, { skip: '1', take: '2' }).expect(200);
    expect(page.body.result.totalRecords).toBe(5);
    expect(page.body.result.consumptionDetailHistory.map((m: { event: string }) => m.event)).toEqual(['Consumo', 'Consumo']);
    // The range is Bogotá days: from 4 days ago, the grants and the first consumption are out.
    const recent = await post('consumption-history', admin, { ...body, startDate: formatDate(new Date(Date.now() - 4 * DAY)) }).expect(200);
    expect(recent.body.result.totalRecords).toBe(2);
    await post('consumption-history', admin, body, { take: '101' }).expect(400);
  });

  it('consumption-history: a large page travels compressed in one piece (br or gzip, with its length), the JSON intact', async () => {
    const c = await company();
    for (let i = 0; i < 90; i++)
      await inContext(() =>
        licences().consume({
          customerId: c.customer.id,
          serviceFeatureCode: c.feature.serviceFeatureCode,
          quantity: 1,
          reference: `z-${i}`,
          createdBy: 'socio',
        }),
      );
    const body = JSON.stringify({
      ...c.doc,
      serviceName: c.service.serviceName,
      serviceFeatureCode: c.feature.serviceFeatureCode,
      startDate: monthAgo(),
      endDate: today(),
    });
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = request(
          `${t.url}/license/api/dashboard/consumption-history`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-encoding': encoding, take: '100' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject).end(body);
      });
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.result.consumptionDetailHistory).toHaveLength(95);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await raw(encoding);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      // Compressed in one call, not streamed: the length is known and the answer is not chunked.
      expect(packed.headers['transfer-encoding']).toBeUndefined();
      expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
      expect(packed.body.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decode(packed.body).toString('utf8'))).toEqual(json);
    }
  });

  it("consumption-history: the date filter's rules with the spec's Spanish messages (422)", async () => {
    const c = await company();
    const body = {
      documentType: c.doc.documentType,
      documentNumber: c.doc.documentNumber,
      serviceName: c.service.serviceName,
      serviceFeatureCode: c.feature.serviceFeatureCode,
    };
    const problems = async (startDate: string | null, endDate: string | null) => {
      const res = await post('consumption-history', admin, { ...body, startDate, endDate }).expect(422);
      return res.body.statusDetails.map((d: { field: string; description: string }) => [d.field, d.description]);
    };
    expect(await problems('', null)).toEqual([
      ['startDate', 'Campo obligatorio'],
      ['endDate', 'Campo obligatorio'],
    ]);
    expect(await problems('2026/12/01', '31/02/2026')).toEqual([
      ['startDate', 'Fecha inválida, el formato debe ser dd/MM/yyyy'],
      ['endDate', 'Fecha inválida, el formato debe ser dd/MM/yyyy'],
    ]);
    const tomorrow = formatDate(new Date(Date.now() + DAY));
    expect(await problems('31/12/1999', tomorrow)).toEqual([
      ['startDate', 'Fecha mínima permitida 01/01/2000'],
      ['endDate', 'La fecha no puede ser mayor a hoy'],
    ]);
    expect(await problems(tomorrow, today())).toEqual([['startDate', 'La fecha no puede ser mayor a hoy']]);
    const start = formatDate(new Date(Date.now() - 2 * DAY));
    expect(await problems(start, formatDate(new Date(Date.now() - 3 * DAY)))).toEqual([['endDate', `La fecha debe ser igual o posterior a ${start}`]]);
    // The same day is a valid range; the ISO form is accepted too.
    await post('consumption-history', admin, { ...body, startDate: today(), endDate: bogotaToday() }).expect(200);
    const noFeature = await post('consumption-history', admin, { ...body, serviceFeatureCode: 'NO_EXISTE', startDate: today(), endDate: today() }).expect(404);
    expect(noFeature.body.statusMessage).toBe('No se encontró la característica');
  });

  it("a partner's consumption through the API shows on the dashboard at once: the panel, the history and the chart", async () => {
    const customer = await createCustomer(t, { legalName: 'Socio Directo S.A.S.' });
    const service = await createService(t, { appName: 'colnomina', descriptionService: 'Nómina electrónica' });
    const feature = await createServiceFeature(t, { serviceId: service.id, featureDescription: 'Nóminas' });
    const pack = await createPackage(t, { serviceIds: [service.id], packageName: 'Plan Nómina 40' });
    await createLicence(t, {
      customerId: customer.id,
      serviceId: service.id,
      packageId: pack.id,
      contractNumber: `CT-P-${customer.id}`,
      effectiveAt: new Date(Date.now() - DAY),
      features: [{ serviceFeatureId: feature.id, quantity: 40 }],
    });
    const { token } = await partnerToken(t, { appName: 'colnomina' });
    const panel = async () =>
      (
        await post('contracted-service-details', admin, {
          DocumentType: 4,
          DocumentNumber: customer.documentNumber,
          ServiceName: service.serviceName,
          PackageCode: pack.packageCode,
          IsSupervised: false,
        }).expect(200)
      ).body.result;
    expect(await panel()).toMatchObject({ quantityAccumulated: 40, usedAccumulated: 0, balanceAccumulated: 40 });
    await t.api
      .post('/api/v1/consumptions', token)
      .set('Idempotency-Key', unique('dash-'))
      .send({ documentType: 'NIT', documentNumber: customer.documentNumber, serviceFeatureCode: feature.serviceFeatureCode, quantity: 3 })
      .expect(201);
    expect(await panel()).toMatchObject({ usedAccumulated: 3, balanceAccumulated: 37 });
    const history = await post('consumption-history', admin, {
      documentType: 4,
      documentNumber: customer.documentNumber,
      serviceName: service.serviceName,
      serviceFeatureCode: feature.serviceFeatureCode,
      startDate: monthAgo(),
      endDate: today(),
      isSupervised: false,
    }).expect(200);
    expect(history.body.result.totalRecords).toBe(2);
  });

  it('contract-details: from the licences of a contract number or of an order reference; 404 for an unknown one', async () => {
    const c = await company();
    const res = await post('contract-details', admin, { contractNumber: `CT-${c.customer.id}`, serviceFeatureId: c.feature.id }).expect(200);
    expect(res.body.result).toMatchObject({
      contractNumber: `CT-${c.customer.id}`,
      customer: {
        name: 'Tablero y Cía S.A.S.',
        documentNumber: c.customer.documentNumber,
        documentType: 'NIT',
        personType: 'J',
        cellphoneNumber: '3001234567',
        email: c.customer.email,
        serviceName: c.service.serviceName,
        contractStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
      services: [{ packageDescription: 'Plan Firmas 100', quantity: 100, effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }],
    });
    const order = await post('contract-details', admin, { contractNumber: `OC-${c.customer.id}/1` }).expect(200);
    expect(order.body.result.services).toEqual([expect.objectContaining({ quantity: 50 })]);
    const none = await post('contract-details', admin, { contractNumber: 'NO-EXISTE-999' }).expect(404);
    expect(none.body.statusMessage).toBe('No se encontró el contrato');
  });

  it("contract-details: an agreement's number answers the agreement's dates, product and contracted services", async () => {
    // The agreement is made as the back office makes it (POST /api/v1/agreements), for a new company.
    const service = await createService(t, {
      serviceName: 'FirmaYa',
      serviceNameContract: 'Firma electrónica FirmaYa',
      appName: 'firmaya',
      isContractFullAccess: true,
    });
    const feature = await createServiceFeature(t, { serviceId: service.id });
    const other = await createServiceFeature(t, { serviceId: service.id });
    const packs = [];
    for (const [name, serviceFeatureId] of [
      ['Convenio Firmas', feature.id],
      ['Convenio Sellos', other.id],
    ] as const) {
      const pkg = await createPackage(t, { serviceIds: [service.id], packageName: name });
      const current = (await t.api.get(`/api/v1/packages/${pkg.id}`, admin).expect(200)).body;
      await t.api
        .put(`/api/v1/packages/${pkg.id}/features`, admin)
        .send({ version: current.version, features: [{ serviceFeatureId, quantity: 10 }] })
        .expect(200);
      packs.push(pkg);
    }
    const manager = await createUser(t, { role: 'LICENSECOMERCIAL', names: 'Carlos', surnames: 'Rendón' });
    const start = bogotaToday();
    const end = addCalendarMonths(start, 12);
    const contractNumber = unique('CONV-');
    const documentNumber = String(900000000 + (Number(unique('')) % 99999999)).slice(0, 9);
    const created = await t.api
      .post('/api/v1/agreements', admin)
      .send({
        contract: {
          contractNumber,
          contractStartDate: start,
          contractEndDate: end,
          commercialManagerId: manager.id,
          paymentConditionId: 1,
          serviceId: service.id,
        },
        customer: {
          personType: 'J',
          documentTypeId: 4,
          documentNumber,
          legalName: 'Logística del Pacífico S.A.S.',
          fulladdress: 'Calle 10 # 5-20',
          departmentId: 11,
          cityId: 11001,
          cellphoneNumber: '3109876543',
          email: `compras${documentNumber}@logisticapacifico.com.co`,
          legalDocumentTypeId: 1,
          legalDocumentNumber: '79123456',
          legalFirstName: 'Martha',
          legalLastName: 'Rincón',
        },
        supervisor: { documentTypeId: 1, documentNumber: '52123456', firstName: 'Lucía', lastName: 'Pardo', email: 'lucia.pardo@logisticapacifico.com.co' },
        services: [
          { packageCode: packs[0]!.packageCode, quantityToAdd: 1500, isUnlimited: false, validityType: 'M', validityPeriod: 12 },
          { packageCode: packs[1]!.packageCode, quantityToAdd: 0, isUnlimited: true, validityType: 'M', validityPeriod: 6 },
        ],
        alertOptions: { consumptionPercentageAlert: 80, deliveryTime: '09:00', deliveryFrequency: 'D' },
      })
      .expect(201);
    expect(created.body.contractedServices).toHaveLength(2);

    const res = await post('contract-details', admin, { contractNumber: ` ${contractNumber} ` }).expect(200);
    expect(res.body.result).toEqual({
      contractNumber,
      customer: expect.objectContaining({
        name: 'Logística del Pacífico S.A.S.',
        documentNumber,
        documentType: 'NIT',
        personType: 'J',
        cellphoneNumber: '3109876543',
        email: `compras${documentNumber}@logisticapacifico.com.co`,
        serviceName: 'Firma electrónica FirmaYa',
        contractStartDate: start,
        contractEndDate: end,
      }),
      services: [
        {
          packageDescription: 'Convenio Firmas',
          quantity: 1500,
          // From the contract's first day to the Bogotá day before start + 12 months (not the UTC day).
          effectiveDate: start,
          expirationDate: addDays(addCalendarMonths(start, 12), -1),
        },
        {
          packageDescription: 'Convenio Sellos',
          quantity: null,
          effectiveDate: start,
          expirationDate: addDays(addCalendarMonths(start, 6), -1),
        },
      ],
    });
    // The bag of one feature (the dashboard's 'Ver detalle' sends it): only the service that holds it.
    const one = await post('contract-details', admin, { contractNumber, serviceFeatureId: other.id }).expect(200);
    expect(one.body.result.services).toEqual([expect.objectContaining({ packageDescription: 'Convenio Sellos', quantity: null })]);
    // The agreement's company reads it; another company's customer gets the 404 of a missing contract.
    const customerId = (created.body.customer as { customerId: number }).customerId;
    const own = await createUser(t, { role: 'CUSTOMER', customerId });
    await post('contract-details', (await t.api.login(own.username, own.password, own.appName)).token, { contractNumber }).expect(200);
    const stranger = await createUser(t, { role: 'CUSTOMER' });
    const foreign = await post('contract-details', (await t.api.login(stranger.username, stranger.password, stranger.appName)).token, {
      contractNumber,
    }).expect(404);
    expect(foreign.body.statusMessage).toBe('No se encontró el contrato');
  });

  it("who sees what: the customer reads its own company, another's is 404 like a missing one; staff without the privilege 403", async () => {
    const c = await company();
    const other = await company();
    const user = await createUser(t, { role: 'CUSTOMER', customerId: c.customer.id });
    const customer = (await t.api.login(user.username, user.password, user.appName)).token;
    await post('dashboard-customer', customer, c.doc).expect(200);
    const foreign = await post('dashboard-customer', customer, other.doc).expect(404);
    const missing = await post('dashboard-customer', customer, { documentType: 4, documentNumber: '1' }).expect(404);
    expect(foreign.body.statusMessage).toBe(missing.body.statusMessage);
    expect(foreign.body.statusMessage).toBe('La empresa no existe');
    await post('contracted-service-details', customer, {
      DocumentType: other.doc.documentType,
      DocumentNumber: other.doc.documentNumber,
      ServiceName: other.service.serviceName,
      PackageCode: other.pack.packageCode,
    }).expect(404);
    await post('contract-details', customer, { contractNumber: `CT-${other.customer.id}` }).expect(404);
    await post('contract-details', customer, { contractNumber: `CT-${c.customer.id}` }).expect(200);
    // The customer downloads its own company's movements (issue 24); another company's is the same 404.
    const own = await t.api
      .get(`/api/v1/dashboard/movements/export?${exportQuery(c)}`, customer)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect((await sheetOf(own.body as Buffer))[0]).toEqual(['Empresa', 'Tablero y Cía S.A.S.']);
    const foreignExport = await t.api.get(`/api/v1/dashboard/movements/export?${exportQuery(other)}`, customer).expect(404);
    expect(foreignExport.body.statusMessage).toBe('La empresa no existe');
    // REPORTS staff (LICFINANCIEROCONSULTA) read any company; LICENSEPROMOCODE has neither privilege.
    await post('dashboard-customer', await t.signIn('LICFINANCIEROCONSULTA'), other.doc).expect(200);
    await post('dashboard-customer', await t.signIn('LICENSEPROMOCODE'), other.doc).expect(403);
    await post('dashboard-customer', '', other.doc).expect(401);
  });

  const exportParams = (c: Awaited<ReturnType<typeof company>>) => ({
    documentType: String(c.doc.documentType),
    documentNumber: c.doc.documentNumber,
    serviceName: c.service.serviceName,
    serviceFeatureCode: c.feature.serviceFeatureCode,
  });
  const exportQuery = (c: Awaited<ReturnType<typeof company>>) =>
    new URLSearchParams({ ...exportParams(c), startDate: monthAgo(), endDate: today() }).toString();

  it('concurrent consumptions and reversals: used equals the sum of movements and the balances', async () => {
    const c = await company();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inContext(() =>
          licences().consume({
            customerId: c.customer.id,
            serviceFeatureCode: c.feature.serviceFeatureCode,
            quantity: 1 + (i % 3),
            occurredAt: new Date(Date.now() - 60_000),
            reference: `p-${i}`,
            createdBy: 'socio',
          }),
        ),
      ),
    );
    await Promise.all(outcomes.filter((_, i) => i % 4 === 0).map((o) => inContext(() => licences().reverse(o.movementId, 'soporte'))));
    const res = await post('contracted-service-details', admin, {
      DocumentType: c.doc.documentType,
      DocumentNumber: c.doc.documentNumber,
      ServiceName: c.service.serviceName,
      PackageCode: c.pack.packageCode,
    }).expect(200);
    const ledger = await t
      .em()
      .getConnection()
      .execute<{ used: string; balances: string }[]>(
        `select (select coalesce(sum(case m.kind when 'CONSUMPTION' then m.quantity when 'REVERSAL' then -m.quantity else 0 end), 0)
                   from licence_movement m join licence l on l.id = m.licence_id where l.customer_id = ?) as used,
                (select sum(b.used) from licence_balance b join licence l on l.id = b.licence_id where l.customer_id = ?) as balances`,
        [c.customer.id, c.customer.id],
      );
    const expected = 2 + outcomes.reduce((n, o, i) => n + (i % 4 === 0 ? 0 : 1 + (i % 3)), 0);
    expect(res.body.result.usedAccumulated).toBe(expected);
    expect(Number(ledger[0].used)).toBe(expected);
    expect(Number(ledger[0].balances)).toBe(expected);
    expect(res.body.result.balanceAccumulated).toBe(150 - expected);

    // The daily rollup the chart and the history's total read agrees with the ledger, day by day.
    const drift = await t
      .em()
      .getConnection()
      .execute<{ n: string }[]>(
        `with ledger as (
           select m.balance_id, (m.occurred_at at time zone 'America/Bogota')::date as day, count(*) as movements,
                  coalesce(sum(m.quantity) filter (where m.kind = 'CONSUMPTION'), 0) as consumed,
                  coalesce(sum(m.quantity) filter (where m.kind = 'REVERSAL'), 0) as reversed
             from licence_movement m join licence l on l.id = m.licence_id where l.customer_id = ? group by 1, 2),
         rollup as (
           select u.balance_id, u.day, u.movements, u.consumed, u.reversed from licence_daily_use u
             join licence_balance b on b.id = u.balance_id join licence l on l.id = b.licence_id where l.customer_id = ?)
         select count(*) as n from (select * from ledger except select * from rollup union all select * from rollup except select * from ledger) d`,
        [c.customer.id, c.customer.id],
      );
    expect(Number(drift[0].n)).toBe(0);
    const range = { ...exportParams(c), startDate: monthAgo(), endDate: today() };
    const series = await t.api.get(`/api/v1/dashboard/consumption-series?${new URLSearchParams(range)}`, admin).expect(200);
    expect(series.body.interval).toBe('day');
    expect(series.body.points.reduce((n: number, p: { used: number }) => n + p.used, 0)).toBe(expected);
    const history = await post('consumption-history', admin, { ...range, documentType: c.doc.documentType }, { take: '1' }).expect(200);
    expect(history.body.result.totalRecords).toBe(series.body.points.reduce((n: number, p: { movements: number }) => n + p.movements, 0));
  });

  it('the Excel: a real workbook with the card, the Spanish headers and the rows, newest first, in Bogotá time', async () => {
    const c = await company();
    const res = await t.api
      .get(`/api/v1/dashboard/movements/export?${exportQuery(c)}`, admin)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="movimientos-${c.customer.documentNumber}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    const rows = await sheetOf(res.body as Buffer);
    expect(rows.slice(0, 5)).toEqual([
      ['Empresa', 'Tablero y Cía S.A.S.'],
      ['Documento', `NIT ${c.customer.documentNumber}`],
      ['Correo electrónico', c.customer.email],
      ['Teléfono', '3001234567'],
      ['Producto', 'Firma electrónica'],
    ]);
    const header = rows.findIndex((r) => r[0] === 'Descripción');
    expect(rows[header]).toEqual(['Descripción', 'Evento', 'Cantidad', 'Fecha y hora']);
    const data = rows.slice(header + 1);
    expect(data.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Firmas electrónicas', 'Reverso', -3],
      ['Firmas electrónicas', 'Consumo', 2],
      ['Firmas electrónicas', 'Consumo', 3],
      ['Firmas electrónicas', 'Asignación', 50],
      ['Firmas electrónicas', 'Asignación', 100],
    ]);
    const when = data[2][3] as Date;
    expect(Math.abs(when.getTime() - (Date.now() - 5 * DAY - 5 * 3600_000))).toBeLessThan(120_000);
    // Dates are checked before anything is sent.
    const bad = await t.api.get(`/api/v1/dashboard/movements/export?${exportQuery(c).replace(/startDate=[^&]+/, 'startDate=x')}`, admin).expect(422);
    expect(bad.body.statusDetails[0].description).toBe('Fecha inválida, el formato debe ser dd/MM/yyyy');
    await t.api.get(`/api/v1/dashboard/movements/export?${exportQuery(c)}`, await t.signIn('LICENSECOMERCIAL')).expect(403);
  });

  it('the Excel: past the size limit 422 before the 200; batches neither lose nor repeat a movement', async () => {
    const c = await company();
    const actor: AuthUser = { userId: 'u', username: 'a', sessionId: 's', names: '', surnames: '', role: 'SUPERADMIN', apps: [], privileges: ['LICENSES'] };
    const query = {
      documentType: c.doc.documentType,
      documentNumber: c.doc.documentNumber,
      serviceName: c.service.serviceName,
      serviceFeatureCode: c.feature.serviceFeatureCode,
      startDate: monthAgo(),
      endDate: today(),
    };
    const dashboards = t.app.get(DashboardService);
    await expect(inContext(() => dashboards.movementExport(query, actor, 4))).rejects.toMatchObject({
      status: 422,
      message: 'El rango tiene más de 4 movimientos; acorta las fechas para descargarlo en Excel.',
    });
    const data = await inContext(() => dashboards.movementExport(query, actor, 5, 2));
    const sizes: number[] = [];
    const events: string[] = [];
    await inContext(async () => {
      for await (const batch of data.batches) {
        sizes.push(batch.length);
        events.push(...batch.map((m) => `${m.kind}:${m.quantity}`));
      }
    });
    expect(sizes).toEqual([2, 2, 1]);
    expect(events).toEqual(['REVERSAL:-3', 'CONSUMPTION:2', 'CONSUMPTION:3', 'GRANT:50', 'GRANT:100']);
  });
});
