import type { Writable } from 'node:stream';
import { dayToText, formatDate } from '@licencias/common/dates';
import { bogotaCell, XLSX_FORMATS, writeSheet, type XlsxCell, type XlsxColumn } from '../xlsx/xlsx-stream.js';
import type { ConsumptionExportRow, CustomerSupportReport, PromoCodeReport, ReportCustomer, ServiceManagementReport } from './report.types.js';

export { XLSX_TYPE } from '../xlsx/xlsx-stream.js';

/** The Spanish names of a licence's origin. */
export const ORIGIN_NAMES = { ORDER_LINE: 'Orden de compra', TRIAL: 'Prueba', AGREEMENT: 'Convenio', MANUAL: 'Manual' } as const;

const int = (header: string, width = 12): XlsxColumn => ({ header, width, numFmt: XLSX_FORMATS.integer });
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);
/** Exact decimals as numbers only for the spreadsheet's own cell (it stores doubles); the text stays exact. */
const moneyCell = (value: string) => Number(value);

/** A report's book: its title rows (what it is, the window, the company), the headers and the rows as they come. */
export interface ReportBook {
  sheet: string;
  title: string;
  window: { from: string; to: string };
  customer?: ReportCustomer | null;
  extra?: XlsxCell[][];
  columns: readonly XlsxColumn[];
  rows: AsyncIterable<XlsxCell[][]> | Iterable<XlsxCell[][]>;
}

/** The download's name: the report's and the Bogotá day (ASCII only). */
export function reportFileName(base: string, now = new Date()): string {
  return `${base}-${formatDate(now).split('/').reverse().join('-')}.xlsx`;
}

/** Writes a report to `out`: its title rows (what, the window, the company), then the rows as they come. */
export async function writeReport(out: Writable, book: ReportBook): Promise<void> {
  const title: XlsxCell[][] = [[book.title], ['Desde', dayToText(book.window.from)], ['Hasta', dayToText(book.window.to)]];
  if (book.customer) title.push(['Empresa', book.customer.customerName], ['Documento', `${book.customer.documentType} ${book.customer.documentNumber}`]);
  await writeSheet(out, {
    name: book.sheet,
    columns: book.columns,
    options: { freezeHeader: false },
    title: [...title, ...(book.extra ?? [])],
    rows: book.rows,
  });
}

export const CONSUMPTION_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Día', width: 12, numFmt: XLSX_FORMATS.date },
  { header: 'Tipo de documento', width: 10 },
  { header: 'Documento', width: 16 },
  { header: 'Empresa', width: 34 },
  { header: 'Servicio', width: 20 },
  { header: 'Característica', width: 20 },
  int('Consumido'),
  int('Reversado'),
  int('Usado'),
  int('Asignado'),
  int('Vencido'),
  int('Ajustes'),
  int('Movimientos'),
];

export async function* consumptionRows(batches: AsyncIterable<ConsumptionExportRow[]>): AsyncGenerator<XlsxCell[][]> {
  for await (const batch of batches) {
    yield batch.map((r) => [
      dayCell(r.day),
      r.documentType,
      r.documentNumber,
      r.customerName,
      r.serviceName,
      r.serviceFeatureCode,
      r.consumed,
      r.reversed,
      r.consumed - r.reversed,
      r.granted,
      r.expired,
      r.adjusted,
      r.movements,
    ]);
  }
}

export const SERVICE_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Servicio', width: 24 },
  { header: 'Marca', width: 14 },
  { header: 'Origen', width: 16 },
  int('Otorgadas'),
  int('Activas'),
  int('Vencen en 30 días', 16),
  int('Vencen en 60 días', 16),
  int('Vencen en 90 días', 16),
  int('Bolsas agotadas', 16),
  int('Vencidas'),
];

export const serviceRows = (report: ServiceManagementReport): XlsxCell[][][] => [
  report.rows.map((r) => [
    r.serviceName,
    r.appName ?? '',
    ORIGIN_NAMES[r.origin],
    r.granted,
    r.active,
    r.expiring30,
    r.expiring60,
    r.expiring90,
    r.exhausted,
    r.expired,
  ]),
];

export const SUPPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Servicio', width: 20 },
  { header: 'Paquete', width: 28 },
  { header: 'Origen', width: 16 },
  { header: 'Referencia', width: 20 },
  { header: 'Estado', width: 10 },
  { header: 'Desde', width: 12, numFmt: XLSX_FORMATS.date },
  { header: 'Hasta', width: 12, numFmt: XLSX_FORMATS.date },
  { header: 'Característica', width: 20 },
  { header: 'Total', width: 12, numFmt: XLSX_FORMATS.integer },
  int('Usado'),
  { header: 'Disponible', width: 12, numFmt: XLSX_FORMATS.integer },
  { header: 'Último uso', width: 18, numFmt: XLSX_FORMATS.dateTime },
];

export const supportRows = (report: CustomerSupportReport): XlsxCell[][][] => [
  report.licences.flatMap((l) =>
    (l.bags.length ? l.bags : [null]).map((b) => [
      l.serviceName,
      l.packageName ?? '',
      ORIGIN_NAMES[l.origin],
      l.contractNumber ?? l.originReference,
      l.state,
      bogotaCell(new Date(l.effectiveAt)),
      l.expiresAt ? bogotaCell(new Date(l.expiresAt)) : 'Sin vencimiento',
      b?.serviceFeatureCode ?? '',
      b ? (b.unlimited ? 'Ilimitado' : b.total) : '',
      b?.used ?? '',
      b ? (b.unlimited ? 'Ilimitado' : b.available) : '',
      b?.lastUsedAt ? bogotaCell(new Date(b.lastUsedAt)) : '',
    ]),
  ),
];

export const PROMO_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Código', width: 20 },
  { header: 'Descripción', width: 34 },
  int('Órdenes'),
  int('Usos'),
  { header: 'Descuento', width: 16, numFmt: XLSX_FORMATS.decimal },
  { header: 'Ingresos', width: 16, numFmt: XLSX_FORMATS.decimal },
  int('Cupo'),
  int('Usado del cupo', 14),
  { header: 'Activo', width: 8 },
];

export const promoRows = (report: PromoCodeReport): XlsxCell[][][] => [
  report.rows.map((r) => [
    r.code,
    r.description ?? '',
    r.orders,
    r.redemptions,
    moneyCell(r.discount),
    moneyCell(r.revenue),
    r.useQuantity,
    r.usedInPeriod,
    r.active ? 'Sí' : 'No',
  ]),
];
