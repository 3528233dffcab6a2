/**
 * Transaction ranges of a licence (licences-and-agreements.md §5): the back office's form and the
 * server check them with this one rule.
 */
export const RANGE_MIN_ABOVE_MAX_MESSAGE = 'Rango mínimo no puede ser mayor al rango máximo.';
export const RANGE_MIN_TAKEN_MESSAGE = 'Rango mínimo ya se encuentra dentro de los valores parametrizados.';
export const RANGE_MAX_TAKEN_MESSAGE = 'Rango máximo ya se encuentra dentro de los valores parametrizados.';

/** Range values: 1 to 999999999 (§9), at most 8 characters typed (§5). */
export const RANGE_VALUE_MAX = 999_999_999;
export const RANGE_TYPED_MAX_LENGTH = 8;

export interface RangeBounds {
  rangeMinimum: number;
  rangeMaximum: number;
}

export interface RangeProblem {
  index: number;
  field: 'rangeMinimum' | 'rangeMaximum';
  message: string;
}

/**
 * Each range against those before it: min not above max, and neither end inside a range already
 * set. A range that encloses an earlier one has its max beyond it: that is the max message too.
 */
export function rangeProblems(ranges: readonly RangeBounds[]): RangeProblem[] {
  const problems: RangeProblem[] = [];
  ranges.forEach((range, index) => {
    if (range.rangeMinimum > range.rangeMaximum) {
      problems.push({ index, field: 'rangeMinimum', message: RANGE_MIN_ABOVE_MAX_MESSAGE });
      return;
    }
    const earlier = ranges.slice(0, index).filter((r) => r.rangeMinimum <= r.rangeMaximum);
    const inside = (value: number) => earlier.some((r) => value >= r.rangeMinimum && value <= r.rangeMaximum);
    if (inside(range.rangeMinimum)) problems.push({ index, field: 'rangeMinimum', message: RANGE_MIN_TAKEN_MESSAGE });
    else if (inside(range.rangeMaximum) || earlier.some((r) => range.rangeMinimum < r.rangeMinimum && range.rangeMaximum > r.rangeMaximum))
      problems.push({ index, field: 'rangeMaximum', message: RANGE_MAX_TAKEN_MESSAGE });
  });
  return problems;
}
