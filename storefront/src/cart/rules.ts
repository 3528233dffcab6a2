import { isDocumentPackage, isEmployeeFeatureCode, isFree, packageIdOf, packageTypeOf, toCartItem } from './package';
import type { CartAdded, CartItem, CartPackage, CartState, PriceTier } from './types';

/** The cart's texts (store-and-purchase.md §2, §5), exactly as the spec writes them. */
export const CART_MESSAGES = {
  oneFreePackage: 'Sólo puedes escoger un paquete gratis.',
  freePlanNoExtras: '¡El plan gratuito no puede adquirir paquetes adicionales!',
  promoNotApplicable: 'No se puede aplicar el código promocional al paquete seleccionado.',
  needBasePackage: 'Para continuar la compra, debes primero seleccionar un paquete base.',
  freeBaseNeedsBase: 'No es posible adquirir este paquete con un paquete gratis, debes primero seleccionar un paquete base',
  empty: '¡Tu carrito está vacío!',
} as const;

/** Brands whose cart keeps several base packages (§4: the others replace the base). */
const KEEP_BASES = new Set(['colnomina', 'bemyself']);

/** Quantity input: min 1, max the brand's limit, step 1 (§5). */
export const MIN_QUANTITY = 1;
/** The largest quantity on phones (§5). */
export const PHONE_MAX_QUANTITY = 999;

export interface CartContext {
  appName: string;
  /** Largest quantity of one package. */
  maxQuantity: number;
}

export type CartChange =
  | {
      ok: true;
      state: CartState;
      /** A promotion code the change removed, to re-validate and re-apply (§4). */
      droppedPromo?: CartState['promo'];
    }
  | { ok: false; message: string };

const appKey = (appName: string) => appName.toLowerCase();

/** A whole number between 1 and the limit; anything else (text, 0, 2.5) is brought into range. */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(Math.max(Math.trunc(value), MIN_QUANTITY), Math.max(MIN_QUANTITY, Math.trunc(max)));
}

/** `cartAdded` follows the cart: one entry per package, with its brand and number. */
export function addedOf(items: readonly CartItem[]): CartAdded[] {
  return items.map((item) => ({ packageCode: item.packageCode, appName: item.appName, number: item.number }));
}

/**
 * The cart with new lines. A change removes the promotion code, which the caller re-validates and
 * re-applies to the new lines (§4); an emptied cart holds nothing, promotion code included.
 */
function changed(state: CartState, items: CartItem[]): CartChange {
  if (items.length === 0) return { ok: true, state: { items: [], added: [] } };
  return { ok: true, state: { items, added: addedOf(items) }, ...(state.promo ? { droppedPromo: state.promo } : {}) };
}

const isFreeBase = (item: CartItem) => item.packageTypeCode === 'BAS' && isFree(item);

export interface AddOptions {
  /** How many to add (1 by default); ignored for free packages and employee packages. */
  number?: number;
  /** The tier chosen for an employee package. */
  tier?: PriceTier;
}

/**
 * Adds a package (§4 cart behaviour, §5 cart rules):
 * - a free base package empties the cart first;
 * - only one free package ('Sólo puedes escoger un paquete gratis.');
 * - a free base plan takes nothing else ('¡El plan gratuito no puede adquirir paquetes adicionales!'),
 *   unless the package replaces it as the new base;
 * - a base package replaces the other base packages, except in colnomina and bemyself;
 * - colnomina keeps one document-type package; bemyself keeps only the package just added;
 * - a package already in the cart gets more units (free items stay at 1), which removes the
 *   promotion code (re-applied by the caller).
 */
export function addPackage(state: CartState, pkg: CartPackage, context: CartContext, options: AddOptions = {}): CartChange {
  const app = appKey(context.appName);
  const id = packageIdOf(pkg);
  const type = packageTypeOf(pkg);
  const free = pkg.packagePrice === 0;
  const requested = clampQuantity(options.number ?? 1, context.maxQuantity);
  const existing = state.items.find((item) => item.packageId === id);

  if (existing) {
    if (existing.isEmployee && options.tier) return setTier(state, id, options.tier);
    if (isFree(existing)) return { ok: true, state };
    return setQuantity(state, id, existing.number + requested, context);
  }

  const item = toCartItem(pkg, context.appName, free ? 1 : requested, options.tier);
  // A free base package empties the cart first (no promotion code applies to it).
  if (free && type === 'BAS') return { ok: true, state: { items: [item], added: addedOf([item]) } };
  // bemyself keeps only the package just added.
  if (app === 'bemyself') return changed(state, [item]);
  if (free && state.items.some(isFree)) return { ok: false, message: CART_MESSAGES.oneFreePackage };

  const replacesBases = type === 'BAS' && !KEEP_BASES.has(app);
  let items = state.items;
  if (items.some(isFreeBase) && !(replacesBases && !free)) return { ok: false, message: CART_MESSAGES.freePlanNoExtras };
  if (replacesBases) items = items.filter((other) => other.packageTypeCode !== 'BAS');
  if (app === 'colnomina' && isDocumentPackage(pkg)) items = items.filter((other) => !isDocumentPackage(other));
  return changed(state, [...items, item]);
}

/**
 * A new quantity for a line: min 1, max the limit, whole units; free items stay at 1 and employee
 * packages change through their tier. Any change removes the promotion code, which the caller
 * re-validates and re-applies (§4).
 */
export function setQuantity(state: CartState, packageId: number, number: number, context: CartContext): CartChange {
  const item = state.items.find((line) => line.packageId === packageId);
  if (!item || isFree(item) || item.isEmployee) return { ok: true, state };
  const next = clampQuantity(number, context.maxQuantity);
  if (next === item.number) return { ok: true, state };
  return changed(
    state,
    state.items.map((line) => (line.packageId === packageId ? { ...line, number: next } : line)),
  );
}

function withoutOfferPrice(line: CartItem): CartItem {
  const copy = { ...line };
  delete copy.packagePriceWithDiscount;
  return copy;
}

/** The tier chosen in an employee package's select: its employees and its price (§4). */
export function setTier(state: CartState, packageId: number, tier: PriceTier): CartChange {
  const item = state.items.find((line) => line.packageId === packageId);
  if (!item?.isEmployee || (item.number === tier.quantity && item.price === tier.value)) return { ok: true, state };
  const items = state.items.map((line) =>
    line.packageId === packageId
      ? {
          ...withoutOfferPrice(line),
          number: tier.quantity,
          price: tier.value,
          ...(tier.valueWithDiscount !== undefined ? { packagePriceWithDiscount: tier.valueWithDiscount } : {}),
          quantityEmployees: tier.quantity,
          itemsPackageFeatures: line.itemsPackageFeatures.map((f) =>
            isEmployeeFeatureCode(f.serviceFeature.serviceFeatureCode) ? { ...f, quantity: tier.quantity } : f,
          ),
        }
      : line,
  );
  return changed(state, items);
}

/** Raising a quantity adds one unit (§4). */
export function increment(state: CartState, packageId: number, context: CartContext): CartChange {
  const item = state.items.find((line) => line.packageId === packageId);
  return item ? setQuantity(state, packageId, item.number + 1, context) : { ok: true, state };
}

/**
 * Lowering a quantity removes one unit; removing the last unit removes the line with its
 * `cartAdded` entry, and the last line empties the cart, promotion code included (§4).
 */
export function decrement(state: CartState, packageId: number, context: CartContext): CartChange {
  const item = state.items.find((line) => line.packageId === packageId);
  if (!item) return { ok: true, state };
  if (item.number <= MIN_QUANTITY || isFree(item) || item.isEmployee) return removeItem(state, packageId);
  return setQuantity(state, packageId, item.number - 1, context);
}

/** Deleting an item removes it completely; an emptied cart holds nothing else (§4). */
export function removeItem(state: CartState, packageId: number): CartChange {
  const items = state.items.filter((line) => line.packageId !== packageId);
  if (items.length === state.items.length) return { ok: true, state };
  return changed(state, items);
}

/** Why a promotion code cannot be applied before asking the server: a free package in the cart (§5). */
export function promoProblem(state: CartState): string | undefined {
  if (state.items.length === 0) return CART_MESSAGES.empty;
  return state.items.some(isFree) ? CART_MESSAGES.promoNotApplicable : undefined;
}

/** What the server says of the signed-in customer's base package (GetPackageBaseCustomer). */
export interface CustomerBase {
  /** The customer holds a base package. */
  hasBase: boolean;
  /** Its base package is a free plan. */
  isFree: boolean;
}

/**
 * Why the cart cannot continue (§4 Continue, §5), or undefined:
 * - without a base package of the customer's (or any customer, for a visitor) and none in the cart
 *   (a base or a combo, which carries a base plan): 'Para continuar la compra, debes primero
 *   seleccionar un paquete base.';
 * - a customer whose only base is a free plan, buying a combo or complementary packages without a
 *   base package: 'No es posible adquirir este paquete con un paquete gratis, debes primero
 *   seleccionar un paquete base'.
 */
export function continueProblem(state: CartState, customer: CustomerBase | undefined): string | undefined {
  if (state.items.length === 0) return CART_MESSAGES.empty;
  const types = new Set(state.items.map((item) => item.packageTypeCode));
  const hasBaseInCart = types.has('BAS');
  if (!customer?.hasBase && !hasBaseInCart && !types.has('CMB')) return CART_MESSAGES.needBasePackage;
  if (customer?.hasBase && customer.isFree && !hasBaseInCart && (types.has('CMB') || types.has('CMP'))) return CART_MESSAGES.freeBaseNeedsBase;
  return undefined;
}

/** The cart's lines as RegisterPurchaseOrder's packagesToPurchase. */
export function packagesToPurchase(state: CartState): { packageId: number; packageCode: string; packageQuantity: number }[] {
  return state.items.map((item) => ({ packageId: item.packageId, packageCode: item.packageCode, packageQuantity: item.number }));
}

/** How many units the badge counts (an employee package counts once). */
export function itemCount(state: CartState): number {
  return state.items.reduce((sum, item) => sum + (item.isEmployee ? 1 : item.number), 0);
}
