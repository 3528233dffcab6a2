import { bogotaDay, bogotaDaysBetween, endOfBogotaDay, parseBusinessDate, startOfBogotaDay } from './business-date.js';

describe('Bogotá business dates', () => {
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
