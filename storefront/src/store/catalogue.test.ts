import { describe, expect, it } from 'vitest';
import { discountText, isOfferOn, matchesPackageParam, nextOfferEnd, offerValidityText, periodLabel, priceNow, sectionsOf, toCartPackage } from './catalogue';
import { shownUnits } from './Countdown';
import { timeLeft } from '@licencias/common/dates';
import { feature, offered, storePackage } from './testing/store-packages';

const NOW = new Date('2026-11-27T15:00:00Z');
const DAY = 86_400_000;

describe('the store catalogue', () => {
  it('groups offers in force, base, combo and complementary packages, keeping the order', () => {
    const offer = offered('CN-EMPRESARIAL', 20, new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + 45 * DAY));
    const ended = offered('CN-VIEJA', 10, new Date(NOW.getTime() - 9 * DAY), new Date(NOW.getTime() - 1000));
    const combo = storePackage('COMBO', { type: 'CMB' });
    const extra = storePackage('EXTRA', { type: 'CMP' });
    const base = storePackage('CN-EMPRENDEDOR');
    const sections = sectionsOf([base, offer, ended, combo, extra], NOW);
    expect(sections.offers.map((p) => p.packageCode)).toEqual(['CN-EMPRESARIAL']);
    expect(sections.base.map((p) => p.packageCode)).toEqual(['CN-EMPRENDEDOR', 'CN-EMPRESARIAL', 'CN-VIEJA']);
    expect(sections.combo.map((p) => p.packageCode)).toEqual(['COMBO']);
    expect(sections.complementary.map((p) => p.packageCode)).toEqual(['EXTRA']);
    expect(nextOfferEnd([base, offer, ended], NOW)).toEqual(new Date(NOW.getTime() + 45 * DAY));
  });

  it('charges the offer price only while the offer is in force', () => {
    const offer = offered('OFERTA', 20, new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + DAY));
    expect(isOfferOn(offer, NOW)).toBe(true);
    expect(priceNow(offer, NOW)).toBe(1200000);
    expect(priceNow(offer, new Date(NOW.getTime() + 2 * DAY))).toBe(1500000);
    expect(toCartPackage(offer, new Date(NOW.getTime() + 2 * DAY)).offerActive).toBe(false);
    expect(toCartPackage(offer, NOW)).toMatchObject({ offerActive: true, packagePriceWithDiscount: 1200000, offerTypeCode: 'PTJ', totalOffer: 20 });
  });

  it('says what the price pays for, the discount and the validity in Spanish', () => {
    expect(periodLabel({ validityPeriod: 1, validityTypeId: 'A' })).toBe('/ año');
    expect(periodLabel({ validityPeriod: 6, validityTypeId: 'M' })).toBe('/ 6 meses');
    expect(periodLabel({ validityPeriod: 0, validityTypeId: 'I' })).toBe('');
    expect(discountText({ offerTypeCode: 'PTJ', totalOffer: 20 })).toBe('20 % de descuento');
    expect(discountText({ offerTypeCode: 'VLR', totalOffer: 100000 })).toBe('$100.000 de descuento');
    expect(offerValidityText({ offerStartTime: '2026-11-24T05:00:00Z', offerExpirationTime: '2027-01-11T04:59:59Z' })).toBe(
      'Válida del 24/11/2026 al 10/01/2027',
    );
  });

  it('hands the cart the features with unlimited ones flagged', () => {
    const pkg = storePackage('FY', { itemsPackageFeatures: [feature('FIRMAYA_FIRMA', 'Firmas electrónicas', 1000000, true)] });
    expect(toCartPackage(pkg).itemsPackageFeatures?.[0]?.serviceFeature.isunlimited).toBe(true);
  });

  it('finds the card of a /cart/{packageId} link by id or code', () => {
    const pkg = storePackage('CN-EMPRENDEDOR', { packageId: 7 });
    expect(matchesPackageParam(pkg, '7')).toBe(true);
    expect(matchesPackageParam(pkg, 'cn-emprendedor')).toBe(true);
    expect(matchesPackageParam(pkg, '8')).toBe(false);
    expect(matchesPackageParam(pkg, undefined)).toBe(false);
  });

  it('counts down with years and months only when there are some', () => {
    const soon = timeLeft(new Date(NOW.getTime() + DAY + 3_723_000), NOW);
    expect(shownUnits(soon).map((u) => u.key)).toEqual(['days', 'hours', 'minutes', 'seconds']);
    expect(soon).toMatchObject({ days: 1, hours: 1, minutes: 2, seconds: 3 });
    const far = timeLeft('2028-01-28T15:00:00Z', NOW);
    expect(shownUnits(far)[0]?.key).toBe('years');
  });
});
