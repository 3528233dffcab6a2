import { describe, expect, it } from 'vitest';
import { addLicenceBody, endForStart, licenceErrors, licenceReady, type LicenceValues, newLicenceValues } from './licenceForm';

const NOW = new Date('2026-11-25T15:00:00Z'); // 10:00 in Bogotá

const complete = (changes: Partial<LicenceValues> = {}): LicenceValues => ({
  ...newLicenceValues(NOW),
  serviceId: 1,
  packageId: 2,
  transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 100, rangePrice: 500 }],
  ...changes,
});

describe('licence form rules (licences-and-agreements §4, §5)', () => {
  it('starts today and, when unlimited, ends the following day', () => {
    expect(newLicenceValues(NOW)).toMatchObject({ startDate: '2026-11-25', finalDate: '2026-11-26' });
  });

  it.each([
    ['no service', { serviceId: null }],
    ['no package', { packageId: null }],
    ['no range', { transactionRanges: [] }],
    ['a range without its maximum', { transactionRanges: [{ rangeMinimum: 1, rangeMaximum: null, rangePrice: 500 }] }],
    ['a range without its price', { transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 10, rangePrice: null }] }],
    ['a range above 999999999', { transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 1_000_000_000, rangePrice: 1 }] }],
  ])('cannot be saved with %s', (_case, changes) => {
    expect(licenceReady(complete(changes as Partial<LicenceValues>), 'PLAN100')).toBe(false);
  });

  it('can be saved with service, package and one complete range', () => {
    expect(licenceReady(complete(), 'PLAN100')).toBe(true);
  });

  it('needs a contract number for BIILIMITADO only', () => {
    expect(licenceErrors(complete(), 'BIILIMITADO')).toEqual({ contractNumber: 'Campo obligatorio' });
    expect(licenceReady(complete({ contractNumber: 'CT-1' }), 'BIILIMITADO')).toBe(true);
  });

  it('refuses a BIILIMITADO end that is not after its start', () => {
    expect(licenceErrors(complete({ contractNumber: 'CT-1', finalDate: '2026-11-25' }), 'BIILIMITADO')).toEqual({
      finalDate: 'La fecha debe ser posterior a 25/11/2026',
    });
  });

  it('gives the three range messages', () => {
    const errors = licenceErrors(
      complete({
        transactionRanges: [
          { rangeMinimum: 1, rangeMaximum: 100, rangePrice: 500 },
          { rangeMinimum: 50, rangeMaximum: 200, rangePrice: 400 },
          { rangeMinimum: 300, rangeMaximum: 250, rangePrice: 300 },
          { rangeMinimum: 400, rangeMaximum: 600, rangePrice: 200 },
          { rangeMinimum: 350, rangeMaximum: 500, rangePrice: 100 },
        ],
      }),
      'PLAN100',
    );
    expect(errors).toEqual({
      'transactionRanges.1.rangeMinimum': 'Rango mínimo ya se encuentra dentro de los valores parametrizados.',
      'transactionRanges.2.rangeMinimum': 'Rango mínimo no puede ser mayor al rango máximo.',
      'transactionRanges.4.rangeMaximum': 'Rango máximo ya se encuentra dentro de los valores parametrizados.',
    });
  });

  it('moves the end to the day after the start, or after today for a past start', () => {
    expect(endForStart('2026-12-10', NOW)).toBe('2026-12-11');
    expect(endForStart('2026-11-01', NOW)).toBe('2026-11-26');
  });

  it('sends BIILIMITADO dates, leaving today’s start to the server', () => {
    const values = complete({ contractNumber: ' CT-1 ' });
    expect(addLicenceBody(9, values, 'BIILIMITADO', NOW)).toEqual({
      customerId: 9,
      serviceId: 1,
      packageId: 2,
      transactionRanges: [{ id: null, rangeMinimum: 1, rangeMaximum: 100, rangePrice: 500 }],
      contractNumber: 'CT-1',
      startDate: null,
      finalDate: '2026-11-26',
    });
    expect(addLicenceBody(9, values, 'PLAN100', NOW)).not.toHaveProperty('contractNumber');
  });
});
