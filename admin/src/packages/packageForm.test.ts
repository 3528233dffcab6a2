import { describe, expect, it } from 'vitest';
import { createPayload, newPackageValues, offerErrors, type PackageFormValues, packageValues, unitPrice, updatePayload } from './packageForm';
import type { Package } from './types';

const TODAY = '2026-11-21';

const stored: Package = {
  id: 6,
  packageCode: 'FY-BASICO',
  packageName: 'FirmaYa Básico',
  packageDescription: '100 firmas',
  packageTypeId: 1,
  packagePrice: 250000,
  taxIva: 19,
  packageUnitPrice: 210084.03,
  priceUnit: 210084.03,
  packageDiscount: 0,
  packagePriceWithDiscount: 250000,
  validityPeriod: 1,
  validityTypeId: 'A',
  relevance: 'Media',
  order: 2,
  publicVisibility: true,
  summaryHtml: null,
  applyOffer: false,
  offerActive: false,
  offerTypeCode: 'VLR',
  totalOffer: 0,
  offerStartTime: '2026-11-01T05:00:00.000Z',
  offerExpirationTime: '2026-11-01T05:00:00.000Z',
  urlImageOffer: '/api/v1/packages/6/offer-image?v=1',
  idstate: 0,
  version: 3,
  serviceIds: [2],
  channelIds: [1, 2],
  customerIds: [],
  features: [],
  createdby: null,
  createdon: '2026-11-01T05:00:00.000Z',
  modifiedby: null,
  modifiedon: null,
};

const offer = (changes: Partial<PackageFormValues>): PackageFormValues => ({
  ...newPackageValues(TODAY),
  packagePrice: '500000',
  applyOffer: true,
  offerStartTime: TODAY,
  offerExpirationTime: '2026-12-21',
  totalOffer: 50000,
  ...changes,
});

describe('package dialog rules', () => {
  // Exactly half a cent (1 × 100 / 160 = 0.625, 3 × 100 / 160 = 1.875) goes up, as on the server.
  it.each`
    price       | tax   | unit
    ${'500000'} | ${19} | ${420168.07}
    ${'250000'} | ${19} | ${210084.03}
    ${'1000'}   | ${0}  | ${1000}
    ${'1'}      | ${60} | ${0.63}
    ${'3'}      | ${60} | ${1.88}
    ${'5'}      | ${60} | ${3.13}
    ${''}       | ${19} | ${undefined}
  `('the unit price of $price with $tax % tax is price × 100 / (100 + tax) to 2 decimals: $unit', ({ price, tax, unit }) => {
    expect(unitPrice(price, tax)).toBe(unit);
  });

  it('checks the offer like the server', () => {
    expect(offerErrors(offer({}), undefined, TODAY)).toEqual({});
    expect(offerErrors(offer({ totalOffer: 600000 }), undefined, TODAY).totalOffer).toBe('El valor total de la oferta no puede superar el valor del paquete');
    expect(offerErrors(offer({ offerTypeCode: 'PTJ', totalOffer: 101 }), undefined, TODAY).totalOffer).toBe(
      'El porcentaje de la oferta debe estar entre 0 y 100',
    );
    expect(offerErrors(offer({ offerExpirationTime: '2026-11-20' }), undefined, TODAY).offerExpirationTime).toBe(
      'Fecha fin oferta debe ser mayor o igual a la actual',
    );
    expect(offerErrors(offer({ offerStartTime: '2026-12-01', offerExpirationTime: '2026-11-30' }), undefined, TODAY).offerExpirationTime).toBe(
      'Fecha fin oferta debe ser mayor a la fecha inicio oferta',
    );
    expect(offerErrors(offer({ offerStartTime: '' }), undefined, TODAY).offerStartTime).toBe('Campo obligatorio');
    expect(offerErrors(offer({ offerStartTime: '31/02/2026' }), undefined, TODAY).offerStartTime).toBe('Fecha no válida');
    expect(offerErrors(offer({ applyOffer: false, totalOffer: 9e9 }), undefined, TODAY)).toEqual({});
  });

  it('lets an expired offer stay when its dates do not change', () => {
    const original = offer({ offerStartTime: '2026-10-01', offerExpirationTime: '2026-10-31' });
    expect(offerErrors(original, original, TODAY)).toEqual({});
  });

  it('resets a switched-off offer and clears the companies of a public package', () => {
    const payload = createPayload({ ...offer({ applyOffer: false, customerIds: [4] }), packageCode: ' NEW ', publicVisibility: true }, TODAY);
    expect(payload.packageCode).toBe('NEW');
    expect(payload.customerIds).toEqual([]);
    expect([payload.offerTypeCode, payload.totalOffer, payload.offerStartTime, payload.offerExpirationTime]).toEqual(['VLR', 0, TODAY, TODAY]);
  });

  it('skips an edit that changes nothing and sends the version read otherwise', () => {
    const values = packageValues(stored, TODAY);
    expect(updatePayload(values, stored, TODAY)).toBeUndefined();
    const edited = updatePayload({ ...values, packageName: 'FirmaYa Básico 2026' }, stored, TODAY);
    expect(edited?.packageName).toBe('FirmaYa Básico 2026');
    expect(edited?.version).toBe(3);
  });
});
