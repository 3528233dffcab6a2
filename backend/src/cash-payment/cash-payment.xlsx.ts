import type { Writable } from 'node:stream';
import { bogotaWallClock, formatDate } from '@licencias/common/dates';
import type ExcelJS from 'exceljs';
import type { CashPaymentState, CashPurchase } from './cash-payment.types.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SHEET_NAME = 'Pagos en efectivo';

const STATE_LABELS: Record<CashPaymentState, string> = { PENDING: 'Por aprobar', APPROVED: 'Aprobado', REJECTED: 'Rechazado' };
const FILE_STATES: Record<CashPaymentState, string> = { PENDING: 'por-aprobar', APPROVED: 'aprobados', REJECTED: 'rechazados' };
const DATE_TIME = 'dd/mm/yyyy hh:mm:ss';

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Referencia', key: 'paymentReference', width: 14 },
  { header: 'Fecha de compra', key: 'purchaseDate', width: 20, style: { numFmt: DATE_TIME } },
  { header: 'Fecha del comprobante', key: 'supportDate', width: 20, style: { numFmt: DATE_TIME } },
  { header: 'Cliente', key: 'client', width: 36 },
  { header: 'Tipo de documento', key: 'documentType', width: 12 },
  { header: 'Documento', key: 'documentNumber', width: 16 },
  { header: 'Valor a pagar', key: 'totalPurchase', width: 16, style: { numFmt: '#,##0.00' } },
  { header: 'Estado', key: 'state', width: 12 },
  { header: 'Motivo de rechazo', key: 'reason', width: 36 },
  { header: 'Decidido por', key: 'decidedBy', width: 30 },
  { header: 'Fecha de la decisión', key: 'decidedAt', width: 20, style: { numFmt: DATE_TIME } },
];

export function paymentsFileName(state: CashPaymentState, now = new Date()): string {
  return `pagos-en-efectivo-${FILE_STATES[state]}-${formatDate(now).split('/').reverse().join('-')}.xlsx`;
}

const wall = (iso: string | null) => (iso ? bogotaWallClock(new Date(iso)) : null);

/** Writes the tab as an .xlsx with exceljs's streaming writer (loaded with the first export), row by row. */
export async function writeCashPayments(out: Writable, first: IteratorResult<CashPurchase[]>, rest: AsyncIterator<CashPurchase[]>): Promise<void> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Licencias';
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (let batch = first; !batch.done; batch = await rest.next()) {
    for (const p of batch.value) {
      sheet
        .addRow({
          paymentReference: p.paymentReference,
          purchaseDate: wall(p.purchaseDate),
          supportDate: wall(p.supportDate),
          client: p.customer.legalName,
          documentType: p.customer.documentTypeLicense.documentTypeCode,
          documentNumber: p.customer.documentNumber,
          totalPurchase: p.totalPurchase,
          state: STATE_LABELS[p.state],
          reason: p.rejectTypeDescription,
          decidedBy: p.decidedBy,
          decidedAt: wall(p.decidedAt),
        })
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
