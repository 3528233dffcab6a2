import { Decimal } from 'decimal.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { broken } from '../test-support/rule-violations.js';
import { normalizePromotionCode, type PromoTermsInput, resolvePromoTerms } from './promo-code.rules.js';

const now = new Date('2026-05-10T15:00:00Z');
const input = (over: Partial<PromoTermsInput> = {}): PromoTermsInput => ({
  offerTypeCode: 'PTJ',
  offerValue: new Decimal(10),
  effectiveStartDate: '2026-05-10',
  expirationDate: '2026-05-30',
  applyTotalPurchase: true,
  ...over,
});

describe('promotional code rules', () => {
  it('strips whitespace from codes', () => {
    expect(normalizePromotionCode(' VERANO 20\t26 ')).toBe('VERANO2026');
  });

  it('stores Bogotá days: the start at 00:00 and the expiration at 23:59:59.999', () => {
    const terms = resolvePromoTerms(input(), false, now, new RuleViolations());
    expect(terms.effectiveStartDate.toISOString()).toBe('2026-05-10T05:00:00.000Z');
    expect(terms.expirationDate.toISOString()).toBe('2026-05-31T04:59:59.999Z');
  });

  it.each([
    [
      'an end not after the start',
      input({ effectiveStartDate: '2026-05-20T10:00', expirationDate: '2026-05-20T10:00' }),
      ['Fin vigencia debe ser mayor a Inicio vigencia'],
    ],
    ['a start in the past', input({ effectiveStartDate: '2026-05-09' }), ['La fecha no puede ser anterior a hoy']],
    ['an impossible date', input({ expirationDate: '2026-04-31' }), ['Fecha no válida']],
    ['a percentage above 100', input({ offerValue: new Decimal(101) }), ['El porcentaje de descuento debe estar entre 0 y 100']],
    ['no packages without apply-to-total', input({ applyTotalPurchase: false, packageIds: [] }), ['Campo obligatorio']],
  ])('refuses %s', (_case, data, messages) => {
    expect(broken((v) => resolvePromoTerms(data, false, now, v))).toEqual(messages);
  });

  it('lets stored past dates stay when editing', () => {
    const current = { effectiveStartDate: new Date('2026-05-01T05:00:00Z'), expirationDate: new Date('2026-05-31T04:59:59.999Z') };
    expect(broken((v) => resolvePromoTerms(input({ effectiveStartDate: '2026-05-01' }), false, now, v, current))).toEqual([]);
  });

  it('forces a 100 percent discount for user types with a full discount', () => {
    const terms = resolvePromoTerms(input({ offerTypeCode: 'VLR', offerValue: new Decimal(5000) }), true, now, new RuleViolations());
    expect([terms.offerTypeCode, terms.offerValue.toFixed(2)]).toEqual(['PTJ', '100.00']);
  });

  it('allows monthly repetition for spans up to 30 days and resets it to NEVER beyond', () => {
    const monthly = { periodicityType: 'MONTHLY' as const, periodicityQuantity: 2, endPeriodicityDate: '2026-12-31' };
    const short = resolvePromoTerms(input({ ...monthly, expirationDate: '2026-06-09' }), false, now, new RuleViolations());
    expect([short.periodicityType, short.periodicityQuantity]).toEqual(['MONTHLY', 2]);
    const long = resolvePromoTerms(input({ ...monthly, expirationDate: '2026-06-10' }), false, now, new RuleViolations());
    expect([long.periodicityType, long.periodicityQuantity, long.endPeriodicityDate]).toEqual(['NEVER', null, null]);
  });

  it.each([
    ['an interval of 0 months', { periodicityQuantity: 0, endPeriodicityDate: '2026-12-31' }, ['El intervalo de repetición debe estar entre 1 y 12 meses']],
    ['an interval of 13 months', { periodicityQuantity: 13, endPeriodicityDate: '2026-12-31' }, ['El intervalo de repetición debe estar entre 1 y 12 meses']],
    ['no repetition end', { periodicityQuantity: 1, endPeriodicityDate: null }, ['Campo obligatorio']],
    [
      'a repetition end before the expiration',
      { periodicityQuantity: 1, endPeriodicityDate: '2026-05-29' },
      ['Fecha final de repetición no puede ser menor a la fecha de expiración'],
    ],
  ])('refuses monthly repetition with %s', (_case, over, messages) => {
    expect(broken((v) => resolvePromoTerms(input({ periodicityType: 'MONTHLY', ...over }), false, now, v))).toEqual(messages);
  });

  it('applies either to the whole purchase or to its packages', () => {
    const total = resolvePromoTerms(input({ packageIds: [1, 2] }), false, now, new RuleViolations());
    expect([total.applyTotalPurchase, total.applyProduct, total.packageIds]).toEqual([true, false, []]);
    const some = resolvePromoTerms(input({ applyTotalPurchase: false, packageIds: [1, 2, 2] }), false, now, new RuleViolations());
    expect([some.applyTotalPurchase, some.applyProduct, some.packageIds]).toEqual([false, true, [1, 2]]);
  });
});
