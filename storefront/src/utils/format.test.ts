import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatPercent, INVALID_NUMBER, parseAmount, parseDate } from './format.ts';

describe('formatNumber', () => {
  it('groups thousands with dots and uses a decimal comma by default', () => {
    assert.equal(formatNumber(1234567.891), '1.234.567,89');
    assert.equal(formatNumber(1234), '1.234');
    assert.equal(formatNumber(999), '999');
    assert.equal(formatNumber(0), '0');
  });
  it('uses commas for thousands with the en separators (agreement screens)', () => {
    assert.equal(formatNumber(1234567.5, { separators: 'en' }), '1,234,567.5');
  });
  it('formats decimal strings exactly and rounds half away from zero', () => {
    assert.equal(formatNumber('12345678901234567.895'), '12.345.678.901.234.567,9');
    assert.equal(formatNumber('0.005'), '0,01');
    assert.equal(formatNumber('-0.004'), '0');
    assert.equal(formatNumber('999.999'), '1.000');
    assert.equal(formatNumber('-1500.5'), '-1.500,5');
  });
  it('pads to the minimum fraction digits', () => {
    assert.equal(formatNumber(5, { minimumFractionDigits: 2 }), '5,00');
  });
  it('says the value is invalid when it is not a number', () => {
    assert.equal(formatNumber('abc'), INVALID_NUMBER);
    assert.equal(formatNumber(Number.NaN), INVALID_NUMBER);
    assert.equal(formatNumber(null), '');
  });
});

describe('formatCurrency', () => {
  it('prefixes $ and keeps up to 2 decimals', () => {
    assert.equal(formatCurrency(1190000), '$1.190.000');
    assert.equal(formatCurrency('84033.61'), '$84.033,61');
    assert.equal(formatCurrency(-2500), '-$2.500');
  });
  it('formats percentages', () => {
    assert.equal(formatPercent(12.5), '12,5 %');
  });
});

describe('parseAmount', () => {
  it('reads what a person types', () => {
    assert.equal(parseAmount('$ 1.234.567,5'), 1234567.5);
    assert.equal(parseAmount('1,234.5', 'en'), 1234.5);
    assert.equal(parseAmount('12a'), undefined);
  });
});

describe('dates', () => {
  it('shows dd/MM/yyyy in America/Bogota', () => {
    // 03:00 UTC on 1 March is still 28 February in Bogotá (UTC-5).
    assert.equal(formatDate('2026-03-01T03:00:00Z'), '28/02/2026');
    assert.equal(formatDateTime('2026-03-01T03:00:00Z'), '28/02/2026 22:00');
  });
  it('keeps date-only values as calendar days', () => {
    assert.equal(formatDate('2026-03-01'), '01/03/2026');
  });
  it('is empty for missing or invalid dates', () => {
    assert.equal(formatDate(undefined), '');
    assert.equal(formatDate('no es fecha'), '');
  });
  it('reads dd/MM/yyyy', () => {
    assert.equal(parseDate('5/3/2026'), '2026-03-05');
    assert.equal(parseDate('31/02/2026'), undefined);
  });
});
