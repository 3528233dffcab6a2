import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, bogotaDay, daysBetween, formatDate, formatMoney, formatNumber, formatPercent, isCalendarDay, searchable } from './format.ts';

describe('catalogue formatting', () => {
  it('shows pesos with dots for thousands and up to 2 decimals', () => {
    assert.equal(formatMoney(1190000), '$1.190.000');
    assert.equal(formatMoney(84033.61), '$84.033,61');
    assert.equal(formatMoney(0), '$0');
    assert.equal(formatMoney(-2500), '-$2.500');
    assert.equal(formatMoney(null), '');
    assert.equal(formatNumber(420168.067, 2, 2), '420.168,07');
  });
  it('shows percentages with one decimal', () => {
    assert.equal(formatPercent(25), '25,0 %');
    assert.equal(formatPercent(12.345), '12,3 %');
  });
  it('shows dates as dd/MM/yyyy in Bogotá', () => {
    // 03:00 UTC on 1 March is still 28 February in Bogotá (UTC-5).
    assert.equal(formatDate('2026-03-01T03:00:00Z'), '28/02/2026');
    assert.equal(formatDate('2026-03-01'), '01/03/2026');
    assert.equal(formatDate(null), '');
    assert.equal(bogotaDay('2026-12-27T04:59:59.999Z'), '2026-12-26');
  });
  it('counts calendar days', () => {
    assert.equal(addDays('2026-02-28', 1), '2026-03-01');
    assert.equal(daysBetween('2026-11-21', '2026-12-21'), 30);
    assert.equal(daysBetween('2026-11-21', '2026-11-20'), -1);
    assert.equal(isCalendarDay('2026-02-30'), false);
    assert.equal(isCalendarDay('2026-02-28'), true);
  });
  it('searches ignoring case and accents', () => {
    assert.equal(searchable('Colnómina ÉXITO'), 'colnomina exito');
  });
});
