import { Decimal } from 'decimal.js';
import type { OfferTerms } from './package-pricing.js';
import { nextOfferChange, nextQuarterEnd, shownOfferEnd } from './store-offer.js';

/** A Bogotá wall-clock time (UTC-5, no daylight saving). */
const bogota = (text: string) => new Date(`${text}-05:00`);
const DAY = 86_400_000;

describe('the 90-day rule of the offers the store shows (store §9)', () => {
  it.each([
    ['2026-01-01T00:00:00', '2026-04-01T00:00:00'],
    ['2026-03-31T23:59:59', '2026-04-01T00:00:00'],
    ['2026-04-01T00:00:00', '2026-07-01T00:00:00'],
    ['2026-06-15T10:00:00', '2026-07-01T00:00:00'],
    ['2026-07-01T08:00:00', '2026-10-01T00:00:00'],
    ['2026-10-01T00:00:00', '2026-12-31T23:59:59'],
    ['2026-12-31T23:59:58', '2026-12-31T23:59:59'],
    ['2026-12-31T23:59:59', '2027-04-01T00:00:00'],
  ])('after %s (Bogotá) the next quarter end is %s', (now, end) => {
    expect(nextQuarterEnd(bogota(now)).toISOString()).toBe(bogota(end).toISOString());
  });

  it('shows the real end of an offer ending within 90 days', () => {
    const now = bogota('2026-02-10T09:00:00');
    const end = new Date(now.getTime() + 90 * DAY);
    expect(shownOfferEnd(end, now)).toEqual(end);
  });

  it('shows the next quarter start for an offer ending further ahead', () => {
    const now = bogota('2026-02-10T09:00:00');
    expect(shownOfferEnd(new Date(now.getTime() + 90 * DAY + 1), now).toISOString()).toBe(bogota('2026-04-01T00:00:00').toISOString());
    expect(shownOfferEnd(bogota('2027-06-30T23:59:59'), bogota('2026-11-20T12:00:00')).toISOString()).toBe(bogota('2026-12-31T23:59:59').toISOString());
  });

  it('never shows an end later than the real one (a quarter start more than 90 days ahead)', () => {
    // 1 July to 1 October is 92 days: an offer ending on 30 September is more than 90 days ahead.
    const now = bogota('2026-07-01T00:00:00');
    const end = bogota('2026-09-30T12:00:00');
    expect(shownOfferEnd(end, now)).toEqual(end);
  });
});

describe('when what the store shows of an offer changes by itself', () => {
  const offer = (start: string, end: string, applyOffer = true): OfferTerms => ({
    applyOffer,
    offerTypeCode: 'PTJ',
    totalOffer: new Decimal(10),
    offerStartTime: bogota(start),
    offerExpirationTime: bogota(end),
  });

  it('at the start of an offer to come', () => {
    expect(nextOfferChange(offer('2026-03-01T00:00:00', '2026-03-31T23:59:59'), bogota('2026-02-01T00:00:00'))).toBe(bogota('2026-03-01T00:00:00').getTime());
  });

  it('just after the end of an offer in force ending soon', () => {
    expect(nextOfferChange(offer('2026-03-01T00:00:00', '2026-03-31T23:59:59'), bogota('2026-03-10T00:00:00'))).toBe(
      bogota('2026-03-31T23:59:59').getTime() + 1,
    );
  });

  it('at the next quarter end, or when the real end comes within 90 days, for a long offer', () => {
    const long = offer('2026-01-01T00:00:00', '2026-12-31T23:59:59');
    expect(nextOfferChange(long, bogota('2026-02-01T00:00:00'))).toBe(bogota('2026-04-01T00:00:00').getTime());
    const horizon = bogota('2026-12-31T23:59:59').getTime() - 90 * DAY;
    expect(nextOfferChange(long, bogota('2026-09-15T00:00:00'))).toBe(Math.min(horizon, bogota('2026-10-01T00:00:00').getTime()));
  });

  it('never for an ended, or switched off, offer', () => {
    expect(nextOfferChange(offer('2026-01-01T00:00:00', '2026-01-31T23:59:59'), bogota('2026-02-01T00:00:00'))).toBeUndefined();
    expect(nextOfferChange(offer('2026-03-01T00:00:00', '2026-03-31T23:59:59', false), bogota('2026-02-01T00:00:00'))).toBeUndefined();
  });
});
