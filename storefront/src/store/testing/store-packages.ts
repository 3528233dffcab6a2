import type { StorePackage } from '../catalogue';

/** Store packages as GetPackagesByServiceName answers them, for the store's tests. */

const TYPES = {
  BAS: { id: 1, packageTypeId: 1, packageTypeCode: 'BAS', packageTypeName: 'Base' },
  CMB: { id: 2, packageTypeId: 2, packageTypeCode: 'CMB', packageTypeName: 'Combo' },
  CMP: { id: 3, packageTypeId: 3, packageTypeCode: 'CMP', packageTypeName: 'Complementario' },
} as const;

type Feature = StorePackage['itemsPackageFeatures'][number];

export const feature = (code: string, description: string, quantity: number, unlimited = false): Feature => ({
  itemPackageId: Math.floor(Math.random() * 1e6),
  quantity,
  storageType: null,
  unlimited,
  serviceFeature: { id: 1, serviceId: 1, serviceFeatureCode: code, serviceFeatureDescription: description, featureAlias: null, isunlimited: unlimited },
});

let nextId = 500;

export function storePackage(code: string, overrides: Partial<StorePackage> & { type?: keyof typeof TYPES } = {}): StorePackage {
  const { type = 'BAS', ...rest } = overrides;
  const id = rest.packageId ?? nextId++;
  const price = rest.packagePrice ?? 480000;
  return {
    id,
    packageId: id,
    packageCode: code,
    packageName: code,
    packageDescription: `Descripción de ${code}`,
    packageTypeId: TYPES[type].id,
    packageType: TYPES[type],
    packagePrice: price,
    packageUnitPrice: price,
    priceUnit: price,
    packagePriceWithDiscount: price,
    discount: 0,
    taxIva: 19,
    validityPeriod: 1,
    validityTypeId: 'A',
    publicVisibility: true,
    relevance: 'Media',
    order: 1,
    applyOffer: false,
    offerTypeCode: 'VLR',
    totalOffer: 0,
    offerStartTime: null,
    offerExpirationTime: null,
    urlImageOffer: null,
    summaryHtml: null,
    priceByQuantity: false,
    services: [{ serviceId: 1, serviceName: 'Colnómina', appName: 'colnomina' }],
    itemsPackageFeatures: [],
    ...rest,
  };
}

/** A package with an offer in force from `start` to `end`. */
export function offered(code: string, percent: number, start: Date, end: Date, overrides: Partial<StorePackage> = {}): StorePackage {
  const price = overrides.packagePrice ?? 1500000;
  return storePackage(code, {
    packagePrice: price,
    packagePriceWithDiscount: (price * (100 - percent)) / 100,
    discount: (price * percent) / 100,
    applyOffer: true,
    offerTypeCode: 'PTJ',
    totalOffer: percent,
    offerStartTime: start.toISOString(),
    offerExpirationTime: end.toISOString(),
    ...overrides,
  });
}
