import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { addDays, bogotaToday, dayToText } from '@licencias/common/dates';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { LicenceService } from '../licence/licence.service.js';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/orm.js';
import { ReportRepository } from './report.repository.js';
import type { ConsumptionExportRow } from './report.types.js';
import {
  createCustomer,
  createLicence,
  createOrder,
  createPackage,
  createPromoCode,
  createService,
  createServiceFeature,
  createUser,
  partnerToken,
} from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const DAY = 86400_000;
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
async function sheetOf(body: Buffer, name: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet '${name}'`);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("reports of 'Informes' (catalogue-and-dashboards §2.3, issue 25)", () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
  });

  const licences = () => t.app.get(LicenceService);
  const inContext = <T>(run: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, run);
  const get = (path: string, token: string, query: Record<string, string | number> = {}) => t.api.get(`/api/v1/reports/${path}`, token).query(query);

  /** A new service of `appName` with one feature, and two companies holding 100 of it; 7 + 5 consumed (3 reversed) by the first, 4 by the second. */
  async function scene(appName = 'colnomina') {
    const service = await createService(t, { appName });
    const feature = await createServiceFeature(t, { serviceId: service.id, featureDescription: 'Nóminas electrónicas' });
    const [a, b] = [await createCustomer(t, { legalName: 'Informes Uno S.A.S.' }), await createCustomer(t, { legalName: 'Informes Dos S.A.S.' })];
    for (const customer of [a, b]) {
      await createLicence(t, {
        customerId: customer.id,
        serviceId: service.id,
        features: [{ serviceFeatureId: feature.id, quantity: 100 }],
        effectiveAt: new Date(Date.now() - 30 * DAY),
      });
    }
    const consume = (customerId: number, quantity: number, daysAgo: number) =>
      inContext(() =>
        licences().consume({
          customerId,
          serviceFeatureCode: feature.serviceFeatureCode,
          quantity,
          occurredAt: new Date(Date.now() - daysAgo * DAY),
          reference: `r-${customerId}-${quantity}-${daysAgo}`,
          createdBy: 'socio',
        }),
      );
    await consume(a.id, 7, 10);
    const reversed = await consume(a.id, 3, 2);
    await consume(a.id, 5, 2);
    await inContext(() => licences().reverse(reversed.movementId, 'soporte'));
    await consume(b.id, 4, 1);
    return { service, feature, a, b, doc: (c: typeof a) => ({ documentType: c.documentTypeId, documentNumber: c.documentNumber }) };
  }

  it('the general consumption report: the last 90 days by default, per period and per feature, from the rollup', async () => {
    const s = await scene();
    const res = await get('consumption', admin, { serviceId: s.service.id }).expect(200);
    const today = bogotaToday();
    expect(res.body.window).toEqual({ from: addDays(today, -89), to: today, interval: 'week' });
    expect(res.body.customer).toBeNull();
    // 200 granted, 7 + 3 + 5 + 4 consumed, 3 reversed.
    expect(res.body.totals).toEqual({ consumed: 19, reversed: 3, used: 16, granted: 200, expired: 0, adjusted: 0, movements: 7 });
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        serviceId: s.service.id,
        appName: 'colnomina',
        serviceFeatureCode: s.feature.serviceFeatureCode,
        featureDescription: 'Nóminas electrónicas',
        used: 16,
      }),
    ]);
    const daily = await get('consumption', admin, { serviceId: s.service.id, from: dayToText(addDays(today, -14)), to: today, interval: 'day' }).expect(200);
    expect(daily.body.window.interval).toBe('day');
    const byDay = new Map(daily.body.points.map((p: { period: string; used: number }) => [p.period, p.used]));
    expect(byDay.get(addDays(today, -10))).toBe(7);
    // A reversal is a movement of the day it is made (the ledger's rule): 3 + 5 two days ago, -3 today.
    expect(byDay.get(addDays(today, -2))).toBe(8);
    expect(byDay.get(addDays(today, -1))).toBe(4);
    expect(byDay.get(today)).toBe(-3);
    // Another brand's filter sees none of it.
    const other = await get('consumption', admin, { serviceId: s.service.id, appName: 'firmaya' }).expect(200);
    expect(other.body.rows).toEqual([]);
    expect(other.body.totals.movements).toBe(0);
  });

  it('agrees with the ledger after concurrent consumptions, reversals and an expiry', async () => {
    const s = await scene();
    const short = await createLicence(t, {
      customerId: s.a.id,
      serviceId: s.service.id,
      features: [{ serviceFeatureId: s.feature.id, quantity: 30 }],
      effectiveAt: new Date(Date.now() - 5 * DAY),
      expiresAt: new Date(Date.now() + 1000),
    });
    const consumed = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        inContext(() =>
          licences().consume({
            customerId: i % 2 ? s.a.id : s.b.id,
            serviceFeatureCode: s.feature.serviceFeatureCode,
            quantity: 1 + (i % 3),
            occurredAt: new Date(Date.now() - (i % 4) * DAY),
            reference: `conc-${s.service.id}-${i}`,
            createdBy: 'socio',
          }),
        ),
      ),
    );
    await Promise.all(consumed.slice(0, 6).map((c) => inContext(() => licences().reverse(c.movementId, 'soporte'))));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await inContext(() => licences().expire());
    expect(short.id).toBeGreaterThan(0);
    const [ledger] = await t.em().execute<{ consumed: string; reversed: string; granted: string; expired: string; movements: string }[]>(
      `select coalesce(sum(m.quantity) filter (where m.kind = 'CONSUMPTION'), 0) as consumed, coalesce(sum(m.quantity) filter (where m.kind = 'REVERSAL'), 0) as reversed,
              coalesce(sum(m.quantity) filter (where m.kind = 'GRANT'), 0) as granted, coalesce(sum(m.quantity) filter (where m.kind = 'EXPIRY'), 0) as expired, count(*) as movements
         from licence_movement m join licence l on l.id = m.licence_id where l.service_id = ?`,
      [s.service.id],
    );
    const general = await get('consumption', admin, { serviceId: s.service.id }).expect(200);
    expect(general.body.totals).toMatchObject({
      consumed: Number(ledger.consumed),
      reversed: Number(ledger.reversed),
      granted: Number(ledger.granted),
      expired: Number(ledger.expired),
      movements: Number(ledger.movements),
    });
    expect(Number(ledger.expired)).toBeGreaterThan(0);
    // The two companies' reports add up to the general one.
    const perCompany = await Promise.all([s.a, s.b].map((c) => get('consumption', admin, { serviceId: s.service.id, ...s.doc(c) }).expect(200)));
    expect(perCompany.reduce((n, r) => n + r.body.totals.used, 0)).toBe(general.body.totals.used);
    expect(perCompany.reduce((n, r) => n + r.body.totals.movements, 0)).toBe(general.body.totals.movements);
  });

  it("a company's consumption report: its card and only its bags; the customer reads its own, another is 404, none 422", async () => {
    const s = await scene();
    const res = await get('consumption', admin, s.doc(s.a)).expect(200);
    expect(res.body.customer).toMatchObject({
      customerId: s.a.id,
      documentType: 'NIT',
      documentNumber: s.a.documentNumber,
      customerName: 'Informes Uno S.A.S.',
    });
    expect(res.body.totals).toMatchObject({ consumed: 15, reversed: 3, used: 12, granted: 100 });
    const user = await createUser(t, { role: 'CUSTOMER', customerId: s.a.id });
    const customer = (await t.api.login(user.username, user.password, user.appName)).token;
    const own = await get('consumption', customer, s.doc(s.a)).expect(200);
    expect(own.body.totals.used).toBe(12);
    const foreign = await get('consumption', customer, s.doc(s.b)).expect(404);
    expect(foreign.body.statusMessage).toBe('La empresa no existe');
    const general = await get('consumption', customer).expect(422);
    expect(general.body.statusDetails).toEqual([
      expect.objectContaining({ field: 'documentType', description: 'Campo obligatorio' }),
      expect.objectContaining({ field: 'documentNumber', description: 'Campo obligatorio' }),
    ]);
    await get('service-management', customer).expect(403);
    const half = await get('consumption', admin, { documentNumber: s.a.documentNumber }).expect(422);
    expect(half.body.statusDetails).toEqual(expect.arrayContaining([expect.objectContaining({ description: 'Campo obligatorio' })]));
  });

  it('refuses bad windows with the movement filter messages (422) and bad shapes with 400', async () => {
    const tomorrow = dayToText(addDays(bogotaToday(), 1));
    const future = await get('consumption', admin, { to: tomorrow }).expect(422);
    expect(future.body.statusDetails).toEqual([expect.objectContaining({ description: 'La fecha no puede ser mayor a hoy' })]);
    const invalid = await get('promo-codes', admin, { from: '31/02/2026' }).expect(422);
    expect(invalid.body.statusDetails).toEqual([expect.objectContaining({ description: 'Fecha inválida, el formato debe ser dd/MM/yyyy' })]);
    const old = await get('service-management', admin, { from: '31/12/1999' }).expect(422);
    expect(old.body.statusDetails).toEqual([expect.objectContaining({ description: 'Fecha mínima permitida 01/01/2000' })]);
    const reversed = await get('consumption', admin, { from: '10/05/2026', to: '01/05/2026' }).expect(422);
    expect(reversed.body.statusDetails).toEqual([expect.objectContaining({ description: 'La fecha debe ser igual o posterior a 10/05/2026' })]);
    await get('consumption', admin, { interval: 'year' }).expect(400);
    await get('consumption', admin, { serviceId: 'uno' }).expect(400);
    await get('customer-support', admin, { from: '01/05/2026' }).expect(400);
  });

  it('service management: licences by service and origin, active, expiring in 30/60/90 days, exhausted bags', async () => {
    const service = await createService(t);
    const feature = await createServiceFeature(t, { serviceId: service.id });
    const grant = (over: Parameters<typeof createLicence>[1]) =>
      createLicence(t, { serviceId: service.id, features: [{ serviceFeatureId: feature.id, quantity: 10 }], ...over });
    await grant({ expiresAt: new Date(Date.now() + 20 * DAY) });
    await grant({ expiresAt: new Date(Date.now() + 45 * DAY) });
    await grant({ origin: 'AGREEMENT', expiresAt: new Date(Date.now() + 80 * DAY) });
    const full = await grant({ origin: 'AGREEMENT', expiresAt: new Date(Date.now() + 200 * DAY) });
    await inContext(() =>
      licences().consume({
        customerId: full.customerId,
        serviceFeatureCode: feature.serviceFeatureCode,
        quantity: 10,
        reference: `all-${full.id}`,
        createdBy: 'socio',
      }),
    );
    const res = await get('service-management', admin, { serviceId: service.id }).expect(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        serviceId: service.id,
        origin: 'AGREEMENT',
        granted: 2,
        active: 2,
        expiring30: 0,
        expiring60: 0,
        expiring90: 1,
        exhausted: 1,
        expired: 0,
      }),
      expect.objectContaining({ serviceId: service.id, origin: 'MANUAL', granted: 2, active: 2, expiring30: 1, expiring60: 2, expiring90: 2, exhausted: 0 }),
    ]);
    expect(res.body.totals).toEqual({ granted: 4, active: 4, expiring30: 1, expiring60: 2, expiring90: 3, exhausted: 1, expired: 0 });
    expect(res.body.points).toEqual([expect.objectContaining({ MANUAL: 2, AGREEMENT: 2, ORDER_LINE: 0, TRIAL: 0 })]);
  });

  it("customer support: a company's licences with bags, last consumption, open orders with their payment", async () => {
    const s = await scene();
    const pack = await createPackage(t, { serviceIds: [s.service.id] });
    const extra = await createPackage(t, { serviceIds: [s.service.id] });
    const open = await createOrder(t, { serviceId: s.service.id, packageIds: [pack.id, extra.id], buyerCustomerId: s.a.id });
    await createOrder(t, { serviceId: s.service.id, packageIds: [pack.id, extra.id], buyerCustomerId: s.a.id, state: 'ACTIVATED' });
    const res = await get('customer-support', admin, s.doc(s.a)).expect(200);
    expect(res.body.customer.customerName).toBe('Informes Uno S.A.S.');
    expect(res.body.licences).toEqual([
      expect.objectContaining({
        serviceName: s.service.serviceName,
        origin: 'MANUAL',
        state: 'ACTIVE',
        bags: [expect.objectContaining({ serviceFeatureCode: s.feature.serviceFeatureCode, total: 100, used: 12, available: 88, unlimited: false })],
      }),
    ]);
    expect(res.body.lastConsumptionAt).not.toBeNull();
    expect(res.body.orders).toEqual([expect.objectContaining({ id: open.id, state: 'AWAITING_CASH_PROOF', total: '312520.00', lastPaymentState: null })]);
    expect(res.body.totals.used).toBe(12);
    const missing = await get('customer-support', admin, { documentType: 4, documentNumber: '1' }).expect(404);
    expect(missing.body.statusMessage).toBe('La empresa no existe');
  });

  it('promotion codes: orders, redemptions, exact discount and revenue per code', async () => {
    const service = await createService(t);
    const [p1, p2] = [await createPackage(t, { serviceIds: [service.id] }), await createPackage(t, { serviceIds: [service.id] })];
    const code = await createPromoCode(t, { packageIds: [p1.id] });
    const orders = [
      await createOrder(t, { serviceId: service.id, packageIds: [p1.id, p2.id], state: 'PAID', paymentMethod: 'EN_LINEA' }),
      await createOrder(t, { serviceId: service.id, packageIds: [p1.id, p2.id], state: 'ACTIVATED', paymentMethod: 'EN_LINEA' }),
      await createOrder(t, { serviceId: service.id, packageIds: [p1.id, p2.id] }),
    ];
    for (const o of orders) await t.em().execute('update purchase_order set promotional_code_id = ? where id = ?', [code.id, o.id]);
    const res = await get('promo-codes', admin, { code: code.promotionCode }).expect(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        promotionalCodeId: code.id,
        code: code.promotionCode,
        orders: 3,
        redemptions: 2,
        discount: '40000.00',
        revenue: '625040.00',
        active: true,
      }),
    ]);
    expect(res.body.totals).toEqual({ orders: 3, redemptions: 2, discount: '40000.00', revenue: '625040.00' });
    expect(res.body.points).toEqual([expect.objectContaining({ period: expect.any(String), orders: 3, redemptions: 2, revenue: '625040.00' })]);
  });

  // The cursor needs a PostgreSQL server; on the embedded PGlite (npm test without DATABASE_URL) only the keyset path runs.
  it.each(process.env.DATABASE_URL ? (['postgresql', 'pglite'] as const) : (['pglite'] as const))(
    "the consumption Excel's rows (%s: a cursor, or keyset batches) come in (day, bag) order, chunk by chunk, and stopping early frees the connection",
    async (kind) => {
      const s = await scene();
      const db = t.app.get<Database>(DATABASE);
      const repository = new ReportRepository(t.app.get(MikroORM).em.fork(), { ...db, kind });
      const filter = { from: addDays(bogotaToday(), -89), to: bogotaToday(), serviceId: s.service.id };
      const chunks: ConsumptionExportRow[][] = [];
      for await (const chunk of repository.consumptionExportChunks(filter, 2)) chunks.push(chunk);
      const rows = chunks.flat();
      // Grants (30 days ago, both bags), a's consumptions 10 and 2 days ago (one row per bag and day), b's
      // yesterday, and a's reversal today (a reversal counts on the day it is made).
      expect(rows).toHaveLength(6);
      expect(chunks.map((c) => c.length)).toEqual([2, 2, 2]);
      const keys = rows.map((r) => `${r.day}:${String(r.balanceId).padStart(10, '0')}`);
      expect(keys).toEqual([...keys].sort());
      expect(new Set(keys).size).toBe(6);
      expect(rows.reduce((n, r) => n + r.consumed - r.reversed, 0)).toBe(16);
      expect(await repository.countConsumptionExport(filter)).toBe(6);
      // Leaving after the first chunk closes the cursor: the pool still answers, many times over.
      for (let i = 0; i < 30; i++) {
        for await (const chunk of repository.consumptionExportChunks(filter, 1)) {
          expect(chunk).toHaveLength(1);
          break;
        }
      }
      expect(await repository.countConsumptionExport(filter)).toBe(6);
    },
  );

  it('the Excel of each report: financiero downloads real books with the same figures; consulta reads but does not export', async () => {
    const s = await scene();
    const financiero = await t.signIn('LICFINANCIERO');
    const consulta = await t.signIn('LICFINANCIEROCONSULTA');
    const res = await get('consumption/export', financiero, { serviceId: s.service.id }).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="consumo-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await sheetOf(res.body as Buffer, 'Consumo');
    expect(rows[0]).toEqual(['Reporte general de consumo']);
    const header = rows.findIndex((r) => r[0] === 'Día');
    expect(rows[header]).toEqual([
      'Día',
      'Tipo de documento',
      'Documento',
      'Empresa',
      'Servicio',
      'Característica',
      'Consumido',
      'Reversado',
      'Usado',
      'Asignado',
      'Vencido',
      'Ajustes',
      'Movimientos',
    ]);
    const data = rows.slice(header + 1);
    expect(data.reduce((n, r) => n + Number(r[8]), 0)).toBe(16);
    expect(new Set(data.map((r) => r[3]))).toEqual(new Set(['Informes Uno S.A.S.', 'Informes Dos S.A.S.']));
    await get('consumption', consulta, { serviceId: s.service.id }).expect(200);
    await get('consumption/export', consulta, { serviceId: s.service.id }).expect(403);
    for (const [path, sheet, query] of [
      ['service-management/export', 'Gestión Servicios', { serviceId: s.service.id }],
      ['customer-support/export', 'Soporte por Cliente', s.doc(s.a)],
      ['promo-codes/export', 'Códigos Promocionales', {}],
    ] as const) {
      const book = await get(path, financiero, query).buffer(true).parse(binary).expect(200);
      expect((await sheetOf(book.body as Buffer, sheet))[0]).toEqual([sheet]);
      await get(path, consulta, query).expect(403);
    }
    const support = await sheetOf(
      (await get('customer-support/export', admin, s.doc(s.a)).buffer(true).parse(binary).expect(200)).body as Buffer,
      'Soporte por Cliente',
    );
    expect(support.find((r) => r[7] === s.feature.serviceFeatureCode)?.slice(8, 11)).toEqual([100, 12, 88]);
  });

  it("partners with REPORTS_READ read a company's consumption by day in their own brand only", async () => {
    const s = await scene('colnomina');
    const { token } = await partnerToken(t, { appName: 'colnomina', privileges: ['REPORTS_READ'] });
    const query = { documentType: 'NIT', documentNumber: s.a.documentNumber };
    const res = await t.api.get('/api/v1/consumption-report', token).query(query).expect(200);
    const today = bogotaToday();
    expect(res.body.from).toBe(addDays(today, -89));
    expect(res.body.days).toEqual([
      { day: addDays(today, -10), serviceFeatureCode: s.feature.serviceFeatureCode, consumed: 7, reversed: 0, used: 7 },
      { day: addDays(today, -2), serviceFeatureCode: s.feature.serviceFeatureCode, consumed: 8, reversed: 0, used: 8 },
      { day: today, serviceFeatureCode: s.feature.serviceFeatureCode, consumed: 0, reversed: 3, used: -3 },
    ]);
    const otherBrand = (await partnerToken(t, { appName: 'firmaya', privileges: ['REPORTS_READ'] })).token;
    const foreign = await t.api.get('/api/v1/consumption-report', otherBrand).query(query).expect(404);
    expect(foreign.body.statusMessage).toBe('El cliente no tiene licencias de la marca');
    const balancesOnly = (await partnerToken(t, { appName: 'colnomina', privileges: ['BALANCES_READ'] })).token;
    await t.api.get('/api/v1/consumption-report', balancesOnly).query(query).expect(403);
    await t.api.get('/api/v1/consumption-report', admin).query(query).expect(403);
    const long = await t.api
      .get('/api/v1/consumption-report', token)
      .query({ ...query, from: '01/01/2024' })
      .expect(422);
    expect(long.body.statusDetails).toEqual([expect.objectContaining({ description: 'El rango no puede pasar de 366 días' })]);
  });
});
