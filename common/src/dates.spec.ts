import { tz } from '@date-fns/tz';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { endOfDay } from 'date-fns/endOfDay';
import { isValid } from 'date-fns/isValid';
import { lightFormat } from 'date-fns/lightFormat';
import { parseISO } from 'date-fns/parseISO';
import { startOfDay } from 'date-fns/startOfDay';
import {
  addDays,
  timeLeft,
  bogotaDay,
  bogotaDaysBetween,
  bogotaToday,
  bogotaWallClock,
  dayToText,
  daysBetween,
  endOfBogotaDay,
  formatDate,
  isCalendarDay,
  parseBusinessDate,
  parseDate,
  startOfBogotaDay,
} from './dates.js';

describe('Bogotá business dates', () => {
  it("gives a spreadsheet the Bogotá wall clock of an instant in a Date's UTC fields", () => {
    expect(bogotaWallClock(new Date('2026-05-02T04:59:59.250Z')).toISOString()).toBe('2026-05-01T23:59:59.250Z');
    expect(bogotaWallClock(new Date('2026-12-31T17:00:00Z')).toISOString()).toBe('2026-12-31T12:00:00.000Z');
  });

  it('knows the Bogotá day of an instant (UTC-5)', () => {
    expect(bogotaDay(new Date('2026-05-02T04:59:59Z'))).toBe('2026-05-01');
    expect(bogotaDay(new Date('2026-05-02T05:00:00Z'))).toBe('2026-05-02');
  });

  it('starts and ends days at Bogotá midnight', () => {
    expect(startOfBogotaDay('2026-05-01').toISOString()).toBe('2026-05-01T05:00:00.000Z');
    expect(endOfBogotaDay('2026-05-01').toISOString()).toBe('2026-05-02T04:59:59.999Z');
  });

  it('reads dates, local date-times and zoned date-times', () => {
    expect(parseBusinessDate('2026-05-01')?.toISOString()).toBe('2026-05-01T05:00:00.000Z');
    expect(parseBusinessDate('2026-05-01', 'end')?.toISOString()).toBe('2026-05-02T04:59:59.999Z');
    expect(parseBusinessDate('2026-05-01T08:30')?.toISOString()).toBe('2026-05-01T13:30:00.000Z');
    expect(parseBusinessDate('2026-05-01T08:30:00.000Z')?.toISOString()).toBe('2026-05-01T08:30:00.000Z');
    expect(parseBusinessDate('2026-05-01T08:30:00-03:00')?.toISOString()).toBe('2026-05-01T11:30:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const text of ['', '  ', '2026-02-30', '01/05/2026', '2026-13-01', 'mañana', '2026-05-01T25:00', null, undefined]) {
      expect(parseBusinessDate(text)).toBeNull();
    }
  });

  it('counts Bogotá calendar days', () => {
    expect(bogotaDaysBetween(new Date('2026-05-01T05:00:00Z'), new Date('2026-05-31T04:59:59Z'))).toBe(29);
    expect(bogotaDaysBetween(new Date('2026-05-01T05:00:00Z'), new Date('2026-05-31T05:00:00Z'))).toBe(30);
    expect(bogotaDaysBetween(new Date('2026-05-01T05:00:00Z'), new Date('2026-05-01T23:00:00Z'))).toBe(0);
  });
});

describe('Bogotá calendar days', () => {
  it('shows instants and days as dd/MM/yyyy in Bogotá, a date-only text as the day it names', () => {
    expect(formatDate('2026-03-01T03:00:00Z')).toBe('28/02/2026');
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate(new Date('2026-03-01T05:00:00Z'))).toBe('01/03/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('mañana')).toBe('');
  });

  it('counts and adds calendar days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('no', 1)).toBe('no');
    expect(daysBetween('2026-11-21', '2026-12-21')).toBe(30);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
    expect(daysBetween('2026-11-21', 'x')).toBeNaN();
  });

  it('knows real days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-28')).toBe(false);
    expect(isCalendarDay(20260228)).toBe(false);
  });

  it('reads days typed as dd/MM/yyyy', () => {
    expect(parseDate('01/03/2026')).toBe('2026-03-01');
    expect(parseDate('1/3/2026')).toBe('2026-03-01');
    expect(parseDate('29/02/2026')).toBeUndefined();
    expect(parseDate('2026-03-01')).toBeUndefined();
    expect(dayToText('2026-03-01')).toBe('01/03/2026');
    expect(dayToText('01/0')).toBe('01/0');
  });

  it('knows today in Bogotá', () => {
    expect(bogotaToday(new Date('2026-01-01T04:00:00Z'))).toBe('2025-12-31');
    expect(bogotaDay('not a date')).toBe('');
  });
});

describe('timeLeft (the offers countdown)', () => {
  const now = new Date('2026-01-31T15:00:00-05:00');
  it('counts years and months on the calendar, then days to seconds', () => {
    expect(timeLeft('2027-03-02T16:01:02-05:00', now)).toMatchObject({ years: 1, months: 1, days: 2, hours: 1, minutes: 1, seconds: 2 });
    // 31 January + 1 month is 28 February.
    expect(timeLeft('2026-02-28T15:00:00-05:00', now)).toMatchObject({ years: 0, months: 1, days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft('2026-02-27T15:00:00-05:00', now)).toMatchObject({ months: 0, days: 27 });
    expect(timeLeft('2026-01-31T15:00:59.900-05:00', now)).toMatchObject({ seconds: 59, total: 59900 });
  });
  it('is all zeros once the end has passed or is not a date', () => {
    expect(timeLeft('2026-01-31T14:59:59-05:00', now)).toEqual({ years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0, total: 0 });
    expect(timeLeft('no es una fecha', now).total).toBe(0);
  });
});

describe('the fixed offset read without Intl agrees with the time-zone data', () => {
  const BOG = tz('America/Bogota');
  const IN = { in: BOG };
  /** The countdown as the time-zone data counts it (what timeLeft did before its fixed-offset path). */
  function reference(end: Date, now: Date) {
    const count = (add: typeof addYears, from: Date) => {
      let n = 0;
      while (add(from, n + 1, IN).getTime() <= end.getTime()) n++;
      return n;
    };
    const years = count(addYears, now);
    const afterYears = new Date(addYears(now, years, IN).getTime());
    const months = count(addMonths, afterYears);
    const rest = Math.floor((end.getTime() - addMonths(afterYears, months, IN).getTime()) / 1000);
    return {
      years,
      months,
      days: Math.floor(rest / 86400),
      hours: Math.floor((rest % 86400) / 3600),
      minutes: Math.floor((rest % 3600) / 60),
      seconds: rest % 60,
      total: end.getTime() - now.getTime(),
    };
  }
  // A fixed sequence (not Math.random): a failure names instants that fail again.
  let seed = 20261129;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const from = Date.UTC(1994, 0, 1, 5);
  const span = Date.UTC(2100, 0, 1) - from;
  // Random instants, and the last and first moments of month ends in Bogotá (31 January, 29 February...).
  const instants = Array.from({ length: 10_000 }, () => new Date(from + Math.floor(random() * span)));
  for (let year = 1994; year < 2100; year += 7)
    for (let month = 0; month < 12; month++) {
      const nextMonthStart = Date.UTC(year, month + 1, 1, 5);
      instants.push(new Date(nextMonthStart - 1), new Date(nextMonthStart), new Date(nextMonthStart - 86_400_000));
    }

  it('for the Bogotá day and the date shown', () => {
    const wrong = instants.filter((d) => bogotaDay(d) !== lightFormat(BOG(d), 'yyyy-MM-dd') || formatDate(d) !== lightFormat(BOG(d), 'dd/MM/yyyy'));
    expect(wrong.map((d) => d.toISOString())).toEqual([]);
  });

  it('for the countdown, months and years on the Bogotá calendar included', () => {
    const wrong = instants.slice(0, 3_000).flatMap((now, i) => {
      // Ends from a second to about three years later, some on a month's last moments.
      const end = i % 3 === 0 ? instants[instants.length - 1 - (i % 400)] : new Date(now.getTime() + Math.floor(random() * 1_100 * 86_400_000) + 1000);
      if (end.getTime() <= now.getTime()) return [];
      const got = timeLeft(end, now);
      const want = reference(end, now);
      return JSON.stringify(got) === JSON.stringify(want)
        ? []
        : [`${now.toISOString()} → ${end.toISOString()}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`];
    });
    expect(wrong).toEqual([]);
  });

  it("for the start and end of a day, of an instant's day and of a calendar day", () => {
    const wrong = instants.flatMap((d) => {
      const want = [startOfDay(d, IN).getTime(), endOfDay(d, IN).getTime()];
      const day = lightFormat(BOG(d), 'yyyy-MM-dd');
      const wantDay = [startOfDay(parseISO(day, IN), IN).getTime(), endOfDay(parseISO(day, IN), IN).getTime()];
      const got = [startOfBogotaDay(d).getTime(), endOfBogotaDay(d).getTime()];
      const gotDay = [startOfBogotaDay(day).getTime(), endOfBogotaDay(day).getTime()];
      return JSON.stringify([got, gotDay]) === JSON.stringify([want, wantDay]) ? [] : [d.toISOString()];
    });
    expect(wrong).toEqual([]);
    expect(startOfBogotaDay('1993-12-31').toISOString()).toBe('1993-12-31T05:00:00.000Z');
    expect(endOfBogotaDay('1992-06-01').toISOString()).toBe('1992-06-02T03:59:59.999Z');
  });

  it('for real days: every day of 1896 to 2104 and the impossible ones, as date-fns reads them', () => {
    const wrong: string[] = [];
    for (const year of [0, 4, 100, 1600, 1700, 1896, 1900, ...Array.from({ length: 209 }, (_, i) => 1896 + i), 2400, 9999])
      for (let month = 0; month <= 13; month++)
        for (let date = 0; date <= 32; date++) {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
          if (isCalendarDay(text) !== isValid(parseISO(text, IN))) wrong.push(text);
        }
    expect(wrong).toEqual([]);
  });

  it('keeps the time-zone data for instants before 1994 (Colombia had summer time in 1992-93)', () => {
    expect(bogotaDay(new Date('1992-06-01T04:30:00Z'))).toBe('1992-06-01');
    expect(formatDate(new Date('1992-06-01T04:30:00Z'))).toBe('01/06/1992');
    expect(bogotaDay(new Date('1990-06-01T04:30:00Z'))).toBe('1990-05-31');
  });
});
