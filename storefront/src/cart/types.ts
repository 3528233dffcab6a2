/**
 * What the cart knows (store-and-purchase.md §3 "Cart item", "Locally stored data", "Price and
 * quantity record for licences").
 */

export type PackageTypeCode = 'BAS' | 'CMB' | 'CMP';
export type OfferTypeCode = 'PTJ' | 'VLR';

/** A feature of a package as the store lists it (`itemsPackageFeatures`). */
export interface CartPackageFeature {
  itemPackageId?: number;
  /** 1000000 means unlimited. */
  quantity: number;
  storageType?: string | null;
  serviceFeature: { serviceFeatureCode: string; serviceFeatureDescription: string; isunlimited?: boolean };
}

/**
 * A package as the store's reads give it (GetPackagesByServiceName, DecryptPackage, My Plan's
 * complementary packages): the fields the cart needs, so any of those answers can be handed to it.
 */
export interface CartPackage {
  id?: number;
  packageId?: number;
  packageCode: string;
  packageName: string;
  packageDescription?: string;
  /** 1 base, 2 combo, 3 complementary. */
  packageTypeId?: number;
  packageType?: { packageTypeCode: string; packageTypeName?: string } | null;
  /** Price shown, IVA included, per unit (per year for yearly packages). */
  packagePrice: number;
  packageUnitPrice?: number;
  /** Price after the offer in force, when the server computed it. */
  packagePriceWithDiscount?: number;
  /** IVA percentage included in the price. */
  taxIva: number;
  applyOffer?: boolean;
  /** Whether the offer applies now (the catalogue's answer); when absent, applyOffer decides. */
  offerActive?: boolean;
  offerTypeCode?: string;
  totalOffer?: number;
  validityPeriod?: number;
  validityTypeId?: string;
  /** Priced by number of employees: tiers of GetPriceByLicenseType (pType = the package code). */
  priceByQuantity?: boolean;
  itemsPackageFeatures?: CartPackageFeature[];
}

/** A price-by-quantity record of an employee package (GetPriceByLicenseType): type, quantity, value, label. */
export interface PriceTier {
  type?: string;
  quantity: number;
  /** Price of the tier, IVA included. */
  value: number;
  /** After the package's offer in force, when the server computed it. */
  valueWithDiscount?: number;
  label?: string;
}

/**
 * A line of the cart, with the spec's field names. Amounts are the line's inputs; the figures
 * (base, discount, IVA, total) are computed from them by `cart/pricing` and never trusted from
 * storage.
 */
export interface CartItem {
  id: number;
  packageId: number;
  packageCode: string;
  packageName: string;
  name: string;
  packageTypeCode: PackageTypeCode;
  appName: string;
  /** Quantity (for an employee package, the number of employees). */
  number: number;
  /** Price shown, IVA included, of one unit (of the line for an employee package). */
  price: number;
  packagePrice: number;
  packageUnitPrice?: number;
  packagePriceWithDiscount?: number;
  taxiva: number;
  applyOffer: boolean;
  totalOffer: number;
  offerTypeCode: OfferTypeCode;
  /** The offer applies now (the catalogue's answer when it gave one). */
  offerActive?: boolean;
  /** Priced by number of employees (GetPriceByLicenseType): the number is not multiplied. */
  isEmployee: boolean;
  /** Has an employee feature but is not base: priced per unit like any other. */
  isNotBaseEmployee: boolean;
  quantityUsers?: number;
  quantityEmployees?: number;
  itemsPackageFeatures: CartPackageFeature[];
}

/** `cartAdded`: what was added, per package and brand. */
export interface CartAdded {
  packageCode: string;
  appName: string;
  number: number;
}

/**
 * The promotion code applied to the cart (ValidatePromotionCode's quote): a percentage (PTJ) of the
 * lines it applies to, or a value (VLR) before IVA, whose part of each line the server's quote gives.
 */
export interface AppliedPromo {
  code: string;
  description?: string;
  type: OfferTypeCode;
  value: number;
  /** The lines it applies to, with what it takes off each before IVA. */
  discounts: { packageId: number; discount: number }[];
  message?: string;
}

export interface CartState {
  items: CartItem[];
  added: CartAdded[];
  promo?: AppliedPromo;
}

export const EMPTY_CART: CartState = { items: [], added: [] };
