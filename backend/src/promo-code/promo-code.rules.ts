import { Decimal } from 'decimal.js';
import type { RuleViolations } from '../errors/rule-violations.js';
import { bogotaDay, bogotaDaysBetween, parseBusinessDate } from '@licencias/common/dates';
import { INVALID_DATE_MESSAGE, REQUIRED_MESSAGE } from '../errors/messages.js';
import type { OfferType } from '../package/package.types.js';
import type { PeriodicityType } from './promo-code.entity.js';

export const VALIDITY_ORDER_MESSAGE = 'Fin vigencia debe ser mayor a Inicio vigencia';
export const REPETITION_END_MESSAGE = 'Fecha final de repetición no puede ser menor a la fecha de expiración';
export const PAST_DATE_MESSAGE = 'La fecha no puede ser anterior a hoy';
export const PERCENTAGE_MESSAGE = 'El porcentaje de descuento debe estar entre 0 y 100';
export const REPETITION_INTERVAL_MESSAGE = 'El intervalo de repetición debe estar entre 1 y 12 meses';
export const CODE_LOCKED_MESSAGE = 'El código promocional no se puede modificar';

/** Monthly repetition is only offered for validity spans of 0 to 30 days. */
export const MONTHLY_MAX_SPAN_DAYS = 30;

export interface PromoTermsInput {
  offerTypeCode: OfferType;
  offerValue: Decimal;
  effectiveStartDate: string;
  expirationDate: string;
  periodicityType?: PeriodicityType | null;
  periodicityQuantity?: number | null;
  endPeriodicityDate?: string | null;
  applyTotalPurchase?: boolean;
  packageIds?: readonly number[] | null;
}

/** The terms of a code as stored. */
export interface PromoTerms {
  offerTypeCode: OfferType;
  offerValue: Decimal;
  effectiveStartDate: Date;
  expirationDate: Date;
  periodicityType: PeriodicityType;
  periodicityQuantity: number | null;
  endPeriodicityDate: Date | null;
  applyTotalPurchase: boolean;
  applyProduct: boolean;
  packageIds: number[];
}

/** Codes are typed by customers: whitespace is never part of one. */
export function normalizePromotionCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/**
 * The rules of the promotional code dialog, server-side:
 * - validity: dates are Bogotá dates (a date alone starts at 00:00 and expires at 23:59:59.999);
 *   a date that changes may not be in the past; the end must be after the start;
 * - user types with a full discount (2 and 3) always get PTJ 100; PTJ is 0 to 100;
 * - MONTHLY repetition only for spans of 0 to 30 days, otherwise it is saved as NEVER (as the
 *   screen resets it); it needs an interval of 1 to 12 months and an end not before the expiration;
 * - the code applies to the whole purchase or to at least one package.
 * `current` holds the stored dates when editing.
 */
export function resolvePromoTerms(
  input: PromoTermsInput,
  fullDiscount: boolean,
  now: Date,
  violations: RuleViolations,
  current?: { effectiveStartDate: Date; expirationDate: Date },
): PromoTerms {
  const today = bogotaDay(now);
  const start = parseBusinessDate(input.effectiveStartDate, 'start');
  const end = parseBusinessDate(input.expirationDate, 'end');
  if (!start) violations.add('effectiveStartDate', INVALID_DATE_MESSAGE);
  else if (start.getTime() !== current?.effectiveStartDate.getTime() && bogotaDay(start) < today) violations.add('effectiveStartDate', PAST_DATE_MESSAGE);
  if (!end) violations.add('expirationDate', INVALID_DATE_MESSAGE);
  else if (end.getTime() !== current?.expirationDate.getTime() && bogotaDay(end) < today) violations.add('expirationDate', PAST_DATE_MESSAGE);
  if (start && end && end.getTime() <= start.getTime()) violations.add('expirationDate', VALIDITY_ORDER_MESSAGE);

  const offerTypeCode: OfferType = fullDiscount ? 'PTJ' : input.offerTypeCode;
  const offerValue = fullDiscount ? new Decimal(100) : input.offerValue;
  if (offerTypeCode === 'PTJ' && offerValue.greaterThan(100)) violations.add('offerValue', PERCENTAGE_MESSAGE);

  let periodicityType: PeriodicityType = input.periodicityType ?? 'NEVER';
  if (periodicityType === 'MONTHLY' && start && end && bogotaDaysBetween(start, end) > MONTHLY_MAX_SPAN_DAYS) periodicityType = 'NEVER';
  let periodicityQuantity: number | null = null;
  let endPeriodicityDate: Date | null = null;
  if (periodicityType === 'MONTHLY') {
    periodicityQuantity = input.periodicityQuantity ?? null;
    if (!periodicityQuantity || periodicityQuantity < 1 || periodicityQuantity > 12) violations.add('periodicityQuantity', REPETITION_INTERVAL_MESSAGE);
    endPeriodicityDate = parseBusinessDate(input.endPeriodicityDate, 'end');
    if (!endPeriodicityDate) violations.add('endPeriodicityDate', input.endPeriodicityDate ? INVALID_DATE_MESSAGE : REQUIRED_MESSAGE);
    else if (end && endPeriodicityDate.getTime() < end.getTime()) violations.add('endPeriodicityDate', REPETITION_END_MESSAGE);
  }

  const applyTotalPurchase = input.applyTotalPurchase ?? false;
  const packageIds = applyTotalPurchase ? [] : [...new Set(input.packageIds ?? [])];
  if (!applyTotalPurchase && !packageIds.length) violations.add('packageIds', REQUIRED_MESSAGE);

  return {
    offerTypeCode,
    offerValue: offerValue.toDecimalPlaces(2),
    effectiveStartDate: start ?? now,
    expirationDate: end ?? now,
    periodicityType,
    periodicityQuantity,
    endPeriodicityDate,
    applyTotalPurchase,
    applyProduct: !applyTotalPurchase,
    packageIds,
  };
}
