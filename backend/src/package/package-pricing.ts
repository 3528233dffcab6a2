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
