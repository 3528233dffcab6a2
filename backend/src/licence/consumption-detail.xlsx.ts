import type { Writable } from 'node:stream';
import { formatDate } from '@licencias/common/dates';
import { bogotaCell, XLSX_FORMATS, writeSheet, type XlsxCell, type XlsxColumn } from '../xlsx/xlsx-stream.js';
import type { ConsumptionDetail, MovementKind } from './licence.types.js';

export { XLSX_TYPE } from '../xlsx/xlsx-stream.js';
export const SHEET_NAME = 'Detalle de consumo';

const KIND_LABELS: Record<MovementKind, string> = {
  GRANT: 'Asignación',
  CONSUMPTION: 'Consumo',
  REVERSAL: 'Reverso',
  EXPIRY: 'Vencimiento',
  ADJUSTMENT: 'Ajuste',
};

const { dateTimeSeconds: DATE_TIME, integer: INTEGER, decimal: MONEY } = XLSX_FORMATS;

/** The sheet's columns, in order; the headers are what the business reads. */
const COLUMNS: XlsxColumn[] = [
  { header: 'Fecha y hora', width: 20, numFmt: DATE_TIME },
  { header: 'Registrado', width: 20, numFmt: DATE_TIME },
  { header: 'Producto', width: 24 },
  { header: 'Paquete', width: 28 },
  { header: 'Licencia', width: 10 },
  { header: 'Contrato', width: 16 },
  { header: 'Característica', width: 26 },
  { header: 'Descripción', width: 28 },
  { header: 'Movimiento', width: 14 },
  { header: 'Cantidad', width: 11, numFmt: INTEGER },
  { header: 'Precio unitario', width: 15, numFmt: MONEY },
  { header: 'Valor', width: 15, numFmt: MONEY },
  { header: 'Referencia', width: 24 },
  { header: 'Registrado por', width: 22 },
];

/** The export's file name: the company's document and the Bogotá day (ASCII only). */
export function detailFileName(detail: ConsumptionDetail, now = new Date()): string {
  const document = detail.customer.documentNumber.replace(/[^A-Za-z0-9-]/g, '') || String(detail.customer.id);
  const day = formatDate(now).split('/').reverse().join('-');
  return `detalle-de-consumo-${document}-${day}.xlsx`;
}

/**
 * Writes 'Detalle de consumo' to `out` as an .xlsx, batch by batch with the streaming writer of
 * backend/src/xlsx: rows are zipped and sent as they are added, at the pace `out` is read, so
 * memory does not grow with the ledger. Dates are Bogotá's wall clock (a spreadsheet has no time
 * zone); prices and amounts are numbers with two decimals, so the sheet can add them up.
 */
export async function writeConsumptionDetail(out: Writable, detail: ConsumptionDetail): Promise<void> {
  async function* rows(): AsyncGenerator<XlsxCell[][]> {
    for await (const batch of detail.batches) {
      yield batch.map((row) => [
        bogotaCell(row.occurredAt),
        bogotaCell(row.recordedAt),
        row.serviceName,
        row.packageName,
        row.licenceId,
        row.contractNumber,
        row.serviceFeatureCode,
        row.featureName,
        KIND_LABELS[row.kind],
        row.quantity,
        row.unitPrice === null ? null : Number(row.unitPrice),
        row.amount === null ? null : Number(row.amount),
        row.reference,
        row.createdBy,
      ]);
    }
  }
  await writeSheet(out, { name: SHEET_NAME, columns: COLUMNS, rows: rows() });
}
