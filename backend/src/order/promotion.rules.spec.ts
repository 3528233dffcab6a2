import { addBogotaMonths, parseBusinessDate } from '@licencias/common/dates';
import { checkUserType, periodAt, type PromoCodeTerms, PromoRefusal, priceWithPromo, promoInputs } from './promotion.rules.js';
import { DEFAULT_MIN_DAYS_TO_RENEW, licenceBlock } from './order.rules.js';

const at = (text: string) => parseBusinessDate(text) as Date;
const terms = (over: Partial<PromoCodeTerms> = {}): PromoCodeTerms => ({
  id: 1,
  promotionCode: 'PRUEBA',
  descriptionPromotionCode: 'Prueba',
  active: true,
  useQuantity: 10,
  offerTypeCode: 'PTJ',
  offerValue: '10',
  effectiveStartDate: at('2026-01-31T00:00'),
  expirationDate: at('2026-02-04T23:59:59'),
  periodicityType: 'NEVER',
  periodicityQuantity: null,
  endPeriodicityDate: null,
  applyTotalPurchase: true,
  packageIds: [],
  typeUserId: 1,
  ...over,
});
const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PromoRefusal) return error.reason;
    throw error;
  }
  return 'OK';
};

describe('a code in force (Bogotá dates)', () => {
  it('is in force from its start to its expiry, to the second', () => {
    expect(reason(() => periodAt(terms(), at('2026-01-30T23:59:59')))).toBe('PROMO_NOT_STARTED');
    expect(periodAt(terms(), at('2026-01-31T00:00')).start).toEqual(at('2026-01-31T00:00'));
    expect(reason(() => periodAt(terms(), at('2026-02-04T23:59:59')))).toBe('OK');
    expect(reason(() => periodAt(terms(), at('2026-02-05T00:00')))).toBe('PROMO_EXPIRED');
  });

  it('repeats a monthly window every periodicityQuantity months on Bogotá calendar months until its end', () => {
    const monthly = terms({ periodicityType: 'MONTHLY', periodicityQuantity: 2, endPeriodicityDate: at('2026-06-30') });
    // 31 January + 2 months is 31 March; + 4 months is 31 May.
    expect(periodAt(monthly, at('2026-03-31T10:00'))).toEqual({
      start: at('2026-03-31T00:00'),
      end: addBogotaMonths(at('2026-02-04T23:59:59'), 2),
      monthly: true,
    });
    expect(reason(() => periodAt(monthly, at('2026-02-20')))).toBe('PROMO_NOT_STARTED');
    expect(reason(() => periodAt(monthly, at('2026-04-30')))).toBe('PROMO_NOT_STARTED');
    expect(periodAt(monthly, at('2026-06-02')).start).toEqual(at('2026-05-31T00:00'));
    // The next repetition (31 July) starts after endPeriodicityDate.
    expect(reason(() => periodAt(monthly, at('2026-07-31T12:00')))).toBe('PROMO_EXPIRED');
  });
});

describe('who may use a code', () => {
  const visitor = { signedIn: false, staff: false, customerId: null };
  const customer = { signedIn: true, staff: false, customerId: 7 };
  const staff = { signedIn: true, staff: true, customerId: null };
  it.each([
    [1, visitor, 'OK'],
    [2, visitor, 'PROMO_USER_TYPE'],
    [2, customer, 'PROMO_USER_TYPE'],
    [2, staff, 'OK'],
    [3, visitor, 'PROMO_USER_TYPE'],
    [3, customer, 'OK'],
  ] as const)('user type %i for %j: %s', (type, buyer, expected) => {
    expect(reason(() => checkUserType(type, buyer))).toBe(expected);
  });
});

describe("a code's discount", () => {
  const lines = [
    { packageId: 1, price: 119000, taxIva: 19, number: 1 },
    { packageId: 2, price: 238000, taxIva: 19, number: 1 },
    { packageId: 3, price: 50000, taxIva: 0, number: 3 },
  ];

  it('shares a value on the whole purchase in proportion, the last line taking the rounding rest', () => {
    const inputs = promoInputs(terms({ offerTypeCode: 'VLR', offerValue: '10000' }), lines);
    // Bases 100.000, 200.000 and 150.000 of 450.000.
    expect([...inputs.values()].map((i) => String(i.value))).toEqual(['2222.22', '4444.44', '3333.34']);
    const priced = priceWithPromo(lines, inputs);
    expect(priced.reduce((sum, p) => sum + p.line.promoDiscount.toNumber(), 0)).toBeCloseTo(10000, 2);
  });

  it('never takes more than the lines are worth', () => {
    const inputs = promoInputs(terms({ offerTypeCode: 'VLR', offerValue: '999999', applyTotalPurchase: false, packageIds: [1] }), lines);
    expect(String(inputs.get(1)?.value)).toBe('100000');
    expect(priceWithPromo(lines, inputs)[0]?.line.total.toNumber()).toBe(0);
  });

  it('applies to its packages only, and never with a free package', () => {
    expect(reason(() => promoInputs(terms({ applyTotalPurchase: false, packageIds: [9] }), lines))).toBe('PROMO_PACKAGES');
    expect(reason(() => promoInputs(terms(), [...lines, { packageId: 4, price: 0, taxIva: 0, number: 1 }]))).toBe('PROMO_FREE_PACKAGE');
  });
});

describe('ER16 and ER17', () => {
  const now = at('2026-11-27T12:00');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
  it('blocks a second base plan until the renewal window, and any purchase while a licence awaits activation', () => {
    const active = { state: 'ACTIVE' as const, expiresAt: days(60), base: true };
    expect(licenceBlock([active], true, now, DEFAULT_MIN_DAYS_TO_RENEW)).toEqual(expect.objectContaining({ code: 'ER16', minDateToRenew: '2026-12-27' }));
    expect(licenceBlock([active], false, now, DEFAULT_MIN_DAYS_TO_RENEW)).toBeNull();
    expect(licenceBlock([{ ...active, expiresAt: days(29) }], true, now, DEFAULT_MIN_DAYS_TO_RENEW)).toBeNull();
    expect(licenceBlock([{ ...active, base: false }], true, now, DEFAULT_MIN_DAYS_TO_RENEW)).toBeNull();
    expect(licenceBlock([{ ...active, expiresAt: null }], true, now, DEFAULT_MIN_DAYS_TO_RENEW)?.minDateToRenew).toBeNull();
    expect(licenceBlock([{ ...active, state: 'PENDING' }], false, now, DEFAULT_MIN_DAYS_TO_RENEW)?.code).toBe('ER17');
    expect(licenceBlock([{ ...active, state: 'PENDING', expiresAt: days(-1) }], true, now, DEFAULT_MIN_DAYS_TO_RENEW)).toBeNull();
  });
});
