import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPayload, MESSAGES, newPackageValues, offerErrors, type PackageFormValues, packageValues, unitPrice, updatePayload } from './packageForm.ts';
import type { Package } from './types.ts';

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
  it('computes the unit price as price × 100 / (100 + tax), to 2 decimals', () => {
    assert.equal(unitPrice('500000', 19), 420168.07);
    assert.equal(unitPrice('250000', 19), 210084.03);
    assert.equal(unitPrice('1000', 0), 1000);
    assert.equal(unitPrice('', 19), undefined);
  });

  it('checks the offer like the server', () => {
    assert.deepEqual(offerErrors(offer({}), undefined, TODAY), {});
    assert.equal(offerErrors(offer({ totalOffer: 600000 }), undefined, TODAY).totalOffer, MESSAGES.offerAbovePrice);
    assert.equal(offerErrors(offer({ offerTypeCode: 'PTJ', totalOffer: 101 }), undefined, TODAY).totalOffer, MESSAGES.offerPercentage);
    assert.equal(offerErrors(offer({ offerExpirationTime: '2026-11-20' }), undefined, TODAY).offerExpirationTime, MESSAGES.offerEndPast);
    assert.equal(
      offerErrors(offer({ offerStartTime: '2026-12-01', offerExpirationTime: '2026-11-30' }), undefined, TODAY).offerExpirationTime,
      MESSAGES.offerEndBeforeStart,
    );
    assert.equal(offerErrors(offer({ offerStartTime: '' }), undefined, TODAY).offerStartTime, MESSAGES.required);
    assert.equal(offerErrors(offer({ offerStartTime: '31/02/2026' }), undefined, TODAY).offerStartTime, MESSAGES.invalidDate);
    assert.deepEqual(offerErrors(offer({ applyOffer: false, totalOffer: 9e9 }), undefined, TODAY), {});
  });

  it('lets an expired offer stay when its dates do not change', () => {
    const original = offer({ offerStartTime: '2026-10-01', offerExpirationTime: '2026-10-31' });
    assert.deepEqual(offerErrors(original, original, TODAY), {});
  });

  it('resets a switched-off offer and clears the companies of a public package', () => {
    const payload = createPayload({ ...offer({ applyOffer: false, customerIds: [4] }), packageCode: ' NEW ', publicVisibility: true }, TODAY);
    assert.equal(payload.packageCode, 'NEW');
    assert.deepEqual(payload.customerIds, []);
    assert.deepEqual([payload.offerTypeCode, payload.totalOffer, payload.offerStartTime, payload.offerExpirationTime], ['VLR', 0, TODAY, TODAY]);
  });

  it('skips an edit that changes nothing and sends the version read otherwise', () => {
    const values = packageValues(stored, TODAY);
    assert.equal(updatePayload(values, stored, TODAY), undefined);
    const edited = updatePayload({ ...values, packageName: 'FirmaYa Básico 2026' }, stored, TODAY);
    assert.equal(edited?.packageName, 'FirmaYa Básico 2026');
    assert.equal(edited?.version, 3);
  });
});
