import { cartLine, cartTotals, offerDiscountOf, priceBeforeIva } from './cart-pricing.js';

const text = (line: ReturnType<typeof cartLine>) => ({
  base: line.base.toFixed(2),
  discount: line.discount.toFixed(2),
  newBase: line.newBase.toFixed(2),
  ivaValue: line.ivaValue.toFixed(2),
  total: line.total.toFixed(2),
});

describe('cart line (store §5 Totals: base × number − discount + tax)', () => {
  it('takes the base before IVA and multiplies it by the number', () => {
    // 480.000 with 19 % IVA: base 403.361,34 (480000 / 1.19 = 403361.3445…) and the IVA is the
    // rest of the price shown (76.638,66), not 403.361,34 × 19 % (76.638,65, a total a cent short).
    expect(text(cartLine({ price: 480000, taxIva: 19, number: 1 }))).toEqual({
      base: '403361.34',
      discount: '0.00',
      newBase: '403361.34',
      ivaValue: '76638.66',
      total: '480000.00',
    });
    // 3 × 480.000: 1.210.084,03 before IVA (3 × 403.361,34 would be 1.210.084,02) and no discount.
    const three = cartLine({ price: 480000, taxIva: 19, number: 3 });
    expect(text(three)).toEqual({ base: '403361.34', discount: '0.00', newBase: '1210084.03', ivaValue: '229915.97', total: '1440000.00' });
    expect(text(cartLine({ price: 150000, taxIva: 19, number: 3 }))).toEqual({
      base: '126050.42',
      discount: '0.00',
      newBase: '378151.26',
      ivaValue: '71848.74',
      total: '450000.00',
    });
  });

  it('gives one unit of an offer exactly the offer price of its card', () => {
    // FirmaYa Profesional: 650.000 with 100.000 off (VLR). 100000 / 1.19 rounded alone is
    // 84.033,61 and would total 550.000,01; the offer's part is base − before-IVA(550.000).
    const vlr = cartLine({ price: 650000, taxIva: 19, number: 1, offerDiscount: 100000 });
    expect(text(vlr)).toEqual({ base: '546218.49', discount: '84033.62', newBase: '462184.87', ivaValue: '87815.13', total: '550000.00' });
    // Colnómina Empresarial: 1.500.000 with 20 % off.
    const ptj = cartLine({
      price: 1500000,
      taxIva: 19,
      number: 1,
      offerDiscount: offerDiscountOf(1500000, { applyOffer: true, offerTypeCode: 'PTJ', totalOffer: 20 }),
    });
    expect(ptj.total.toFixed(2)).toBe('1200000.00');
    expect(ptj.discount.toFixed(2)).toBe('252100.84');
  });

  it('does not multiply an employee package by its number of employees', () => {
    const line = cartLine({ price: 600000, taxIva: 19, number: 25, employee: true });
    expect(line.gross.toFixed(2)).toBe('504201.68');
    expect(line.total.toFixed(2)).toBe('600000.00');
  });

  it('applies a promotion code before IVA, after the offer, rounding the discount to 2 decimals', () => {
    // 10 % of 3 × 150.000: the line is 405.000, 340.336,13 before IVA; the code took 37.815,13 of
    // the 378.151,26 before IVA.
    const line = cartLine({ price: 150000, taxIva: 19, number: 3, promo: { type: 'PTJ', value: 10 } });
    expect(text(line)).toEqual({ base: '126050.42', discount: '37815.13', newBase: '340336.13', ivaValue: '64663.87', total: '405000.00' });
    expect(line.promoDiscount.toFixed(2)).toBe('37815.13');
    // 50.000 before IVA off a 550.000 offer line: 59.500 with its IVA.
    const value = cartLine({ price: 650000, taxIva: 19, number: 1, offerDiscount: 100000, promo: { type: 'VLR', value: 50000 } });
    expect(value.discount.toFixed(2)).toBe('134033.62');
    expect(value.total.toFixed(2)).toBe('490500.00');
  });

  it('never discounts below zero', () => {
    const line = cartLine({ price: 90000, taxIva: 19, number: 1, promo: { type: 'VLR', value: 500000 } });
    expect(line.newBase.toFixed(2)).toBe('0.00');
    expect(line.total.toFixed(2)).toBe('0.00');
    expect(offerDiscountOf(1000, { applyOffer: true, offerTypeCode: 'VLR', totalOffer: 5000 }).toFixed(2)).toBe('1000.00');
    expect(offerDiscountOf(1000, { applyOffer: false, offerTypeCode: 'VLR', totalOffer: 500 }).toFixed(2)).toBe('0.00');
  });

  it('keeps a free package at zero and works on decimal texts exactly', () => {
    expect(text(cartLine({ price: 0, taxIva: 0, number: 1 }))).toEqual({ base: '0.00', discount: '0.00', newBase: '0.00', ivaValue: '0.00', total: '0.00' });
    // 0.1 + 0.2 as floats is 0.30000000000000004; as decimals 0.3.
    expect(cartTotals([cartLine({ price: '0.1', taxIva: 0, number: 1 }), cartLine({ price: '0.2', taxIva: 0, number: 1 })]).total.toString()).toBe('0.3');
    expect(priceBeforeIva('84033.605', 0).toFixed(2)).toBe('84033.61');
  });

  it('refuses a quantity that is not a whole number', () => {
    expect(() => cartLine({ price: 1, taxIva: 19, number: 1.5 })).toThrow(RangeError);
    expect(() => cartLine({ price: 'abc', taxIva: 19, number: 1 })).toThrow();
  });

  it('sums the lines', () => {
    const totals = cartTotals([cartLine({ price: 650000, taxIva: 19, number: 1, offerDiscount: 100000 }), cartLine({ price: 90000, taxIva: 19, number: 2 })]);
    expect(totals.total.toFixed(2)).toBe('730000.00');
    expect(totals.discount.toFixed(2)).toBe('84033.62');
    expect(totals.subtotal.plus(totals.iva).minus(totals.discount).toFixed(2)).toBe(totals.total.toFixed(2));
  });
});
