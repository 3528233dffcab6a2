import { formatDate } from '@licencias/common/dates';
import { formatMoney, formatNumber } from '@licencias/common/format';
import type { components } from '@licencias/common/schema';
import { ApiError } from '../api/errors';
import type { CartPackage } from '../cart/types';
import { takeCatalogueRead } from './prefetch';

/** A package as GetPackagesByServiceName answers it (store §3 Package). */
export type StorePackage = components['schemas']['StorePackage'];

/** The store's groups (store §1): offers, then base, combo and complementary packages. */
export interface StoreSections {
  offers: StorePackage[];
  base: StorePackage[];
  combo: StorePackage[];
  complementary: StorePackage[];
}

/**
 * The brand's packages in the store's order (store §7). Sent with the session when there is one:
 * a customer offered private packages gets them too.
 */
export async function loadStorePackages(serviceName: string): Promise<StorePackage[]> {
  try {
    const answer = await takeCatalogueRead(serviceName);
    return answer.result.records;
  } catch (error) {
    // A brand without a service of its own (the licence app) sells nothing: the empty store, not an error.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** An offer is shown while the catalogue says it is in force and its shown end is still ahead. */
export function isOfferOn(pkg: StorePackage, now: Date = new Date()): boolean {
  if (!pkg.applyOffer || pkg.offerExpirationTime === null) return false;
  return new Date(pkg.offerExpirationTime).getTime() > now.getTime();
}

/**
 * The groups of the home, each in the catalogue's order. A package with an offer in force is in
 * the carousel and in its own section too (a visitor looking for plans finds every plan there).
 */
export function sectionsOf(packages: readonly StorePackage[], now: Date = new Date()): StoreSections {
  const ofType = (code: string) => packages.filter((pkg) => pkg.packageType.packageTypeCode === code);
  return {
    offers: packages.filter((pkg) => isOfferOn(pkg, now)),
    base: ofType('BAS'),
    combo: ofType('CMB'),
    complementary: ofType('CMP'),
  };
}

/** The first offer end still to come: when the prices shown change by themselves. */
export function nextOfferEnd(packages: readonly StorePackage[], now: Date = new Date()): Date | undefined {
  const ends = packages
    .filter((pkg) => isOfferOn(pkg, now))
    .map((pkg) => new Date(pkg.offerExpirationTime ?? 0).getTime())
    .sort((a, b) => a - b);
  return ends.length ? new Date(ends[0]) : undefined;
}

/** What the cart takes of a store package; `offerActive` is the catalogue's word that the offer applies now. */
export function toCartPackage(pkg: StorePackage, now: Date = new Date()): CartPackage {
  return {
    id: pkg.id,
    packageId: pkg.packageId,
    packageCode: pkg.packageCode,
    packageName: pkg.packageName,
    packageDescription: pkg.packageDescription,
    packageTypeId: pkg.packageTypeId,
    packageType: { packageTypeCode: pkg.packageType.packageTypeCode, packageTypeName: pkg.packageType.packageTypeName },
    packagePrice: pkg.packagePrice,
    packageUnitPrice: pkg.packageUnitPrice,
    packagePriceWithDiscount: pkg.packagePriceWithDiscount,
    taxIva: pkg.taxIva,
    applyOffer: pkg.applyOffer,
    offerActive: isOfferOn(pkg, now),
    offerTypeCode: pkg.offerTypeCode,
    totalOffer: pkg.totalOffer,
    validityPeriod: pkg.validityPeriod,
    validityTypeId: pkg.validityTypeId,
    priceByQuantity: pkg.priceByQuantity,
    itemsPackageFeatures: pkg.itemsPackageFeatures.map((item) => ({
      itemPackageId: item.itemPackageId,
      quantity: item.quantity,
      storageType: item.storageType,
      serviceFeature: {
        serviceFeatureCode: item.serviceFeature.serviceFeatureCode,
        serviceFeatureDescription: item.serviceFeature.serviceFeatureDescription,
        isunlimited: item.unlimited || item.serviceFeature.isunlimited,
      },
    })),
  };
}

const UNITS: Record<string, [string, string]> = { A: ['año', 'años'], M: ['mes', 'meses'], D: ['día', 'días'] };

/**
 * What the price pays for: '/ año' for the yearly packages the store sells (prices per year, §2),
 * '/ mes', '/ 6 meses'; '' for a package without an end.
 */
export function periodLabel(pkg: Pick<StorePackage, 'validityPeriod' | 'validityTypeId'>): string {
  const unit = UNITS[pkg.validityTypeId];
  if (!unit || pkg.validityPeriod < 1) return '';
  return pkg.validityPeriod === 1 ? `/ ${unit[0]}` : `/ ${formatNumber(pkg.validityPeriod)} ${unit[1]}`;
}

/** The price a visitor pays now: after the offer in force. */
export function priceNow(pkg: StorePackage, now: Date = new Date()): number {
  return isOfferOn(pkg, now) ? pkg.packagePriceWithDiscount : pkg.packagePrice;
}

/** '20 % de descuento' (PTJ) or '$100.000 de descuento' (VLR). */
export function discountText(pkg: Pick<StorePackage, 'offerTypeCode' | 'totalOffer'>): string {
  return pkg.offerTypeCode === 'PTJ' ? `${formatNumber(pkg.totalOffer)} % de descuento` : `${formatMoney(pkg.totalOffer)} de descuento`;
}

/** The offer's validity: 'Válida hasta el 31/12/2026' (the shown end, §9's 90-day rule already applied). */
export function offerValidityText(pkg: Pick<StorePackage, 'offerStartTime' | 'offerExpirationTime'>): string {
  const end = formatDate(pkg.offerExpirationTime);
  const start = formatDate(pkg.offerStartTime);
  if (start && end) return `Válida del ${start} al ${end}`;
  return end ? `Válida hasta el ${end}` : '';
}

/** The card of a `/cart/{packageId}` link: by id or by code. */
export function matchesPackageParam(pkg: Pick<StorePackage, 'packageId' | 'packageCode'>, param: string | undefined): boolean {
  if (!param) return false;
  return String(pkg.packageId) === param || pkg.packageCode.toLowerCase() === param.toLowerCase();
}
