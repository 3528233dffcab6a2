import { Decimal } from 'decimal.js';
import type { RuleViolations } from '../errors/rule-violations.js';
import { bogotaDay, parseBusinessDate, startOfBogotaDay } from '@licencias/common/dates';
import type { OfferType, StorageType } from './package.entity.js';
import type { OfferTerms } from './package-pricing.js';
import { sanitizeSummaryHtml, SUMMARY_MAX_TEXT, summaryTextLength } from './summary-html.js';

import { INVALID_DATE_MESSAGE, REQUIRED_MESSAGE } from '../errors/messages.js';

export { INVALID_DATE_MESSAGE, REQUIRED_MESSAGE };
export const OFFER_END_PAST_MESSAGE = 'Fecha fin oferta debe ser mayor o igual a la actual';
export const OFFER_END_BEFORE_START_MESSAGE = 'Fecha fin oferta debe ser mayor a la fecha inicio oferta';
export const OFFER_ABOVE_PRICE_MESSAGE = 'El valor total de la oferta no puede superar el valor del paquete';
export const OFFER_PERCENTAGE_MESSAGE = 'El porcentaje de la oferta debe estar entre 0 y 100';
export const SUMMARY_TOO_LONG_MESSAGE = `El resumen no puede superar ${SUMMARY_MAX_TEXT} caracteres`;
export const QUANTITY_MESSAGE = 'La cantidad debe ser un número entero entre 1 y 9999999';

/** A quantity of 1000000 means unlimited. */
export const UNLIMITED_QUANTITY = 1_000_000;
export const MAX_FEATURE_QUANTITY = 9_999_999;

export interface OfferInput {
  applyOffer?: boolean;
  offerTypeCode?: OfferType | null;
  totalOffer?: number | null;
  offerStartTime?: string | null;
  offerExpirationTime?: string | null;
}

const sameInstant = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/**
 * The offer to store. Switched off it is reset (VLR, 0, both dates today), as the screen does; an
 * offer already off is kept as it is, so an unchanged package is not rewritten every day.
 * Switched on, its dates and value are checked; "not in the past" only applies to dates that
 * change, so an offer that ran out does not block editing the rest of the package.
 */
export function resolveOffer(input: OfferInput, price: Decimal, now: Date, violations: RuleViolations, current?: OfferTerms): OfferTerms {
  if (!input.applyOffer) {
    if (current && !current.applyOffer) return current;
    const today = startOfBogotaDay(now);
    return { applyOffer: false, offerTypeCode: 'VLR', totalOffer: new Decimal(0), offerStartTime: today, offerExpirationTime: today };
  }
  const start = parseBusinessDate(input.offerStartTime, 'start');
  const end = parseBusinessDate(input.offerExpirationTime, 'end');
  if (!start) violations.add('offerStartTime', INVALID_DATE_MESSAGE);
  if (!end) violations.add('offerExpirationTime', INVALID_DATE_MESSAGE);
  const datesChanged = !current?.applyOffer || !sameInstant(start, current.offerStartTime) || !sameInstant(end, current.offerExpirationTime);
  if (end && datesChanged && bogotaDay(end) < bogotaDay(now)) violations.add('offerExpirationTime', OFFER_END_PAST_MESSAGE);
  if (start && end && end.getTime() <= start.getTime()) violations.add('offerExpirationTime', OFFER_END_BEFORE_START_MESSAGE);

  const offerTypeCode = input.offerTypeCode ?? 'VLR';
  const value = input.totalOffer === null || input.totalOffer === undefined ? null : new Decimal(String(input.totalOffer));
  if (!value) violations.add('totalOffer', REQUIRED_MESSAGE);
  else if (offerTypeCode === 'PTJ' && value.greaterThan(100)) violations.add('totalOffer', OFFER_PERCENTAGE_MESSAGE);
  else if (offerTypeCode === 'VLR' && value.greaterThan(price)) violations.add('totalOffer', OFFER_ABOVE_PRICE_MESSAGE);
  const fallback = startOfBogotaDay(now);
  return {
    applyOffer: true,
    offerTypeCode,
    totalOffer: (value ?? new Decimal(0)).toDecimalPlaces(2),
    offerStartTime: start ?? fallback,
    offerExpirationTime: end ?? fallback,
  };
}

/** Private packages need their customers; public ones have none (the screen clears them). */
export function resolveCustomers(publicVisibility: boolean, customerIds: readonly number[] | null | undefined, violations: RuleViolations): number[] {
  if (publicVisibility) return [];
  if (!customerIds?.length) violations.add('customerIds', REQUIRED_MESSAGE);
  return [...(customerIds ?? [])];
}

/** The summary as stored: basic formatting only, at most 250 characters of text. */
export async function resolveSummary(html: string | null | undefined, violations: RuleViolations): Promise<string | null> {
  if (!html?.trim()) return null;
  const clean = await sanitizeSummaryHtml(html.trim());
  if (summaryTextLength(clean) > SUMMARY_MAX_TEXT) violations.add('summaryHtml', SUMMARY_TOO_LONG_MESSAGE);
  return clean;
}

/** A selected feature's quantity: a whole number from 1 to 9999999 (1000000 is unlimited). */
export function checkQuantity(quantity: number | null | undefined, field: string, violations: RuleViolations): number {
  if (quantity === null || quantity === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_FEATURE_QUANTITY) {
    violations.add(field, QUANTITY_MESSAGE);
    return 1;
  }
  return quantity;
}

/** Storage features carry MB or GB (MB when not said); other features carry none. */
export function storageTypeFor(isStorage: boolean, requested: StorageType | null | undefined): StorageType | null {
  return isStorage ? (requested ?? 'MB') : null;
}
