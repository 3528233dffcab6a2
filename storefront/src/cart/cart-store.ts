import type { KeyValueStorage } from '@licencias/common/session';
import { isEmployeePackage, packageIdOf } from './package';
import { addPackage, CART_MESSAGES, type CartChange, type CartContext, decrement, increment, promoProblem, removeItem, setQuantity, setTier } from './rules';
import { CART_KEYS, clearCartStorage, type EmployeeChoices, loadCart, loadEmployeeChoices, loadPackages, saveCart } from './storage';
import { type AppliedPromo, type CartPackage, type CartState, EMPTY_CART, type PriceTier } from './types';

/** What the cart asks the server (injected, so the rules are tested without a network). */
export interface CartServices {
  /** The price-by-quantity tiers of an employee package (GetPriceByLicenseType). */
  priceTiers(pkg: CartPackage): Promise<PriceTier[]>;
  /** Validates a promotion code for the cart (ValidatePromotionCode); throws an error whose message is shown. */
  validatePromo(code: string, state: CartState): Promise<AppliedPromo>;
}

/** The outcome of an action: done, or refused with the message to show. */
export type CartOutcome = { ok: true; message?: string } | { ok: false; message: string };

export interface CartSnapshot {
  cart: CartState;
  /** The cart modal is open. */
  modalOpen: boolean;
  /** The tiers read for employee packages, by package code. */
  tiers: Readonly<Record<string, PriceTier[]>>;
  /** A promotion code is being validated. */
  promoBusy: boolean;
  /** The last promotion-code outcome after a change re-applied it (a warning when it no longer applies). */
  promoNotice?: CartOutcome;
}

export interface AddOptions {
  /** How many (1 by default). */
  quantity?: number;
  /** An employee package's number of employees: the tier of that quantity (the first tier otherwise). */
  employees?: number;
  /** A promotion code to apply once added (encrypted package links carry one). */
  promoCode?: string;
  /** Open the cart modal afterwards. */
  open?: boolean;
}

const isPromoError = (error: unknown) => (error instanceof Error && error.message ? error.message : CART_MESSAGES.promoNotApplicable);

/**
 * The cart of one brand: state in memory, kept in local storage under the spec's keys, shared
 * with the other windows of the store (the `storage` event), and the rules of `rules.ts`. One
 * instance per page (see CartProvider); `useCart()` reads it.
 */
export class CartStore {
  private snapshot: CartSnapshot;
  private packages: CartPackage[];
  private choices: EmployeeChoices;
  private readonly listeners = new Set<() => void>();
  private context: CartContext;

  constructor(
    private readonly storage: KeyValueStorage,
    appName: string,
    maxQuantity: number,
    private readonly services: CartServices,
  ) {
    this.context = { appName, maxQuantity };
    this.choices = loadEmployeeChoices(storage);
    this.packages = loadPackages(storage);
    this.snapshot = { cart: loadCart(storage, appName), modalOpen: false, tiers: this.choices.pricesLicense, promoBusy: false };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): CartSnapshot => this.snapshot;

  get appName(): string {
    return this.context.appName;
  }

  /** The largest quantity of a line (the brand's limit; 999 on phones). */
  setMaxQuantity(maxQuantity: number): void {
    this.context = { ...this.context, maxQuantity };
  }

  get maxQuantity(): number {
    return this.context.maxQuantity;
  }

  private update(patch: Partial<CartSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private commit(cart: CartState): void {
    if (cart.items.length === 0) {
      this.packages = [];
      this.choices = { pricesLicense: {}, quantityLicense: {} };
    }
    saveCart(this.storage, cart, this.packages, this.choices);
    this.update({ cart, tiers: this.choices.pricesLicense });
  }

  /** Another window changed the cart, or signing out cleared local storage: read it again. */
  reload(): void {
    this.choices = loadEmployeeChoices(this.storage);
    this.packages = loadPackages(this.storage);
    this.update({ cart: loadCart(this.storage, this.context.appName), tiers: this.choices.pricesLicense });
  }

  /** Whether a storage event concerns the cart. */
  static isCartKey(key: string | null): boolean {
    return key === null || (Object.values(CART_KEYS) as string[]).includes(key);
  }

  private async apply(change: CartChange): Promise<CartOutcome> {
    if (!change.ok) return { ok: false, message: change.message };
    this.commit(change.state);
    if (change.droppedPromo) await this.reapplyPromo(change.droppedPromo.code);
    return { ok: true };
  }

  /** The tiers of an employee package, read once per page and kept under `pricesLicense`. */
  async tiersOf(pkg: CartPackage): Promise<PriceTier[]> {
    const known = this.choices.pricesLicense[pkg.packageCode];
    if (known?.length) return known;
    const tiers = [...(await this.services.priceTiers(pkg))].sort((a, b) => a.quantity - b.quantity);
    this.choices = { ...this.choices, pricesLicense: { ...this.choices.pricesLicense, [pkg.packageCode]: tiers } };
    this.update({ tiers: this.choices.pricesLicense });
    return tiers;
  }

  private rememberPackage(pkg: CartPackage): void {
    this.packages = [...this.packages.filter((p) => p.packageCode !== pkg.packageCode), pkg];
  }

  /** Adds a package under the cart's rules (`rules.ts`); refused with the spec's message. */
  async add(pkg: CartPackage, options: AddOptions = {}): Promise<CartOutcome> {
    let tier: PriceTier | undefined;
    if (isEmployeePackage(pkg)) {
      const tiers = await this.tiersOf(pkg).catch((error: unknown) => {
        console.error('No fue posible leer los precios por cantidad', error);
        return [];
      });
      const wanted = options.employees ?? this.choices.quantityLicense[pkg.packageCode];
      tier = tiers.find((t) => t.quantity === wanted) ?? tiers.find((t) => wanted !== undefined && t.quantity >= wanted) ?? tiers[0];
    }
    const change = addPackage(this.snapshot.cart, pkg, this.context, { number: options.quantity ?? 1, ...(tier ? { tier } : {}) });
    if (!change.ok) return { ok: false, message: change.message };
    this.rememberPackage(pkg);
    if (tier) this.choices = { ...this.choices, quantityLicense: { ...this.choices.quantityLicense, [pkg.packageCode]: tier.quantity } };
    const outcome = await this.apply(change);
    if (options.open) this.openModal();
    if (outcome.ok && options.promoCode) return this.applyPromo(options.promoCode);
    return outcome;
  }

  setQuantity(packageId: number, quantity: number): Promise<CartOutcome> {
    return this.apply(setQuantity(this.snapshot.cart, packageId, quantity, this.context));
  }

  increment(packageId: number): Promise<CartOutcome> {
    return this.apply(increment(this.snapshot.cart, packageId, this.context));
  }

  decrement(packageId: number): Promise<CartOutcome> {
    return this.apply(decrement(this.snapshot.cart, packageId, this.context));
  }

  remove(packageId: number): Promise<CartOutcome> {
    return this.apply(removeItem(this.snapshot.cart, packageId));
  }

  /** An employee package's select: the tier of that many employees. */
  async setEmployees(packageId: number, employees: number): Promise<CartOutcome> {
    const item = this.snapshot.cart.items.find((line) => line.packageId === packageId);
    const tier = item ? this.choices.pricesLicense[item.packageCode]?.find((t) => t.quantity === employees) : undefined;
    if (!item || !tier) return { ok: true };
    this.choices = { ...this.choices, quantityLicense: { ...this.choices.quantityLicense, [item.packageCode]: tier.quantity } };
    return this.apply(setTier(this.snapshot.cart, packageId, tier));
  }

  clear(): void {
    clearCartStorage(this.storage);
    this.packages = [];
    this.choices = { pricesLicense: {}, quantityLicense: {} };
    this.update({ cart: EMPTY_CART, tiers: {}, promoNotice: undefined });
  }

  /** Validates and applies a promotion code (§5: never with a free package). */
  async applyPromo(code: string): Promise<CartOutcome> {
    const trimmed = code.trim();
    const problem = promoProblem(this.snapshot.cart);
    if (problem) return { ok: false, message: problem };
    if (!trimmed) return { ok: false, message: CART_MESSAGES.promoNotApplicable };
    this.update({ promoBusy: true });
    try {
      const promo = await this.services.validatePromo(trimmed, this.snapshot.cart);
      this.commit({ ...this.snapshot.cart, promo });
      return { ok: true, message: promo.message ?? 'El código promocional ha sido aplicado a su compra.' };
    } catch (error) {
      return { ok: false, message: isPromoError(error) };
    } finally {
      this.update({ promoBusy: false });
    }
  }

  removePromo(): void {
    this.commit({ items: this.snapshot.cart.items, added: this.snapshot.cart.added });
  }

  /** After a change removed the code: apply it again to the new lines, or say it no longer applies. */
  private async reapplyPromo(code: string): Promise<void> {
    const outcome = await this.applyPromo(code);
    this.update({ promoNotice: outcome });
  }

  openModal(): void {
    this.update({ modalOpen: true });
  }

  closeModal(): void {
    this.update({ modalOpen: false });
  }

  /** The package a line came from (features, offer), when the cart kept it. */
  packageOf(packageId: number): CartPackage | undefined {
    return this.packages.find((pkg) => packageIdOf(pkg) === packageId);
  }
}
