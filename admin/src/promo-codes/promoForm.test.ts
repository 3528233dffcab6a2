import { describe, expect, it } from 'vitest';
import { createPromoPayload, monthlyAllowed, newPromoValues, promoErrors, type PromoFormValues, promoValues, updatePromoPayload } from './promoForm';
import { promoCodeRecord } from '../testing/records';

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
    expect(values.effectiveStartDate).toBe(TODAY);
    expect(values.expirationDate).toBe('2026-11-22');
  });

  it('accepts a valid code and refuses what the server refuses', () => {
    expect(promoErrors(valid(), undefined, TODAY)).toEqual({});
    expect(promoErrors(valid({ expirationDate: '2026-11-20', effectiveStartDate: TODAY }), undefined, TODAY).expirationDate).toBe(
      'La fecha no puede ser anterior a hoy',
    );
    expect(promoErrors(valid({ effectiveStartDate: '2026-12-10', expirationDate: '2026-12-01' }), undefined, TODAY).expirationDate).toBe(
      'Fin vigencia debe ser mayor a Inicio vigencia',
    );
    expect(promoErrors(valid({ offerTypeCode: 'PTJ', offerValue: 120 }), undefined, TODAY).offerValue).toBe(
      'El porcentaje de descuento debe estar entre 0 y 100',
    );
    expect(promoErrors(valid({ useQuantity: 10000 }), undefined, TODAY).useQuantity).toBe('La cantidad de usos debe ser un número entero de 1 a 9999');
    expect(promoErrors(valid({ applyTotalPurchase: false }), undefined, TODAY).packageIds).toBe('Campo obligatorio');
    expect(promoErrors(valid({ descriptionPromotionCode: 'Hola <script>' }), undefined, TODAY).descriptionPromotionCode).toBeUndefined();
    expect(promoErrors(valid({ descriptionPromotionCode: 'Emoji 🎉' }), undefined, TODAY).descriptionPromotionCode).toBe(
      'Solo se permiten letras, números, espacios y signos de puntuación',
    );
  });

  it('offers monthly repetition only for spans of 0 to 30 days, with an interval and an end', () => {
    expect(monthlyAllowed({ effectiveStartDate: TODAY, expirationDate: '2026-12-21' })).toBe(true);
    expect(monthlyAllowed({ effectiveStartDate: TODAY, expirationDate: '2026-12-22' })).toBe(false);
    const monthly = valid({ periodicityType: 'MONTHLY', periodicityQuantity: 13, endPeriodicityDate: TODAY });
    const errors = promoErrors(monthly, undefined, TODAY);
    expect(errors.periodicityQuantity).toBe('El intervalo de repetición debe estar entre 1 y 12 meses');
    expect(errors.endPeriodicityDate).toBe('Fecha final de repetición no puede ser menor a la fecha de expiración');
    // Over 30 days a monthly choice is saved as never.
    expect(createPromoPayload(valid({ periodicityType: 'MONTHLY', expirationDate: '2027-01-31' })).periodicityType).toBe('NEVER');
  });

  it('gives user types 2 and 3 a 100 % discount, strips spaces and fixes single use at 1', () => {
    const payload = createPromoPayload(
      valid({ promotionCode: ' NAVI DAD ', typeUserId: 2, offerTypeCode: 'VLR', offerValue: 5000, singleUse: true, useQuantity: null }),
    );
    expect([payload.promotionCode, payload.offerTypeCode, payload.offerValue, payload.useQuantity]).toEqual(['NAVIDAD', 'PTJ', 100, 1]);
  });

  it('sends an edit only when a field changed', () => {
    const record = promoCodeRecord();
    const values = promoValues(record);
    expect(values.expirationDate).toBe('2026-11-22');
    expect(updatePromoPayload(values, record)).toBeUndefined();
    expect(updatePromoPayload({ ...values, offerValue: 15 }, record)?.version).toBe(2);
  });
});
