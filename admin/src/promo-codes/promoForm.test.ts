import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createPromoPayload,
  MESSAGES,
  monthlyAllowed,
  newPromoValues,
  promoErrors,
  type PromoFormValues,
  promoValues,
  updatePromoPayload,
} from './promoForm.ts';
import type { PromoCode } from './types.ts';

const TODAY = '2026-11-21';
const valid = (changes: Partial<PromoFormValues> = {}): PromoFormValues => ({
  ...newPromoValues(TODAY),
  promotionCode: 'NAVIDAD',
  descriptionPromotionCode: 'Descuento de navidad, 10%',
  useQuantity: 10,
  offerValue: 10,
  applyTotalPurchase: true,
  ...changes,
});

describe('promotional code rules', () => {
  it('starts today and expires tomorrow', () => {
    const values = newPromoValues(TODAY);
    assert.equal(values.effectiveStartDate, TODAY);
    assert.equal(values.expirationDate, '2026-11-22');
  });

  it('accepts a valid code and refuses what the server refuses', () => {
    assert.deepEqual(promoErrors(valid(), undefined, TODAY), {});
    assert.equal(promoErrors(valid({ expirationDate: '2026-11-20', effectiveStartDate: TODAY }), undefined, TODAY).expirationDate, MESSAGES.pastDate);
    assert.equal(
      promoErrors(valid({ effectiveStartDate: '2026-12-10', expirationDate: '2026-12-01' }), undefined, TODAY).expirationDate,
      MESSAGES.validityOrder,
    );
    assert.equal(promoErrors(valid({ offerTypeCode: 'PTJ', offerValue: 120 }), undefined, TODAY).offerValue, MESSAGES.percentage);
    assert.equal(promoErrors(valid({ useQuantity: 10000 }), undefined, TODAY).useQuantity, MESSAGES.useQuantity);
    assert.equal(promoErrors(valid({ applyTotalPurchase: false }), undefined, TODAY).packageIds, MESSAGES.required);
    assert.equal(promoErrors(valid({ descriptionPromotionCode: 'Hola <script>' }), undefined, TODAY).descriptionPromotionCode, undefined);
    assert.equal(promoErrors(valid({ descriptionPromotionCode: 'Emoji 🎉' }), undefined, TODAY).descriptionPromotionCode, MESSAGES.description);
  });

  it('offers monthly repetition only for spans of 0 to 30 days, with an interval and an end', () => {
    assert.equal(monthlyAllowed({ effectiveStartDate: TODAY, expirationDate: '2026-12-21' }), true);
    assert.equal(monthlyAllowed({ effectiveStartDate: TODAY, expirationDate: '2026-12-22' }), false);
    const monthly = valid({ periodicityType: 'MONTHLY', periodicityQuantity: 13, endPeriodicityDate: TODAY });
    const errors = promoErrors(monthly, undefined, TODAY);
    assert.equal(errors.periodicityQuantity, MESSAGES.interval);
    assert.equal(errors.endPeriodicityDate, MESSAGES.repetitionEnd);
    // Over 30 days a monthly choice is saved as never.
    assert.equal(createPromoPayload(valid({ periodicityType: 'MONTHLY', expirationDate: '2027-01-31' })).periodicityType, 'NEVER');
  });

  it('gives user types 2 and 3 a 100 % discount, strips spaces and fixes single use at 1', () => {
    const payload = createPromoPayload(
      valid({ promotionCode: ' NAVI DAD ', typeUserId: 2, offerTypeCode: 'VLR', offerValue: 5000, singleUse: true, useQuantity: null }),
    );
    assert.deepEqual([payload.promotionCode, payload.offerTypeCode, payload.offerValue, payload.useQuantity], ['NAVIDAD', 'PTJ', 100, 1]);
  });

  it('sends an edit only when a field changed', () => {
    const record: PromoCode = {
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
      createdby: null,
      createdon: '2026-11-21T05:00:00.000Z',
      modifiedby: null,
      modifiedon: null,
    };
    const values = promoValues(record);
    assert.equal(values.expirationDate, '2026-11-22');
    assert.equal(updatePromoPayload(values, record), undefined);
    assert.equal(updatePromoPayload({ ...values, offerValue: 15 }, record)?.version, 2);
  });
});
