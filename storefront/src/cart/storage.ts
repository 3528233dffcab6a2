import type { KeyValueStorage } from '@licencias/common/session';
import { addedOf } from './rules';
import type { AppliedPromo, CartItem, CartPackage, CartState, PriceTier } from './types';

/**
 * The cart in local storage, under the spec's keys (§3 "Locally stored data"): `cart` (the
 * lines), `cartAdded` (package code, brand and number of each), `promoCode`, `packages` (the
 * packages the lines came from), `pricesLicense` (the price tiers read for employee packages) and
 * `quantityLicense` (the employees chosen per package). Emptying the cart removes all six (§4).
 */
export const CART_KEYS = {
  cart: 'cart',
  cartAdded: 'cartAdded',
  promoCode: 'promoCode',
  packages: 'packages',
  pricesLicense: 'pricesLicense',
  quantityLicense: 'quantityLicense',
} as const;

function read(storage: KeyValueStorage, key: string): unknown {
  const text = storage.getItem(key);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A stored line that still has what the cart needs; anything else (old shapes, edits by hand) is dropped. */
function isCartItem(value: unknown): value is CartItem {
  if (!isRecord(value)) return false;
  return (
    Number.isSafeInteger(value.packageId) &&
    typeof value.packageCode === 'string' &&
    typeof value.packageName === 'string' &&
    typeof value.appName === 'string' &&
    (value.packageTypeCode === 'BAS' || value.packageTypeCode === 'CMB' || value.packageTypeCode === 'CMP') &&
    Number.isSafeInteger(value.number) &&
    (value.number as number) >= 1 &&
    isAmount(value.price) &&
    isAmount(value.packagePrice) &&
    isAmount(value.taxiva) &&
    Array.isArray(value.itemsPackageFeatures)
  );
}

function isPromo(value: unknown): value is AppliedPromo {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    (value.type === 'PTJ' || value.type === 'VLR') &&
    isAmount(value.value) &&
    Array.isArray(value.discounts) &&
    value.discounts.every((d) => isRecord(d) && Number.isSafeInteger(d.packageId) && isAmount(d.discount))
  );
}

/** The cart of a brand as stored (lines of other brands, which share the origin only in development, are left out). */
export function loadCart(storage: KeyValueStorage, appName: string): CartState {
  const stored = read(storage, CART_KEYS.cart);
  const items = (Array.isArray(stored) ? stored : []).filter(isCartItem).filter((item) => item.appName.toLowerCase() === appName.toLowerCase());
  if (items.length === 0) return { items: [], added: [] };
  const promo = read(storage, CART_KEYS.promoCode);
  return { items, added: addedOf(items), ...(isPromo(promo) ? { promo } : {}) };
}

/** The tiers and chosen employees kept for employee packages, by package code. */
export interface EmployeeChoices {
  pricesLicense: Record<string, PriceTier[]>;
  quantityLicense: Record<string, number>;
}

export function loadEmployeeChoices(storage: KeyValueStorage): EmployeeChoices {
  const prices = read(storage, CART_KEYS.pricesLicense);
  const quantities = read(storage, CART_KEYS.quantityLicense);
  return {
    pricesLicense: isRecord(prices) ? (prices as Record<string, PriceTier[]>) : {},
    quantityLicense: isRecord(quantities) ? (quantities as Record<string, number>) : {},
  };
}

/** Writes the cart; an empty cart removes every key of the cart (§4). */
export function saveCart(storage: KeyValueStorage, state: CartState, packages: readonly CartPackage[], choices: EmployeeChoices): void {
  if (state.items.length === 0) {
    clearCartStorage(storage);
    return;
  }
  storage.setItem(CART_KEYS.cart, JSON.stringify(state.items));
  storage.setItem(CART_KEYS.cartAdded, JSON.stringify(state.added));
  if (state.promo) storage.setItem(CART_KEYS.promoCode, JSON.stringify(state.promo));
  else storage.removeItem(CART_KEYS.promoCode);
  const codes = new Set(state.items.map((item) => item.packageCode));
  storage.setItem(CART_KEYS.packages, JSON.stringify(packages.filter((pkg) => codes.has(pkg.packageCode))));
  storage.setItem(CART_KEYS.pricesLicense, JSON.stringify(choices.pricesLicense));
  storage.setItem(CART_KEYS.quantityLicense, JSON.stringify(choices.quantityLicense));
}

export function loadPackages(storage: KeyValueStorage): CartPackage[] {
  const stored = read(storage, CART_KEYS.packages);
  return Array.isArray(stored) ? stored.filter((pkg): pkg is CartPackage => isRecord(pkg) && typeof pkg.packageCode === 'string') : [];
}

export function clearCartStorage(storage: KeyValueStorage): void {
  for (const key of Object.values(CART_KEYS)) storage.removeItem(key);
}
