import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import type { AuthUser } from '../auth/auth-user.js';
import { getContract } from '../contract/contract.js';
import { createCustomer, createLicence, createService, createServiceFeature } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { SHEET_NAME, XLSX_TYPE } from './consumption-detail.xlsx.js';
import { LicenceService } from './licence.service.js';

const HEADERS = [
  'Fecha y hora',
  'Registrado',
  'Producto',
  'Paquete',
  'Licencia',
  'Contrato',
  'Característica',
  'Descripción',
  'Movimiento',
  'Cantidad',
  'Precio unitario',
  'Valor',
  'Referencia',
  'Registrado por',
];

/** The body of a binary answer, whole. */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function sheetOf(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(SHEET_NAME);
  if (!sheet) throw new Error(`no sheet '${SHEET_NAME}'`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("'Detalle de consumo' (GET /api/v1/consumption-detail, .xlsx streamed)", () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
  });

  const licences = () => t.app.get(LicenceService);
  const inContext = <T>(run: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, run);
  const download = (query: string, token = admin) => t.api.get(`/api/v1/consumption-detail?${query}`, token).buffer(true).parse(binary);

  /** A company with two products: Alfa (priced ranges; two consumptions, one reversed) and Beta (one consumption). */
  async function company() {
    const customer = await createCustomer(t, { legalName: 'Detalle y Cía S.A.S.' });
    const alfa = await createService(t, { serviceName: `Álfa ${customer.id}` });
    const beta = await createService(t, { serviceName: `Beta ${customer.id}` });
    const signatures = await createServiceFeature(t, { serviceId: alfa.id, featureDescription: 'Firmas electrónicas' });
    const documents = await createServiceFeature(t, { serviceId: beta.id, featureDescription: 'Documentos' });
    const alfaLicence = await createLicence(t, {
      customerId: customer.id,
      serviceId: alfa.id,
      contractNumber: 'CT-2026-77',
      effectiveAt: new Date(Date.now() - 30 * 86400_000),
      features: [{ serviceFeatureId: signatures.id, quantity: 100 }],
      transactionRanges: [
        { rangeMinimum: 1, rangeMaximum: 50, rangePrice: '1250.50' },
        { rangeMinimum: 51, rangeMaximum: 999999999, rangePrice: '990.10' },
      ],
    });
    const betaLicence = await createLicence(t, {
      customerId: customer.id,
      serviceId: beta.id,
      effectiveAt: new Date(Date.now() - 2.5 * 86400_000),
      features: [{ serviceFeatureId: documents.id, quantity: 10 }],
    });
    const consume = (code: string, quantity: number, daysAgo: number, reference: string) =>
      inContext(() =>
        licences().consume({
          customerId: customer.id,
          serviceFeatureCode: code,
          quantity,
          occurredAt: new Date(Date.now() - daysAgo * 86400_000),
          reference,
          createdBy: 'socio-prueba',
        }),
      );
    const first = await consume(signatures.serviceFeatureCode, 3, 5, 'lote-1');
    await consume(signatures.serviceFeatureCode, 2, 3, 'lote-2');
    await consume(documents.serviceFeatureCode, 4, 2, 'doc-1');
    await inContext(() => licences().reverse(first.movementId, 'soporte'));
    return { customer, alfa, beta, signatures, documents, alfaLicence, betaLicence };
  }

  it('streams a real workbook with the Spanish headers and one row per movement, oldest first, amounts exact', async () => {
    const c = await company();
    const res = await download(`customerId=${c.customer.id}`).expect(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="detalle-de-consumo-${c.customer.documentNumber}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // Streamed: chunked, no length known in advance.
    expect(res.headers['content-length']).toBeUndefined();
    expect(getContract().checkResponse('exportConsumptionDetail', 200, null)).toBeNull();

    const [headers, ...rows] = await sheetOf(res.body as Buffer);
    expect(headers).toEqual(HEADERS);
    const summary = rows.map((r) => [r[2], r[8], r[9], r[10] ?? null, r[11] ?? null, r[12] ?? null]);
    // A grant occurs when its licence starts (Alfa's 30 days ago, Beta's 2.5 days ago); the
    // reversal carries the reference and the price of the consumption it gives back.
    expect(summary).toEqual([
      [c.alfa.serviceName, 'Asignación', 100, null, null, expect.stringMatching(/^MANUAL:/)],
      [c.alfa.serviceName, 'Consumo', 3, 1250.5, 3751.5, 'lote-1'],
      [c.alfa.serviceName, 'Consumo', 2, 1250.5, 2501, 'lote-2'],
      [c.beta.serviceName, 'Asignación', 10, null, null, expect.stringMatching(/^MANUAL:/)],
      [c.beta.serviceName, 'Consumo', 4, null, null, 'doc-1'],
      [c.alfa.serviceName, 'Reverso', -3, 1250.5, -3751.5, 'lote-1'],
    ]);
    const consumption = rows[1];
    expect(consumption[4]).toBe(c.alfaLicence.id);
    expect(consumption[5]).toBe('CT-2026-77');
    expect(consumption[6]).toBe(c.signatures.serviceFeatureCode);
    expect(consumption[7]).toBe('Firmas electrónicas');
    expect(consumption[13]).toBe('socio-prueba');
    // The Bogotá wall clock (UTC-5) in the cell.
    const occurred = consumption[0] as Date;
    expect(Math.abs(occurred.getTime() - (Date.now() - 5 * 86400_000 - 5 * 3600_000))).toBeLessThan(120_000);
  });

  it('narrows to one product, and a company without movements gets the headers only', async () => {
    const c = await company();
    const res = await download(`customerId=${c.customer.id}&serviceId=${c.beta.id}`).expect(200);
    const [, ...rows] = await sheetOf(res.body as Buffer);
    expect(rows.map((r) => [r[2], r[8]])).toEqual([
      [c.beta.serviceName, 'Asignación'],
      [c.beta.serviceName, 'Consumo'],
    ]);
    const empty = await createCustomer(t);
    const none = await download(`customerId=${empty.id}`).expect(200);
    expect(await sheetOf(none.body as Buffer)).toEqual([HEADERS]);
  });

  it('reads the ledger in batches without losing or repeating a movement, movements at one instant included', async () => {
    const customer = await createCustomer(t);
    const feature = await createServiceFeature(t, {});
    await createLicence(t, {
      customerId: customer.id,
      serviceId: feature.serviceId,
      effectiveAt: new Date(Date.now() - 2 * 86400_000),
      features: [{ serviceFeatureId: feature.id, quantity: 50 }],
    });
    // Movements at the very same instant (microseconds included): the key's tie-break (id) carries across batches.
    const at = new Date(Date.now() - 86400_000);
    for (let i = 0; i < 10; i += 1) {
      await inContext(() =>
        licences().consume({
          customerId: customer.id,
          serviceFeatureCode: feature.serviceFeatureCode,
          quantity: 1,
          occurredAt: at,
          reference: `r${i}`,
          createdBy: 'lote',
        }),
      );
    }
    const actor: AuthUser = {
      userId: 'u',
      username: 'superadmin',
      sessionId: 's',
      names: '',
      surnames: '',
      role: 'SUPERADMIN',
      apps: [],
      privileges: ['LICENSES'],
    };
    const detail = await inContext(() => licences().consumptionDetail(customer.id, null, actor, 3));
    const sizes: number[] = [];
    const references: (string | null)[] = [];
    await inContext(async () => {
      for await (const batch of detail.batches) {
        sizes.push(batch.length);
        references.push(...batch.map((r) => r.reference));
      }
    });
    expect(sizes).toEqual([3, 3, 3, 2]);
    expect(references).toEqual([expect.stringMatching(/^MANUAL:/), ...Array.from({ length: 10 }, (_, i) => `r${i}`)]);
  });

  it('answers 404 with the Spanish text for an unknown company or product, 400 without a company, 403 without the export privilege', async () => {
    const c = await company();
    const unknown = await t.api.get('/api/v1/consumption-detail?customerId=2147480000', admin).expect(404);
    expect(unknown.body.statusMessage).toBe('La empresa no existe');
    const noService = await t.api.get(`/api/v1/consumption-detail?customerId=${c.customer.id}&serviceId=2147480000`, admin).expect(404);
    expect(noService.body.statusMessage).toBe('No se encontró el servicio');
    await t.api.get('/api/v1/consumption-detail', admin).expect(400);
    await t.api.get('/api/v1/consumption-detail?customerId=abc', admin).expect(400);
    // LICENSECOMERCIAL reads licences but may not export (LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL).
    const commercial = await t.signIn('LICENSECOMERCIAL');
    await t.api.get(`/api/v1/consumption-detail?customerId=${c.customer.id}`, commercial).expect(403);
  });
});
