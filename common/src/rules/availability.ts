/**
 * How full a balance (bolsa) is, one rule for the back office, the storefront and the API
 * (licences-and-agreements.md §2 and §9): from 85 % used it is low, at 100 % there is none left.
 */
export const LOW_AVAILABILITY_PERCENTAGE = 85;
export const LOW_AVAILABILITY_LABEL = 'Baja disponibilidad';
export const NO_AVAILABILITY_LABEL = 'Sin disponibilidad';

export type AvailabilityLabel = typeof LOW_AVAILABILITY_LABEL | typeof NO_AVAILABILITY_LABEL;

/** Percentage of a limited total used, 0 to 100 with 2 decimals (0 for unlimited or empty totals). */
export function percentageUsed(used: number, total: number | null, unlimited = false): number {
  if (unlimited || total === null || total <= 0) return unlimited || total === null ? 0 : 100;
  const percentage = Math.min(100, (used * 100) / total);
  return Math.round(percentage * 100) / 100;
}

/** The label of a percentage used, or null when availability is normal (unlimited balances never have one). */
export function availabilityLabel(percentage: number, unlimited = false): AvailabilityLabel | null {
  if (unlimited) return null;
  if (percentage >= 100) return NO_AVAILABILITY_LABEL;
  if (percentage >= LOW_AVAILABILITY_PERCENTAGE) return LOW_AVAILABILITY_LABEL;
  return null;
}
