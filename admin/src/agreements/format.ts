import { dayToText } from '@licencias/common/dates';
import { formatNumber } from '@licencias/common/format';
import type { ServiceRow } from './values';

export const NOT_AVAILABLE = 'No disponible';
export const UNKNOWN = 'Desconocido';
export const NOT_APPLICABLE = 'N/A';
export const UNLIMITED = 'Ilimitada';

/** Quantities of the agreement screens: thousands with commas (1,500,000). */
export function thousands(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatNumber(value, { separators: 'en', maximumFractionDigits: 0 });
}

/** A label of a list of options, or 'Desconocido' when the value is not in it. */
export function labelOf(options: readonly { value: string | number; text: string }[] | undefined, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return UNKNOWN;
  return options?.find((o) => String(o.value) === String(value))?.text ?? UNKNOWN;
}

/** Cantidad of a line: 'Ilimitada', or what it will hold (saved quantity plus what is added). */
export function rowQuantity(row: ServiceRow): string {
  if (row.isUnlimited) return UNLIMITED;
  const added = /^\d+$/.test(row.quantity) ? Number(row.quantity) : 0;
  return thousands((row.savedQuantity ?? 0) + added);
}

/** A value shown in the summary: 'No disponible' when missing. */
export function orNotAvailable(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? NOT_AVAILABLE : String(value);
}

/** A contract day as 'yyyy-MM-dd': the contract sends dates; a date-time is read by its date part. */
export function calendarDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
}

/** A contract day shown dd/MM/yyyy. */
export function dayText(value: string | null | undefined): string {
  return value ? dayToText(calendarDay(value)) : '';
}
