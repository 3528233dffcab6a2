import { validityEnd } from '@licencias/common/dates';
import type { RuleViolations } from '../errors/rule-violations.js';
import type { TransactionRangeInput, ValidityUnit } from './licence.types.js';

export const RANGE_MIN_ABOVE_MAX_MESSAGE = 'Rango mínimo no puede ser mayor al rango máximo.';
export const RANGE_MIN_TAKEN_MESSAGE = 'Rango mínimo ya se encuentra dentro de los valores parametrizados.';
export const RANGE_MAX_TAKEN_MESSAGE = 'Rango máximo ya se encuentra dentro de los valores parametrizados.';

/** A package feature quantity that means unlimited (the UNLIMITED_QUANTITY parameter). */
export const UNLIMITED_QUANTITY = 1_000_000;

/**
 * The spec's range rules (licences-and-agreements.md §5), each range against those before it:
 * min not above max, and neither end inside a range already set. A range that encloses an
 * earlier one has its max beyond it: that is the max message too.
 */
export function checkRanges(ranges: readonly TransactionRangeInput[], violations: RuleViolations, field = 'transactionRanges'): void {
  ranges.forEach((range, index) => {
    const at = `${field}[${index}]`;
    if (range.rangeMinimum > range.rangeMaximum) {
      violations.add(`${at}.rangeMinimum`, RANGE_MIN_ABOVE_MAX_MESSAGE);
      return;
    }
    const earlier = ranges.slice(0, index).filter((r) => r.rangeMinimum <= r.rangeMaximum);
    const inside = (value: number) => earlier.some((r) => value >= r.rangeMinimum && value <= r.rangeMaximum);
    if (inside(range.rangeMinimum)) violations.add(`${at}.rangeMinimum`, RANGE_MIN_TAKEN_MESSAGE);
    else if (inside(range.rangeMaximum) || earlier.some((r) => range.rangeMinimum < r.rangeMinimum && range.rangeMaximum > r.rangeMaximum))
      violations.add(`${at}.rangeMaximum`, RANGE_MAX_TAKEN_MESSAGE);
  });
}

/** When a licence granted at `effectiveAt` for this validity ends; null for I (no end). */
export function licenceEnd(effectiveAt: Date, amount: number, unit: ValidityUnit): Date | null {
  return unit === 'I' ? null : validityEnd(effectiveAt, amount, unit);
}
