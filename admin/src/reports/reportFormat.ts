import { dayToText, formatDate } from '@licencias/common/dates';
import { decimalParts, formatMoney, formatNumber } from '@licencias/common/format';

/** Quantities with dots for thousands (catalogue-and-dashboards.md §9): 1.500.000. */
export function quantity(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatNumber(value, { maximumFractionDigits: 0 });
}

/**
 * An exact decimal amount of the server ('84033.60') as pesos, es-CO: '$84.033,60'; whole
 * amounts without their zero cents ('$1.190.000'). The text is formatted as it is, never through a double.
 */
export function money(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const cents = /[1-9]/.test(decimalParts(value)?.fraction ?? '');
  return formatMoney(value, { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 });
}

/** An instant as its Bogotá day, dd/MM/yyyy ('' without one). */
export function day(value: string | null | undefined): string {
  return value ? formatDate(value) : '';
}

/** A window's days ('yyyy-MM-dd') as 'dd/MM/yyyy'. */
export function windowDay(value: string): string {
  return dayToText(value);
}

/** A feature code (long, without spaces: COLNOMINA_NOMINAELECTRONICA) may break anywhere, so a phone's column stays narrow. */
export const CODE = { overflowWrap: 'anywhere' } as const;
