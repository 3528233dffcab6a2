import { decimalParts, formatMoney, formatNumber, formatPercent, roundHalfUp, searchable } from './format.js';

describe('formatNumber', () => {
  it('groups thousands with dots and shows up to 2 decimals with a comma', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(999)).toBe('999');
  });

  it('rounds half-up on the decimal value, not on the binary fraction', () => {
    // 2.675 is 2.67499999999999982236431605997495353221893310546875 as a double.
    expect(formatNumber(2.675)).toBe('2,68');
    expect(formatNumber(1.005)).toBe('1,01');
    expect(formatNumber('2.674999')).toBe('2,67');
    expect(formatNumber(9.995)).toBe('10');
    expect(formatNumber(-0.005)).toBe('-0,01');
    expect(formatNumber(-0.004)).toBe('0');
  });

  it('takes decimal texts, exponents and big integers exactly', () => {
    expect(formatNumber('84033.605')).toBe('84.033,61');
    expect(formatNumber(' 1190000 ')).toBe('1.190.000');
    expect(formatNumber('1e3')).toBe('1.000');
    expect(formatNumber(1e21)).toBe('1.000.000.000.000.000.000.000');
    expect(formatNumber(1.5e-7)).toBe('0');
    expect(formatNumber('-1.25E-1')).toBe('-0,13');
    expect(formatNumber(12345678901234567890n)).toBe('12.345.678.901.234.567.890');
    expect(formatNumber('.5')).toBe('0,5');
    expect(formatNumber('+7')).toBe('7');
  });

  it('follows the decimals and separators asked for', () => {
    expect(formatNumber(420168.067, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('420.168,07');
    expect(formatNumber(5, { minimumFractionDigits: 2 })).toBe('5,00');
    expect(formatNumber(1234.5678, { maximumFractionDigits: 0 })).toBe('1.235');
    expect(formatNumber(1234567.891, { separators: 'en' })).toBe('1,234,567.89');
  });

  it("shows nothing for a missing value and 'Dato inválido' for what is not a number", () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    for (const value of ['', 'abc', '1,5', '1.2.3', '5.', '-', Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(formatNumber(value)).toBe('Dato inválido');
    }
  });
});

describe('formatMoney and formatPercent', () => {
  it('shows pesos with a $ prefix and the sign before it', () => {
    expect(formatMoney(84033.605)).toBe('$84.033,61');
    expect(formatMoney(-2500)).toBe('-$2.500');
    expect(formatMoney(-0.001)).toBe('$0');
    expect(formatMoney('x')).toBe('Dato inválido');
    expect(formatMoney(null)).toBe('');
  });

  it('shows percentages with one decimal', () => {
    expect(formatPercent(25)).toBe('25,0 %');
    expect(formatPercent(12.35)).toBe('12,4 %');
    expect(formatPercent(100)).toBe('100,0 %');
    expect(formatPercent('no')).toBe('Dato inválido');
    expect(formatPercent(undefined)).toBe('');
  });
});

describe('roundHalfUp and decimalParts', () => {
  it('gives the rounded decimal text', () => {
    expect(roundHalfUp(2.675, 2)).toBe('2.68');
    expect(roundHalfUp('0.995', 2)).toBe('1.00');
    expect(roundHalfUp(-1.5, 0)).toBe('-2');
    expect(roundHalfUp(-0.4, 0)).toBe('0');
    expect(roundHalfUp('12', 2)).toBe('12');
    expect(roundHalfUp('abc', 2)).toBeUndefined();
  });

  it('reads the digits without exponent', () => {
    expect(decimalParts('-0012.50')).toEqual({ negative: true, integer: '12', fraction: '50' });
    expect(decimalParts(1.5e-7)).toEqual({ negative: false, integer: '0', fraction: '00000015' });
    expect(decimalParts('1e-99999')).toBeUndefined();
  });
});

describe('searchable', () => {
  it('ignores case and accents', () => {
    expect(searchable('Colnómina ÉXITO')).toBe('colnomina exito');
  });
});
