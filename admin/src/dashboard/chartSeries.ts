import { addDays, isCalendarDay } from '@licencias/common/dates';

export interface ChartBar {
  /** 'yyyy-MM-dd' or 'yyyy-MM'. */
  key: string;
  /** What the axis says: 'dd/MM' or 'MM/yyyy'. */
  label: string;
  value: number;
}

export interface ChartSeries {
  unit: 'day' | 'month';
  bars: ChartBar[];
}

function monthsOf(from: string, until: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = until.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The server's consumption series (getConsumptionSeries: used per Bogotá day, or per month, only
 * the periods with movements) over every day or month of the range searched, 0 where nothing was
 * used. An invalid or reversed range gives no bars.
 */
export function consumptionSeries(points: readonly { period: string; used: number }[], unit: 'day' | 'month', from: string, until: string): ChartSeries {
  if (!isCalendarDay(from) || !isCalendarDay(until) || until < from) return { unit, bars: [] };
  const keyOf = (day: string) => (unit === 'day' ? day : day.slice(0, 7));
  const sums = new Map<string, number>();
  for (const point of points) sums.set(keyOf(point.period), (sums.get(keyOf(point.period)) ?? 0) + point.used);
  const keys: string[] = [];
  if (unit === 'day') for (let day = from; day <= until; day = addDays(day, 1)) keys.push(day);
  else keys.push(...monthsOf(from, until));
  return {
    unit,
    bars: keys.map((key) => ({
      key,
      label: unit === 'day' ? `${key.slice(8, 10)}/${key.slice(5, 7)}` : `${key.slice(5, 7)}/${key.slice(0, 4)}`,
      value: sums.get(key) ?? 0,
    })),
  };
}
