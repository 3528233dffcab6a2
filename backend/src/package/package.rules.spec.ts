import { Decimal } from 'decimal.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { broken, brokenAsync } from '../test-support/rule-violations.js';
import type { OfferTerms } from './package-pricing.js';
import { checkQuantity, type OfferInput, resolveCustomers, resolveOffer, resolveSummary, storageTypeFor } from './package.rules.js';

const now = new Date('2026-05-10T15:00:00Z'); // 10:00 in Bogotá
const price = new Decimal(500000);

const on = (over: OfferInput = {}): OfferInput => ({
  applyOffer: true,
  offerTypeCode: 'PTJ',
  totalOffer: 20,
  offerStartTime: '2026-05-10',
  offerExpirationTime: '2026-06-10',
  ...over,
});

describe('package offer', () => {
  it('resets an offer switched off to VLR, 0 and today', () => {
    const current: OfferTerms = { applyOffer: true, offerTypeCode: 'PTJ', totalOffer: new Decimal(20), offerStartTime: now, offerExpirationTime: now };
    const offer = resolveOffer({ applyOffer: false, offerTypeCode: 'PTJ', totalOffer: 50 }, price, now, new RuleViolations(), current);
    expect(offer).toEqual({
      applyOffer: false,
      offerTypeCode: 'VLR',
      totalOffer: new Decimal(0),
      offerStartTime: new Date('2026-05-10T05:00:00Z'),
      offerExpirationTime: new Date('2026-05-10T05:00:00Z'),
    });
  });

  it('keeps an offer already off as it is, so an unchanged package is not rewritten', () => {
    const current: OfferTerms = {
      applyOffer: false,
      offerTypeCode: 'VLR',
      totalOffer: new Decimal(0),
      offerStartTime: new Date(0),
      offerExpirationTime: new Date(0),
    };
    expect(resolveOffer({ applyOffer: false }, price, now, new RuleViolations(), current)).toBe(current);
  });

  it('stores a valid offer with the end of its last day', () => {
    const offer = resolveOffer(on(), price, now, new RuleViolations());
    expect(offer.offerStartTime.toISOString()).toBe('2026-05-10T05:00:00.000Z');
    expect(offer.offerExpirationTime.toISOString()).toBe('2026-06-11T04:59:59.999Z');
    expect(offer.totalOffer.toFixed(2)).toBe('20.00');
  });

  it.each([
    ['a missing start', on({ offerStartTime: null }), ['Fecha no válida']],
    ['an impossible end', on({ offerExpirationTime: '2026-02-30' }), ['Fecha no válida']],
    ['an end before today', on({ offerStartTime: '2026-05-01', offerExpirationTime: '2026-05-09' }), ['Fecha fin oferta debe ser mayor o igual a la actual']],
    [
      'an end before the start',
      on({ offerStartTime: '2026-05-20T10:00', offerExpirationTime: '2026-05-20T09:00' }),
      ['Fecha fin oferta debe ser mayor a la fecha inicio oferta'],
    ],
    ['a value above the price', on({ offerTypeCode: 'VLR', totalOffer: 500001 }), ['El valor total de la oferta no puede superar el valor del paquete']],
    ['a percentage above 100', on({ totalOffer: 100.5 }), ['El porcentaje de la oferta debe estar entre 0 y 100']],
    ['no value', on({ totalOffer: null }), ['Campo obligatorio']],
  ])('refuses %s', (_case, input, messages) => {
    expect(broken((v) => resolveOffer(input, price, now, v))).toEqual(messages);
  });

  it('accepts today as the end and the whole price as a value', () => {
    expect(
      broken((v) =>
        resolveOffer(on({ offerStartTime: '2026-05-01', offerExpirationTime: '2026-05-10', offerTypeCode: 'VLR', totalOffer: 500000 }), price, now, v),
      ),
    ).toEqual([]);
  });

  it('lets an offer that ran out stay as it is while other fields are edited', () => {
    const current = resolveOffer(
      on({ offerStartTime: '2026-04-01', offerExpirationTime: '2026-04-30' }),
      price,
      new Date('2026-04-02T12:00:00Z'),
      new RuleViolations(),
    );
    const input = on({ offerStartTime: '2026-04-01', offerExpirationTime: '2026-04-30' });
    expect(broken((v) => resolveOffer(input, price, now, v, current))).toEqual([]);
    expect(broken((v) => resolveOffer({ ...input, offerExpirationTime: '2026-05-01' }, price, now, v, current))).toEqual([
      'Fecha fin oferta debe ser mayor o igual a la actual',
    ]);
  });
});

describe('package visibility', () => {
  it('requires customers for a private package and clears them for a public one', () => {
    expect(broken((v) => resolveCustomers(false, [], v))).toEqual(['Campo obligatorio']);
    expect(resolveCustomers(false, [3, 4], new RuleViolations())).toEqual([3, 4]);
    expect(resolveCustomers(true, [3, 4], new RuleViolations())).toEqual([]);
  });
});

describe('package summary and features', () => {
  it('limits the summary to 250 characters of text, markup aside', async () => {
    expect(await brokenAsync((v) => resolveSummary(`<p>${'a'.repeat(250)}</p>`, v))).toEqual([]);
    expect(await brokenAsync((v) => resolveSummary(`<p>${'a'.repeat(251)}</p>`, v))).toEqual(['El resumen no puede superar 250 caracteres']);
    expect(await resolveSummary('   ', new RuleViolations())).toBeNull();
  });

  it.each([[0], [10_000_000], [1.5], [null]])('refuses the quantity %p', (quantity) => {
    expect(broken((v) => checkQuantity(quantity, 'q', v))).toEqual(['La cantidad debe ser un número entero entre 1 y 9999999']);
  });

  it('accepts quantities from 1 to 9999999, 1000000 meaning unlimited', () => {
    expect(broken((v) => [1, 1_000_000, 9_999_999].forEach((q) => checkQuantity(q, 'q', v)))).toEqual([]);
  });

  it('gives storage features MB unless GB is chosen, and other features no unit', () => {
    expect(storageTypeFor(true, undefined)).toBe('MB');
    expect(storageTypeFor(true, 'GB')).toBe('GB');
    expect(storageTypeFor(false, 'GB')).toBeNull();
  });
});
