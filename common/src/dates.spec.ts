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
