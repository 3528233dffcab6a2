import type { Writable } from 'node:stream';
import { dayToText, formatDate } from '@licencias/common/dates';
import { bogotaCell, XLSX_FORMATS, writeSheet, type XlsxCell, type XlsxColumn } from '../xlsx/xlsx-stream.js';
import type { MovementCard, MovementExport } from './dashboard.types.js';
import { KIND_EVENTS } from './dashboard.service.js';

export { XLSX_TYPE } from '../xlsx/xlsx-stream.js';
const MOVEMENTS_SHEET = 'Movimientos';

const COLUMNS: readonly XlsxColumn[] = [
  { header: 'Descripción', width: 34 },
  { header: 'Evento', width: 16 },
  { header: 'Cantidad', width: 11, numFmt: XLSX_FORMATS.integer },
  { header: 'Fecha y hora', width: 20, numFmt: XLSX_FORMATS.dateTimeSeconds },
];

/** The customer card rows above the table (§2.6: name, document, e-mail, phone, product, the days). */
function cardRows(card: MovementCard, startDay: string, endDay: string): XlsxCell[][] {
  return [
    ['Empresa', card.customerName],
    ['Documento', `${card.documentType} ${card.documentNumber}`],
    ['Correo electrónico', card.email ?? ''],
    ['Teléfono', card.phoneNumber ?? ''],
    ['Producto', card.descriptionService],
    ['Desde', dayToText(startDay)],
    ['Hasta', dayToText(endDay)],
  ];
}

/** The file name: the company's document and the Bogotá day (ASCII only). */
export function movementsFileName(card: MovementCard, now = new Date()): string {
  const document = card.documentNumber.replace(/[^A-Za-z0-9-]/g, '') || 'empresa';
  return `movimientos-${document}-${formatDate(now).split('/').reverse().join('-')}.xlsx`;
}

/**
 * Writes 'Movimientos' to `out`: the card, the Spanish headers, then the movements batch by batch,
 * newest first (memory does not grow with the range).
 */
export async function writeMovements(out: Writable, data: MovementExport): Promise<void> {
  async function* rows(): AsyncGenerator<XlsxCell[][]> {
    for await (const batch of data.batches) yield batch.map((m) => [m.featureName, KIND_EVENTS[m.kind], m.quantity, bogotaCell(m.occurredAt)]);
  }
  await writeSheet(out, {
    name: MOVEMENTS_SHEET,
    columns: COLUMNS,
    options: { freezeHeader: false },
    title: cardRows(data.card, data.startDay, data.endDay),
    rows: rows(),
  });
}
