import { formatNumber } from '@licencias/common/format';

/** Contract quantities use commas for thousands (catalogue-and-dashboards.md §9): 1,500,000. */
export function contractQuantity(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatNumber(value, { separators: 'en', maximumFractionDigits: 0 });
}

/** Consumption quantities use dots for thousands (§9): 1.500.000. */
export function consumptionQuantity(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatNumber(value, { maximumFractionDigits: 0 });
}
