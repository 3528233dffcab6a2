/**
 * The reports' window (catalogue-and-dashboards.md §9 "Reports default to the last 90 days"):
 * Bogotá days, the same date rules as the movement filter (§5), and the chart's period.
 * Used by the back office's report view and by the server that decides.
 */
import { addDays, daysBetween } from '../dates.js';
import { movementDay, movementRangeProblems, type MovementRangeProblems } from './dashboard.js';

export const REPORT_DEFAULT_DAYS = 90;
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
/** The longest window the chart shows day by day, then week by week; past it, month by month. */
export const REPORT_DAILY_MAX_DAYS = 62;
export const REPORT_WEEKLY_MAX_DAYS = 190;
/** The partners' consumption by day covers at most this many days. */
export const PARTNER_REPORT_MAX_DAYS = 366;

/** The last 90 days up to `today` (both included), 'yyyy-MM-dd'. */
export function defaultReportRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(REPORT_DEFAULT_DAYS - 1)), to: today };
}

/** The chart's period for a window: day up to 62 days, week up to 190, month past that. */
export function reportInterval(from: string, to: string): ReportInterval {
  const days = daysBetween(from, to) + 1;
  return days <= REPORT_DAILY_MAX_DAYS ? 'day' : days <= REPORT_WEEKLY_MAX_DAYS ? 'week' : 'month';
}

export interface ReportWindow {
  from: string;
  to: string;
  interval: ReportInterval;
}

/**
 * The window asked for: missing days take the last-90-days default (from 89 days before `to`),
 * then the movement filter's rules apply; problems are keyed `from` / `to`.
 */
export function reportWindow(
  query: { from?: string | null; to?: string | null; interval?: ReportInterval | null },
  today: string,
): { window: ReportWindow; problems: Partial<Record<'from' | 'to', string>> } {
  const toText = query.to?.trim() || today;
  const to = movementDay(toText);
  const fromText = query.from?.trim() || (to ? addDays(to, -(REPORT_DEFAULT_DAYS - 1)) : defaultReportRange(today).from);
  const found: MovementRangeProblems = movementRangeProblems({ startDate: fromText, endDate: toText }, today);
  const problems: Partial<Record<'from' | 'to', string>> = {};
  if (found.startDate) problems.from = found.startDate;
  if (found.endDate) problems.to = found.endDate;
  const from = movementDay(fromText) ?? '';
  const window = { from, to: to ?? '', interval: query.interval ?? (from && to ? reportInterval(from, to) : 'day') };
  return { window, problems };
}
