/**
 * How every screen shows numbers, money and percentages (Colombian pesos, COP):
 * - grouping and decimal separators are written here, not taken from Intl's es-CO rules, which
 *   differ between browsers (Spanish locales group only from 5 digits);
 * - rounding is half-up (half away from zero) on the decimal value: a number is read as the
 *   decimal it was written as (its shortest round-trip text, `2.675` is 2.675), never as the
 *   binary fraction behind it (2.67499999…), so `2.675` shows '$2,68' everywhere;
 * - a missing value (null, undefined) shows nothing; a value that is not a number shows
 *   'Dato inválido' (licences-and-agreements.md §8).
 */

export type Separators = 'es' | 'en';

export interface NumberFormat {
  /** 'es': 1.234.567,89 (default); 'en': 1,234,567.89 (agreement screens). */
  separators?: Separators;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** Shown for a value that is not a number. */
export const INVALID_NUMBER = 'Dato inválido';

/** A number, or the text of a decimal number ('84033.605', '-1e3'); decimal.js values give theirs with String(). */
export type Numeric = number | string | bigint;

const NUMBER_TEXT = /^([+-])?(\d+)?(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** The exact decimal digits of a value, without exponent; undefined when it is not a number. */
export function decimalParts(value: Numeric): DecimalParts | undefined {
  let text: string;
  if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // The shortest text that reads back as this double: the decimal that was written.
    text = String(value);
  } else text = value.trim();
  const match = NUMBER_TEXT.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  const [, sign, integerDigits = '', fractionDigits = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return undefined;
  // Move the decimal point by the exponent, on the digits themselves.
  let digits = `${integerDigits}${fractionDigits}`;
  let point = integerDigits.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  return { negative: sign === '-', integer, fraction: digits.slice(point) };
}

/** Rounds to `digits` decimals, half away from zero, on the decimal digits. */
function roundParts({ negative, integer, fraction }: DecimalParts, digits: number): DecimalParts {
  if (fraction.length <= digits) return { negative, integer, fraction };
  const kept = `${integer}${fraction.slice(0, digits)}`;
  if (Number(fraction[digits]) < 5) return { negative, integer: kept.slice(0, integer.length), fraction: kept.slice(integer.length) };
  const rounded = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  const cut = rounded.length - digits;
  return { negative, integer: rounded.slice(0, cut) || '0', fraction: rounded.slice(cut) };
}

/**
 * The value rounded half-up to `digits` decimals, as decimal text ('2.675', 2 → '2.68');
 * undefined when it is not a number. The rule every amount shown or sent follows.
 */
export function roundHalfUp(value: Numeric, digits: number): string | undefined {
  const parts = decimalParts(value);
  if (!parts) return undefined;
  const { negative, integer, fraction } = roundParts(parts, digits);
  const zero = /^0*$/.test(integer + fraction);
  return `${negative && !zero ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

function group(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** 1234567.891 → '1.234.567,89' (up to 2 decimals unless told); '' when missing, 'Dato inválido' when not a number. */
export function formatNumber(value: Numeric | null | undefined, format: NumberFormat = {}): string {
  if (value === null || value === undefined) return '';
  const parts = decimalParts(value);
  if (!parts) return INVALID_NUMBER;
  const min = format.minimumFractionDigits ?? 0;
  const max = Math.max(min, format.maximumFractionDigits ?? 2);
  const { negative, integer, fraction } = roundParts(parts, max);
  let shown = fraction.slice(0, max).replace(/0+$/, '');
  if (shown.length < min) shown = shown.padEnd(min, '0');
  const [thousands, decimal] = format.separators === 'en' ? [',', '.'] : ['.', ','];
  const sign = negative && /[1-9]/.test(integer + shown) ? '-' : '';
  return `${sign}${group(integer, thousands)}${shown ? decimal + shown : ''}`;
}

/** Colombian pesos, `$` and 0 to 2 decimals: 1190000 → '$1.190.000', 84033.605 → '$84.033,61', -2500 → '-$2.500'. */
export function formatMoney(value: Numeric | null | undefined, format: NumberFormat = {}): string {
  const number = formatNumber(value, { maximumFractionDigits: 2, ...format });
  if (!number || number === INVALID_NUMBER) return number;
  return number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;
}

/** A percentage with one decimal (catalogue-and-dashboards.md §9): 25 → '25,0 %', 12.35 → '12,4 %'. */
export function formatPercent(value: Numeric | null | undefined, format: NumberFormat = {}): string {
  const number = formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, ...format });
  return !number || number === INVALID_NUMBER ? number : `${number} %`;
}

/** Lower case without accents, for searches that ignore both ('Colnómina ÉXITO' → 'colnomina exito'). */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
