import { Decimal } from 'decimal.js';
import { DefaultPackagePricing, nextOfferChange, type OfferTerms, offerInForce } from './package-pricing.js';

const pricing = new DefaultPackagePricing();
const d = (v: number | string) => new Decimal(v);
const now = new Date('2026-05-10T15:00:00Z');
const offer = (over: Partial<OfferTerms> = {}): OfferTerms => ({
  applyOffer: true,
  offerTypeCode: 'PTJ',
  totalOffer: d(20),
  offerStartTime: new Date('2026-05-01T05:00:00Z'),
  offerExpirationTime: new Date('2026-06-01T04:59:59.999Z'),
  ...over,
});

describe('DefaultPackagePricing', () => {
  it.each([
    ['119000', '19', '100000.00'],
    ['100', '19', '84.03'],
    ['0', '19', '0.00'],
    ['480000', '0', '480000.00'],
    ['999999999999999', '19', '840336134453780.67'],
    ['1000.5', '5.5', '948.34'],
    // Exactly half a cent: half up takes the next cent (half-even or a binary float would not).
    ['2000.01', '100', '1000.01'],
    ['0.01', '100', '0.01'],
    ['1000.05', '100', '500.03'],
    ['999999999999.99', '100', '500000000000.00'],
    ['1', '60', '0.63'],
    ['0.04', '60', '0.03'],
  ])('unit price of %s with %s%% VAT is %s (price × 100 / (100 + tax), half up)', (price, tax, expected) => {
    expect(pricing.unitPrice(d(price), d(tax)).toFixed(2)).toBe(expected);
  });

  it('takes a percentage offer in force off the price', () => {
    expect(pricing.discount(d(1500000), offer(), now).toFixed(2)).toBe('300000.00');
  });

  it('takes a value offer in force off the price, never more than the price', () => {
    expect(pricing.discount(d(650000), offer({ offerTypeCode: 'VLR', totalOffer: d(100000) }), now).toFixed(2)).toBe('100000.00');
    expect(pricing.discount(d(50), offer({ offerTypeCode: 'VLR', totalOffer: d(100) }), now).toFixed(2)).toBe('50.00');
  });

  it('gives no discount outside the offer dates or with the offer off', () => {
    expect(pricing.discount(d(1000), offer({ applyOffer: false }), now).isZero()).toBe(true);
    expect(pricing.discount(d(1000), offer(), new Date('2026-06-01T05:00:00Z')).isZero()).toBe(true);
    expect(pricing.discount(d(1000), offer(), new Date('2026-04-30T23:00:00Z')).isZero()).toBe(true);
  });

  it('rounds a percentage discount half up to cents with no binary error', () => {
    expect(pricing.discount(d('0.15'), offer({ totalOffer: d(50) }), now).toFixed(2)).toBe('0.08');
    expect(offerInForce(offer(), now)).toBe(true);
  });
});

describe('nextOfferChange (when a kept page of packages must be prepared again)', () => {
  const at = (iso: string) => new Date(iso).getTime();
  it('is the earliest start ahead or the millisecond after the earliest end ahead, ignoring offers not applied or over', () => {
    const inForce = offer();
    const starting = offer({ offerStartTime: new Date('2026-05-20T05:00:00Z'), offerExpirationTime: new Date('2026-07-01T04:59:59.999Z') });
    expect(nextOfferChange([inForce], now)).toBe(at('2026-06-01T05:00:00Z'));
    expect(nextOfferChange([inForce, starting], now)).toBe(at('2026-05-20T05:00:00Z'));
    expect(offerInForce(starting, new Date(at('2026-05-20T05:00:00Z')))).toBe(true);
    expect(offerInForce(inForce, new Date(at('2026-06-01T05:00:00Z')))).toBe(false);
    const over = offer({ offerExpirationTime: new Date('2026-05-09T00:00:00Z') });
    expect(nextOfferChange([over, offer({ applyOffer: false, offerStartTime: new Date('2026-05-11T00:00:00Z') })], now)).toBeUndefined();
    expect(nextOfferChange([], now)).toBeUndefined();
  });
});
