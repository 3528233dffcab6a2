import type { PromoCode } from '../promo-codes/types';

/** The audit fields of a record created on 1 November 2026 and never changed since. */
export const NEVER_CHANGED = { createdby: null, createdon: '2026-11-01T10:00:00Z', modifiedby: null, modifiedon: null } as const;

/** A stored promotional code (NAVIDAD, 10 % off the whole purchase, 21 to 22 November 2026), with the test's changes. */
export function promoCodeRecord(changes: Partial<PromoCode> = {}): PromoCode {
  return {
    id: 7,
    promotionCode: 'NAVIDAD',
    descriptionPromotionCode: 'Descuento de navidad, 10%',
    useQuantity: 10,
    offerTypeCode: 'PTJ',
    offerValue: 10,
    effectiveStartDate: '2026-11-21T05:00:00.000Z',
    expirationDate: '2026-11-23T04:59:59.999Z',
    periodicityType: 'NEVER',
    periodicityQuantity: null,
    endPeriodicityDate: null,
    applyTotalPurchase: true,
    applyProduct: false,
    typeUserId: 1,
    typeUser: 'Cliente',
    idstate: 0,
    version: 2,
    packageIds: [],
    packages: [],
    ...NEVER_CHANGED,
    ...changes,
  };
}
