/**
 * Formatting of the catalogue screens: Colombian pesos with thousands separators, percentages
 * with one decimal and dd/MM/yyyy dates in America/Bogota. Numbers are grouped by hand (browsers
 * disagree on Spanish grouping, as the storefront's format module notes); the same rules as
 * storefront/src/utils/format.ts, which should move to @licencias/common to be shared.
 */

export const TIME_ZONE = 'America/Bogota';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

function group(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Digits of a number with a fixed number of decimals, rounded half away from zero. */
function fixed(value: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
  return rounded.toFixed(decimals);
}

/**
 * 1234567.5 → '1.234.567,5' (up to `maxDecimals`, trailing zeros dropped unless `minDecimals`).
 * Empty for a missing value.
 */
export function formatNumber(value: number | string | null | undefined, maxDecimals = 2, minDecimals = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  const match = DECIMAL.exec(fixed(number, maxDecimals));
  if (!match) return '';
  const [, sign, integer, fraction = ''] = match;
  let shown = fraction.replace(/0+$/, '');
  if (shown.length < minDecimals) shown = shown.padEnd(minDecimals, '0');
  const negative = sign === '-' && /[1-9]/.test(integer + shown);
  return `${negative ? '-' : ''}${group(integer)}${shown ? `,${shown}` : ''}`;
}

/** Colombian pesos: 1190000 → '$1.190.000', 84033.61 → '$84.033,61'. */
export function formatMoney(value: number | string | null | undefined): string {
  const number = formatNumber(value, 2);
  if (!number) return number;
  return number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;
}

/** A percentage with one decimal: 25 → '25,0 %'. */
export function formatPercent(value: number | string | null | undefined): string {
  const number = formatNumber(value, 1, 1);
  return number ? `${number} %` : number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayParts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Bogotá calendar day of an instant, as 'yyyy-MM-dd'. */
export function bogotaDay(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in Bogotá, 'yyyy-MM-dd'. */
export function bogotaToday(now = new Date()): string {
  return bogotaDay(now);
}

/** A calendar day plus some days ('2026-02-28' + 1 → '2026-03-01'). */
export function addDays(day: string, days: number): string {
  const match = DATE_ONLY.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const a = DATE_ONLY.exec(from);
  const b = DATE_ONLY.exec(to);
  if (!a || !b) return Number.NaN;
  const start = Date.UTC(Number(a[1]), Number(a[2]) - 1, Number(a[3]));
  const end = Date.UTC(Number(b[1]), Number(b[2]) - 1, Number(b[3]));
  return Math.round((end - start) / 86_400_000);
}

/** Whether a text is a real calendar day 'yyyy-MM-dd'. */
export function isCalendarDay(day: unknown): day is string {
  if (typeof day !== 'string') return false;
  const match = DATE_ONLY.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/**
 * dd/MM/yyyy in America/Bogota; a date-only value ('2026-03-01') is a calendar day shown as is.
 * Empty for a missing or invalid value.
 */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim());
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const day = bogotaDay(value);
  return day ? formatDate(day) : '';
}

/** Lower case without accents, for searches that ignore both. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
