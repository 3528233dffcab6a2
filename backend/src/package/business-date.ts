/**
 * Business dates of the catalogue are Bogotá dates. Colombia keeps UTC-5 all year (no daylight
 * saving since 1993), so a fixed offset is exact.
 */
const OFFSET = '-05:00';
const OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The Bogotá calendar day of an instant, as YYYY-MM-DD. */
export function bogotaDay(instant: Date): string {
  return new Date(instant.getTime() - OFFSET_MS).toISOString().slice(0, 10);
}

export function startOfBogotaDay(day: string | Date): Date {
  return new Date(`${typeof day === 'string' ? day : bogotaDay(day)}T00:00:00.000${OFFSET}`);
}

export function endOfBogotaDay(day: string | Date): Date {
  return new Date(startOfBogotaDay(day).getTime() + DAY_MS - 1);
}

/** Whole Bogotá calendar days from `from` to `to` (negative when `to` is earlier). */
export function bogotaDaysBetween(from: Date, to: Date): number {
  return Math.round((startOfBogotaDay(to).getTime() - startOfBogotaDay(from).getTime()) / DAY_MS);
}

function validDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Reads a date the screens or partners send: a date alone is the start (or end) of that Bogotá
 * day, a date-time without an offset is Bogotá time, one with an offset is taken as is.
 * Anything else (or an impossible date such as 2026-02-30) is null.
 */
export function parseBusinessDate(text: string | null | undefined, dateOnly: 'start' | 'end' = 'start'): Date | null {
  const value = text?.trim();
  if (!value) return null;
  const day = DATE_ONLY.exec(value.slice(0, 10));
  if (!day || !validDate(Number(day[1]), Number(day[2]), Number(day[3]))) return null;
  let result: Date;
  if (DATE_ONLY.test(value)) result = dateOnly === 'start' ? startOfBogotaDay(value) : endOfBogotaDay(value);
  else if (LOCAL_DATE_TIME.test(value)) result = new Date(`${value}${OFFSET}`);
  else if (ZONED_DATE_TIME.test(value)) result = new Date(value);
  else return null;
  return Number.isNaN(result.getTime()) ? null : result;
}
