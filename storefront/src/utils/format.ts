/**
 * Number, money and date formatting for every page: Colombian pesos, thousands separators and
 * dd/MM/yyyy dates in America/Bogota. Formatting is done here by hand (not with Intl's es-CO
 * number rules, which differ between browsers: Spanish locales group only from 5 digits).
 * Amounts given as decimal strings (as the API sends money) are formatted without going through
 * binary floating point.
 */

export type Separators = 'es' | 'en';

export interface NumberFormat {
  /** 'es': 1.234.567,89 (the store); 'en': 1,234,567.89 (agreement screens). Default 'es'. */
  separators?: Separators;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** The time zone of business days and end of day. */
export const TIME_ZONE = 'America/Bogota';
/** Shown for a value that is not a number (the specs' 'Dato inválido'). */
export const INVALID_NUMBER = 'Dato inválido';

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Exact decimal text of a number or numeric string, or undefined when it is not one. */
function decimalText(value: number | string | bigint): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // toFixed gives plain digits (no exponent) for the magnitudes of money.
    const text = Math.abs(value) < 1e21 ? value.toFixed(20).replace(/\.?0+$/, '') : undefined;
    return text === '-0' ? '0' : text;
  }
  const text = value.trim();
  return DECIMAL.test(text) ? text : undefined;
}

/** Rounds decimal digits half away from zero, as text. */
function roundDigits(integer: string, fraction: string, digits: number): [string, string] {
  if (fraction.length <= digits) return [integer, fraction];
  const kept = `${integer}${fraction.slice(0, digits)}`;
  const roundUp = Number(fraction[digits]) >= 5;
  let rounded = kept;
  if (roundUp) {
    const chars = kept.split('');
    let i = chars.length - 1;
    while (i >= 0) {
      if (chars[i] === '9') {
        chars[i] = '0';
        i -= 1;
      } else {
        chars[i] = String(Number(chars[i]) + 1);
        break;
      }
    }
    rounded = (i < 0 ? '1' : '') + chars.join('');
  }
  const cut = rounded.length - digits;
  return [rounded.slice(0, cut) || '0', rounded.slice(cut)];
}

function group(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** 1234567.891 → '1.234.567,89' (or '1,234,567.89' with separators 'en'); INVALID_NUMBER otherwise. */
export function formatNumber(value: number | string | bigint | null | undefined, format: NumberFormat = {}): string {
  if (value === null || value === undefined) return '';
  const text = decimalText(value);
  const match = text ? DECIMAL.exec(text) : null;
  if (!match) return INVALID_NUMBER;
  const min = format.minimumFractionDigits ?? 0;
  const max = Math.max(min, format.maximumFractionDigits ?? 2);
  const [, sign, rawInteger, rawFraction = ''] = match;
  const [integer, fraction] = roundDigits(rawInteger.replace(/^0+(?=\d)/, ''), rawFraction, max);
  let shownFraction = fraction.replace(/0+$/, '');
  if (shownFraction.length < min) shownFraction = shownFraction.padEnd(min, '0');
  const [thousands, decimal] = format.separators === 'en' ? [',', '.'] : ['.', ','];
  const negative = sign === '-' && /[1-9]/.test(integer + shownFraction);
  return `${negative ? '-' : ''}${group(integer, thousands)}${shownFraction ? decimal + shownFraction : ''}`;
}

/** Colombian pesos with a $ prefix and 0 to 2 decimals: 1234567.5 → '$1.234.567,5'. */
export function formatCurrency(value: number | string | bigint | null | undefined, format: NumberFormat = {}): string {
  const number = formatNumber(value, { maximumFractionDigits: 2, ...format });
  if (!number || number === INVALID_NUMBER) return number;
  return number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;
}

/** A percentage with up to 2 decimals: 12.5 → '12,5 %'. */
export function formatPercent(value: number | string | null | undefined, format: NumberFormat = {}): string {
  const number = formatNumber(value, { maximumFractionDigits: 2, ...format });
  return !number || number === INVALID_NUMBER ? number : `${number} %`;
}

/** Reads a number typed by a person ('1.234.567,5', '1234567.5', '$ 1.234'); undefined when it is not one. */
export function parseAmount(text: string, separators: Separators = 'es'): number | undefined {
  const [thousands, decimal] = separators === 'en' ? [',', '.'] : ['.', ','];
  const cleaned = text.replace(/[\s$]/g, '').split(thousands).join('').replace(decimal, '.');
  if (!DECIMAL.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function partsOf(date: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((part) => [part.type, part.value]));
  return { day: parts.day, month: parts.month, year: parts.year, hour: parts.hour, minute: parts.minute };
}

/**
 * dd/MM/yyyy in America/Bogota. A date-only text ('2026-03-01') is a calendar day and is shown as
 * is (not moved by the time zone). Empty for a missing or invalid value.
 */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim());
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date);
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** dd/MM/yyyy HH:mm in America/Bogota. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Reads dd/MM/yyyy into a date-only text 'yyyy-MM-dd' (undefined when it is not a real day). */
export function parseDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
