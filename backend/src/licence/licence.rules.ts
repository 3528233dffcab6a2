import { addDays, bogotaDay, endOfBogotaDay, formatDate, parseBusinessDate, startOfBogotaDay, validityEnd } from '@licencias/common/dates';
import { rangeProblems } from '@licencias/common/rules';
import { INVALID_DATE_MESSAGE } from '../errors/messages.js';
import type { RuleViolations } from '../errors/rule-violations.js';
import type { BagSort, BagView, LicenceState, TransactionRangeInput, ValidityUnit } from './licence.types.js';

/** A package feature quantity that means unlimited (the UNLIMITED_QUANTITY parameter). */
export const UNLIMITED_QUANTITY = 1_000_000;

/** The spec's range rules (licences-and-agreements.md §5, shared with the back office's form) as violations. */
export function checkRanges(ranges: readonly TransactionRangeInput[], violations: RuleViolations, field = 'transactionRanges'): void {
  for (const problem of rangeProblems(ranges)) violations.add(`${field}[${problem.index}].${problem.field}`, problem.message);
}

/** When a licence granted at `effectiveAt` for this validity ends; null for I (no end). */
export function licenceEnd(effectiveAt: Date, amount: number, unit: ValidityUnit): Date | null {
  return unit === 'I' ? null : validityEnd(effectiveAt, amount, unit);
}

export const PACKAGE_NOT_OF_SERVICE_MESSAGE = 'El paquete no pertenece al servicio seleccionado.';
export const endAfterMessage = (day: Date) => `La fecha debe ser posterior a ${formatDate(day)}`;

/** The unlimited package: needs a contract number and its own dates (licences-and-agreements §2, §9). */
export const UNLIMITED_PACKAGE_CODE = 'BIILIMITADO';

/**
 * The dates of a licence added by hand ('Añadir licencia', §2 and §4): it starts at the start of
 * today (Bogotá) plus one minute unless given. Without an end, the unlimited package ends at the
 * end of the day after its start (or after today, for a start in the past), any other package
 * after its validity. The end must come after the start, and after now when the start is past.
 */
export function manualLicenceDates(
  startText: string | null | undefined,
  finalText: string | null | undefined,
  validity: { amount: number; unit: ValidityUnit } | null,
  now: Date,
  violations: RuleViolations,
): { start: Date; end: Date | null } {
  const start = startText ? parseBusinessDate(startText) : new Date(startOfBogotaDay(now).getTime() + 60_000);
  if (!start) {
    violations.add('startDate', INVALID_DATE_MESSAGE);
    return { start: now, end: null };
  }
  let end: Date | null;
  if (finalText) end = parseBusinessDate(finalText, 'end');
  else if (validity) end = licenceEnd(start, validity.amount, validity.unit);
  else end = endOfBogotaDay(addDays(bogotaDay(start < now ? now : start), 1));
  if (finalText && !end) violations.add('finalDate', INVALID_DATE_MESSAGE);
  else if (end && end <= start) violations.add('finalDate', endAfterMessage(start));
  else if (end && start < now && end <= now) violations.add('finalDate', endAfterMessage(now));
  return { start, end };
}

/**
 * A licence's state at a moment: past its end it is EXPIRED even before the expiry job has closed
 * it (the job only writes what the clock already decided: its EXPIRY movements and `closed_at`).
 */
export function stateAt(licence: { state: LicenceState; expiresAt: Date | null }, now: Date): LicenceState {
  return licence.state !== 'EXPIRED' && licence.expiresAt !== null && licence.expiresAt <= now ? 'EXPIRED' : licence.state;
}

/** The 'Activa' badge (§2): active and within its dates. */
export function isActiveAt(licence: { state: LicenceState; effectiveAt: Date; expiresAt: Date | null }, now: Date): boolean {
  return stateAt(licence, now) === 'ACTIVE' && licence.effectiveAt <= now;
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const bagName = (bag: BagView) =>
  `${bag.serviceName} ${bag.licence.packageSnapshot.packageName ?? bag.licence.packageSnapshot.packageCode ?? ''} ${bag.featureName}`;
const lastUse = (bag: BagView) => bag.balance.lastUsedAt?.getTime() ?? null;

/**
 * 'Ordenar' of 'Ver bolsas' (§2): A - Z and Z - A by product, package and feature (Spanish order,
 * ignoring case and accents); 'Fecha más reciente' and 'Fecha más antigua' by the last use, bags never
 * used last. Ties keep the product order, then the balance id.
 */
export function sortBags(bags: readonly BagView[], sort: BagSort): BagView[] {
  const byName = (a: BagView, b: BagView) => collator.compare(bagName(a), bagName(b)) || a.balance.id - b.balance.id;
  const byUse = (newestFirst: boolean) => (a: BagView, b: BagView) => {
    const [x, y] = [lastUse(a), lastUse(b)];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (newestFirst ? y - x : x - y) || byName(a, b);
  };
  const compare: Record<BagSort, (a: BagView, b: BagView) => number> = {
    'A - Z': byName,
    'Z - A': (a, b) => byName(b, a),
    newest: byUse(true),
    oldest: byUse(false),
  };
  return [...bags].sort(compare[sort]);
}
