import { tz } from '@date-fns/tz';
// One module per function: the package's index loads its 300 modules, and Node reads date-fns's
// 158 kB package.json once per module it loads (a second of CPU at the backend's start).
// lightFormat (numeric fields, no locale) loads 15 modules where format loads 40.
import { addDays as addDaysTo } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { endOfDay } from 'date-fns/endOfDay';
import { lightFormat } from 'date-fns/lightFormat';
import { parseISO } from 'date-fns/parseISO';
import { startOfDay } from 'date-fns/startOfDay';

/**
 * Business dates follow America/Bogota (DESIGN.md): a calendar day is 'yyyy-MM-dd' in Bogotá, a
 * day starts at 00:00 and ends at 23:59:59.999 there. The offset comes from the time-zone data
 * (date-fns with @date-fns/tz over Intl); the days, dates and countdowns read most often take the
 * offset the data has held since 1993 (see `bogotaWallClock`), checked against the data by the tests.
 */
export const TIME_ZONE = 'America/Bogota';

const BOGOTA = tz(TIME_ZONE);
const IN_BOGOTA = { in: BOGOTA } as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const TYPED_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** An instant of a Date, an ISO text or epoch milliseconds; undefined when it is not one. */
export type Instant = Date | string | number;

function toInstant(value: Instant): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A plain Date (not a zoned one) of the same instant: what callers store and compare. */
const plain = (date: Date) => new Date(date.getTime());

/**
 * America/Bogota has kept UTC−05:00, without summer time, since 7 February 1993 (tz database). For
 * instants from 1994 on, the Bogotá wall clock is the instant minus five hours, read without Intl:
 * the first use of a time zone through Intl costs a phone 100 to 270 ms of main thread on the store
 * home (Lighthouse, 4× CPU). Earlier instants go through the time-zone data. dates.spec compares
 * both paths on 10,000 instants from 1994 to 2100 against the runtime's time-zone data, so a change
 * of Colombia's rules fails it once the data knows of it.
 */
const FIXED_OFFSET_FROM = Date.UTC(1994, 0, 1, 5);
const OFFSET_MS = 5 * 3_600_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const wallDay = (wall: Date) => `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;

/** A wall-clock time (UTC fields) plus months, the day kept or, when the month is shorter, its last day (as date-fns). */
function addWallMonths(wall: number, months: number): number {
  const d = new Date(wall);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** Whether a text is a real calendar day 'yyyy-MM-dd' (2026-02-30 is not). */
export function isCalendarDay(day: unknown): day is string {
  if (typeof day !== 'string' || !DATE_ONLY.test(day)) return false;
  // Arithmetic, not a zoned parse: a calendar day's validity does not depend on any time zone.
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  return month >= 1 && month <= 12 && date >= 1 && date <= daysInMonth(year, month);
}

/** Days of a month (1–12) of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The Bogotá calendar day of an instant, 'yyyy-MM-dd'; '' when the value is not an instant. */
export function bogotaDay(value: Instant): string {
  const date = toInstant(value);
  return date ? wallDay(bogotaWallClock(date)) : '';
}

/** Today in Bogotá, 'yyyy-MM-dd'. */
export function bogotaToday(now: Date = new Date()): string {
  return bogotaDay(now);
}

/** 00:00 in Bogotá of a calendar day ('yyyy-MM-dd') or of the Bogotá day of an instant. */
export function startOfBogotaDay(day: string | Date): Date {
  const fixed = fixedDayStart(day);
  if (fixed !== undefined) return new Date(fixed);
  return plain(startOfDay(typeof day === 'string' ? parseISO(day, IN_BOGOTA) : day, IN_BOGOTA));
}

/** 23:59:59.999 in Bogotá of a calendar day or of the Bogotá day of an instant ("end of day"). */
export function endOfBogotaDay(day: string | Date): Date {
  const fixed = fixedDayStart(day);
  if (fixed !== undefined) return new Date(fixed + DAY_MS - 1);
  return plain(endOfDay(typeof day === 'string' ? parseISO(day, IN_BOGOTA) : day, IN_BOGOTA));
}

const DAY_MS = 86_400_000;

/**
 * The instant a Bogotá day starts, by the fixed offset (days from 1994-01-01, see `bogotaWallClock`);
 * undefined for earlier days and for texts that are not a calendar day (the time-zone data decides).
 */
function fixedDayStart(day: string | Date): number | undefined {
  if (typeof day === 'string') {
    if (!isCalendarDay(day)) return undefined;
    const start = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) + OFFSET_MS;
    return start >= FIXED_OFFSET_FROM ? start : undefined;
  }
  const time = day.getTime();
  if (!(time >= FIXED_OFFSET_FROM)) return undefined;
  const wall = time - OFFSET_MS;
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS) + OFFSET_MS;
}

/** Whole Bogotá calendar days from one instant to another (negative when `to` is earlier). */
export function bogotaDaysBetween(from: Date, to: Date): number {
  return differenceInCalendarDays(to, from, IN_BOGOTA);
}

/** A calendar day plus some days: '2026-02-28' + 1 → '2026-03-01'. Not a day: returned as is. */
export function addDays(day: string, days: number): string {
  if (!isCalendarDay(day)) return day;
  return lightFormat(addDaysTo(parseISO(day, IN_BOGOTA), days), 'yyyy-MM-dd');
}

/** Whole days from one calendar day to another (negative when `to` is before); NaN if either is not a day. */
export function daysBetween(from: string, to: string): number {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return Number.NaN;
  return differenceInCalendarDays(parseISO(to, IN_BOGOTA), parseISO(from, IN_BOGOTA));
}

/**
 * Reads a date that screens or partners send: a date alone is the start (or, with 'end', the end)
 * of that Bogotá day; a date-time without an offset is Bogotá time; one with an offset is taken
 * as is. Anything else, or an impossible date such as 2026-02-30, is null.
 */
export function parseBusinessDate(text: string | null | undefined, dateOnly: 'start' | 'end' = 'start'): Date | null {
  const value = text?.trim();
  if (!value || !isCalendarDay(value.slice(0, 10))) return null;
  let result: Date;
  if (DATE_ONLY.test(value)) result = dateOnly === 'start' ? startOfBogotaDay(value) : endOfBogotaDay(value);
  else if (LOCAL_DATE_TIME.test(value)) result = plain(parseISO(value, IN_BOGOTA));
  else if (ZONED_DATE_TIME.test(value)) result = new Date(value);
  else return null;
  return Number.isNaN(result.getTime()) ? null : result;
}

/**
 * dd/MM/yyyy in Bogotá. A date-only text ('2026-03-01') is a calendar day and is shown as is, not
 * moved by the time zone. Empty for a missing or invalid value.
 */
export function formatDate(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && isCalendarDay(value.trim())) return dayToText(value.trim());
  const date = toInstant(value);
  if (!date) return '';
  const wall = bogotaWallClock(date);
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${pad(wall.getUTCFullYear(), 4)}`;
}

/**
 * The Bogotá wall clock of an instant as a Date whose UTC fields carry it: for a spreadsheet's
 * date cells, which have no time zone (an export shows the hour the business saw), and for the
 * days and dates shown. From 1994 the fixed offset above, before it the time-zone data.
 */
export function bogotaWallClock(value: Date): Date {
  if (value.getTime() >= FIXED_OFFSET_FROM) return new Date(value.getTime() - OFFSET_MS);
  const z = BOGOTA(value);
  const wall = new Date(Date.UTC(1970, 0, 1, z.getHours(), z.getMinutes(), z.getSeconds(), z.getMilliseconds()));
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  wall.setUTCFullYear(z.getFullYear(), z.getMonth(), z.getDate());
  return wall;
}

/** A day typed as dd/MM/yyyy (1 or 2 digits for day and month) → 'yyyy-MM-dd'; undefined when not a real day. */
export function parseDate(text: string): string | undefined {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return undefined;
  const day = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isCalendarDay(day) ? day : undefined;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy' (how the screens show and take days); anything else as given. */
export function dayToText(day: unknown): string {
  if (typeof day !== 'string') return '';
  return DATE_ONLY.test(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : day;
}

/** A validity unit of licences and packages: H hours, D days, M months, A years. */
export type ValidityUnit = 'H' | 'D' | 'M' | 'A';

/**
 * When a validity that starts at `start` ends: start plus the amount of the unit (months and years
 * on Bogotá's calendar, so 31 January + 1 M is 28 or 29 February), at 23:59:59.999 Bogotá of
 * that day (licences-and-agreements.md §4).
 */
export function validityEnd(start: Date, amount: number, unit: ValidityUnit): Date {
  const from = toInstant(start) ?? start;
  const add = { H: addHours, D: addDaysTo, M: addMonths, A: addYears }[unit];
  return endOfBogotaDay(plain(add(from, amount, IN_BOGOTA)));
}

/** An instant plus whole months on Bogotá's calendar, same wall-clock time (31 January + 1 → 28 or 29 February). */
export function addBogotaMonths(value: Date, months: number): Date {
  return plain(addMonths(toInstant(value) ?? value, months, IN_BOGOTA));
}

/** What is left until an instant, on Bogotá's calendar: the offers' countdown (store §2). */
export interface TimeLeft {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left; 0 once the instant has passed. */
  total: number;
}

const NOTHING_LEFT: TimeLeft = { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0, total: 0 };

/**
 * Years and months counted on Bogotá's calendar (from 31 January one month is 28 or 29
 * February), then days, hours, minutes and whole seconds; all 0 once `end` has passed or when it
 * is not an instant.
 */
export function timeLeft(end: Instant, now: Date = new Date()): TimeLeft {
  const to = toInstant(end);
  if (!to || to.getTime() <= now.getTime()) return NOTHING_LEFT;
  if (now.getTime() >= FIXED_OFFSET_FROM) {
    // Both instants on the fixed offset: the calendar is counted on wall-clock times read as UTC.
    const from = now.getTime() - OFFSET_MS;
    const until = to.getTime() - OFFSET_MS;
    let years = 0;
    while (addWallMonths(from, 12 * (years + 1)) <= until) years++;
    const afterYears = addWallMonths(from, 12 * years);
    let months = 0;
    while (addWallMonths(afterYears, months + 1) <= until) months++;
    return split(years, months, Math.floor((until - addWallMonths(afterYears, months)) / 1000), to.getTime() - now.getTime());
  }
  const count = (add: typeof addYears, from: Date) => {
    let n = 0;
    while (add(from, n + 1, IN_BOGOTA).getTime() <= to.getTime()) n++;
    return n;
  };
  const years = count(addYears, now);
  const afterYears = plain(addYears(now, years, IN_BOGOTA));
  const months = count(addMonths, afterYears);
  const rest = Math.floor((to.getTime() - addMonths(afterYears, months, IN_BOGOTA).getTime()) / 1000);
  return split(years, months, rest, to.getTime() - now.getTime());
}

function split(years: number, months: number, rest: number, total: number): TimeLeft {
  return {
    years,
    months,
    days: Math.floor(rest / 86400),
    hours: Math.floor((rest % 86400) / 3600),
    minutes: Math.floor((rest % 3600) / 60),
    seconds: rest % 60,
    total,
  };
}
