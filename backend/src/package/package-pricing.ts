import { Decimal } from 'decimal.js';
import type { OfferType } from './package.entity.js';

/** The offer a package carries; in force between its start and expiration. */
export interface OfferTerms {
  applyOffer: boolean;
  offerTypeCode: OfferType;
  /** A value (VLR) or a percentage (PTJ). */
  totalOffer: Decimal;
  offerStartTime: Date;
  offerExpirationTime: Date;
}

/**
 * How package prices are derived. Replaceable (provide PACKAGE_PRICING) when the business
 * changes how VAT or offers are computed; every surface reads prices through it.
 */
export interface PackagePricing {
  /** Price before VAT of a price that includes `taxPercent`. */
  unitPrice(price: Decimal, taxPercent: Decimal): Decimal;
  /** Discount of the offer in force at `now`; 0 when none is. */
  discount(price: Decimal, offer: OfferTerms, now: Date): Decimal;
}

export const PACKAGE_PRICING = Symbol('PACKAGE_PRICING');

export function offerInForce(offer: OfferTerms, now: Date): boolean {
  return offer.applyOffer && offer.offerStartTime.getTime() <= now.getTime() && now.getTime() <= offer.offerExpirationTime.getTime();
}

/**
 * The first instant after `now` at which offerInForce turns for one of these offers (epoch ms):
 * an offer's start, or the millisecond after its end; undefined when none will.
 */
export function nextOfferChange(offers: readonly Pick<OfferTerms, 'applyOffer' | 'offerStartTime' | 'offerExpirationTime'>[], now: Date): number | undefined {
  let next: number | undefined;
  for (const offer of offers) {
    if (!offer.applyOffer) continue;
    const start = offer.offerStartTime.getTime();
    const end = offer.offerExpirationTime.getTime() + 1;
    const turn = start > now.getTime() ? start : end > now.getTime() ? end : undefined;
    if (turn !== undefined && (next === undefined || turn < next)) next = turn;
  }
  return next;
}

/** price × 100 / (100 + tax) and offers of a value or a percentage, to 2 decimals half up. */
export class DefaultPackagePricing implements PackagePricing {
  unitPrice(price: Decimal, taxPercent: Decimal): Decimal {
    return price.times(100).dividedBy(taxPercent.plus(100)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }

  discount(price: Decimal, offer: OfferTerms, now: Date): Decimal {
    if (!offerInForce(offer, now)) return new Decimal(0);
    const discount = offer.offerTypeCode === 'PTJ' ? price.times(offer.totalOffer).dividedBy(100) : offer.totalOffer;
    return Decimal.min(discount, price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }
}
