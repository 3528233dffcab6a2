/**
 * The customer dashboards' rules (catalogue-and-dashboards.md §4, §5 "Movement date filter", §9),
 * used by the back office's movement filter and by the server that decides (422 with these texts).
 * Days are Bogotá calendar days; the filter takes them as dd/MM/yyyy, the API also as yyyy-MM-dd.
 */
import { dayToText, isCalendarDay, parseDate } from '../dates.js';

/** Movement history loads this many records at a time (§4, §9); also the largest `take`. */
export const MOVEMENT_PAGE_SIZE = 100;
/** Earliest day the filter admits (§5, §9). */
export const MOVEMENT_MIN_DAY = '2000-01-01';
/** Most movements one Excel download carries; past it the server asks to narrow the dates. */
export const MOVEMENT_EXPORT_MAX_ROWS = 1_000_000;

export const DASHBOARD_MESSAGES = {
  required: 'Campo obligatorio',
  invalidDate: 'Fecha inválida, el formato debe ser dd/MM/yyyy',
  minDate: 'Fecha mínima permitida 01/01/2000',
  afterToday: 'La fecha no puede ser mayor a hoy',
  endBeforeStart: (day: string) => `La fecha debe ser igual o posterior a ${dayToText(day)}`,
  tooManyRows: 'El rango tiene más de 1.000.000 de movimientos; acorta las fechas para descargarlo en Excel.',
  noServices: 'Consulta con tu comercial aún no tienes servicios asociados a tu compañía.',
} as const;

/** A filter day ('dd/MM/yyyy' as typed, or 'yyyy-MM-dd') → 'yyyy-MM-dd'; undefined when it is not a real day. */
export function movementDay(text: string | null | undefined): string | undefined {
  const value = text?.trim() ?? '';
  if (isCalendarDay(value)) return value;
  return value ? parseDate(value) : undefined;
}

export interface MovementRange {
  startDate: string | null | undefined;
  endDate: string | null | undefined;
}

export type MovementRangeProblems = Partial<Record<keyof MovementRange, string>>;

function dayProblem(text: string | null | undefined, today: string): string | undefined {
  if (!text?.trim()) return DASHBOARD_MESSAGES.required;
  const day = movementDay(text);
  if (!day) return DASHBOARD_MESSAGES.invalidDate;
  if (day < MOVEMENT_MIN_DAY) return DASHBOARD_MESSAGES.minDate;
  if (day > today) return DASHBOARD_MESSAGES.afterToday;
  return undefined;
}

/**
 * The movement date filter (§5): both required, a real day, from 01/01/2000, not after today
 * (`today` is Bogotá's, 'yyyy-MM-dd'), and the until day not before the from day. One message per
 * field, the first rule it breaks; an empty object when the range is valid.
 */
export function movementRangeProblems(range: MovementRange, today: string): MovementRangeProblems {
  const problems: MovementRangeProblems = {};
  const start = dayProblem(range.startDate, today);
  if (start) problems.startDate = start;
  const end = dayProblem(range.endDate, today);
  if (end) problems.endDate = end;
  else if (!start) {
    const from = movementDay(range.startDate) ?? '';
    if ((movementDay(range.endDate) ?? '') < from) problems.endDate = DASHBOARD_MESSAGES.endBeforeStart(from);
  }
  return problems;
}

/** The filter's default range (§4): the first day of the month to today, 'yyyy-MM-dd'. */
export function defaultMovementRange(today: string): { startDate: string; endDate: string } {
  return { startDate: `${today.slice(0, 8)}01`, endDate: today };
}
