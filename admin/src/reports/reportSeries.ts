import { addDays, isCalendarDay } from '@licencias/common/dates';
import type { ReportInterval } from './reportQuery';

/** One bar of a report's chart: its period and one value per series (stacked). */
export interface ReportBar {
  /** The period's first day, 'yyyy-MM-dd' (a day, the Monday of a week, the first of a month). */
  key: string;
  /** What the axis says: 'dd/MM' for days and weeks, 'MM/yyyy' for months. */
  label: string;
  values: number[];
}

/** The server answers only the periods with data; at most this many are drawn (a window of decades by day). */
const MAX_PERIODS = 1000;

/** The Monday of the ISO week of a day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function nextMonth(key: string): string {
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${key.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
}

/** The first day of every period of the window (the server's `period` of each), oldest first. */
export function periodsOf(from: string, to: string, interval: ReportInterval): string[] {
  if (!isCalendarDay(from) || !isCalendarDay(to) || to < from) return [];
  const periods: string[] = [];
  let key = interval === 'day' ? from : interval === 'week' ? mondayOf(from) : `${from.slice(0, 8)}01`;
  while (key <= to && periods.length < MAX_PERIODS) {
    periods.push(key);
    key = interval === 'day' ? addDays(key, 1) : interval === 'week' ? addDays(key, 7) : nextMonth(key);
  }
  return periods;
}

export function periodLabel(key: string, interval: ReportInterval): string {
  return interval === 'month' ? `${key.slice(5, 7)}/${key.slice(0, 4)}` : `${key.slice(8, 10)}/${key.slice(5, 7)}`;
}

/**
 * The report's points over every period of its window, 0 where the server had nothing: each bar
 * carries `pick(point)` of its period (one value per series).
 */
export function reportBars<P extends { period: string }>(
  points: readonly P[],
  window: { from: string; to: string; interval: ReportInterval },
  pick: (point: P) => number[],
  seriesCount: number,
): ReportBar[] {
  const byPeriod = new Map(points.map((point) => [point.period, point]));
  return periodsOf(window.from, window.to, window.interval).map((key) => {
    const point = byPeriod.get(key);
    return { key, label: periodLabel(key, window.interval), values: point ? pick(point) : Array.from({ length: seriesCount }, () => 0) };
  });
}
