import type { Writable } from 'node:stream';
import { bogotaWallClock, formatDate } from '@licencias/common/dates';
import type ExcelJS from 'exceljs';
import type { ConsumptionDetail, MovementKind } from './licence.types.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SHEET_NAME = 'Detalle de consumo';

const KIND_LABELS: Record<MovementKind, string> = {
  GRANT: 'Asignación',
  CONSUMPTION: 'Consumo',
  REVERSAL: 'Reverso',
  EXPIRY: 'Vencimiento',
  ADJUSTMENT: 'Ajuste',
};

const DATE_TIME = 'dd/mm/yyyy hh:mm:ss';
const MONEY = '#,##0.00';

/** The sheet's columns, in order; the headers are what the business reads. */
const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Fecha y hora', key: 'occurredAt', width: 20, style: { numFmt: DATE_TIME } },
  { header: 'Registrado', key: 'recordedAt', width: 20, style: { numFmt: DATE_TIME } },
  { header: 'Producto', key: 'serviceName', width: 24 },
  { header: 'Paquete', key: 'packageName', width: 28 },
  { header: 'Licencia', key: 'licenceId', width: 10 },
  { header: 'Contrato', key: 'contractNumber', width: 16 },
  { header: 'Característica', key: 'serviceFeatureCode', width: 26 },
  { header: 'Descripción', key: 'featureName', width: 28 },
  { header: 'Movimiento', key: 'kind', width: 14 },
  { header: 'Cantidad', key: 'quantity', width: 11, style: { numFmt: '#,##0' } },
  { header: 'Precio unitario', key: 'unitPrice', width: 15, style: { numFmt: MONEY } },
  { header: 'Valor', key: 'amount', width: 15, style: { numFmt: MONEY } },
  { header: 'Referencia', key: 'reference', width: 24 },
  { header: 'Registrado por', key: 'createdBy', width: 22 },
];

/** The export's file name: the company's document and the Bogotá day (ASCII only). */
export function detailFileName(detail: ConsumptionDetail, now = new Date()): string {
  const document = detail.customer.documentNumber.replace(/[^A-Za-z0-9-]/g, '') || String(detail.customer.id);
  const day = formatDate(now).split('/').reverse().join('-');
  return `detalle-de-consumo-${document}-${day}.xlsx`;
}

/**
 * Writes 'Detalle de consumo' to `out` as an .xlsx, batch by batch with exceljs's streaming writer:
 * each row is committed (zipped and sent) as it is added, so memory does not grow with the ledger.
 * Dates are Bogotá's wall clock (a spreadsheet has no time zone); prices and amounts are numbers
 * with two decimals, so the sheet can add them up.
 */
export async function writeConsumptionDetail(out: Writable, detail: ConsumptionDetail): Promise<void> {
  // exceljs (several MB of code) is loaded with the first export, not at start (idle memory, issue 10).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Licencias';
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of detail.batches) {
    for (const row of batch) {
      sheet
        .addRow({
          ...row,
          occurredAt: bogotaWallClock(row.occurredAt),
          recordedAt: bogotaWallClock(row.recordedAt),
          kind: KIND_LABELS[row.kind],
          unitPrice: row.unitPrice === null ? null : Number(row.unitPrice),
          amount: row.amount === null ? null : Number(row.amount),
        })
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
