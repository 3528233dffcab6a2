import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CartOutcome, CartSnapshot, CartStore, AddOptions } from './cart-store';
import { itemCount } from './rules';
import type { CartItem, CartPackage, CartState } from './types';

export const CartContext = createContext<CartStore | null>(null);

/** The cart of the page (inside CartProvider, which StoreLayout mounts). */
export function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error('useCart fuera de CartProvider');
  return store;
}

export interface UseCart extends CartSnapshot {
  items: CartItem[];
  /** Units in the cart (an employee package counts once): the header badge. */
  count: number;
  promo: CartState['promo'];
  /** Adds a package under the cart's rules; `{ok: false, message}` is the spec's refusal to show. */
  add(pkg: CartPackage, options?: AddOptions): Promise<CartOutcome>;
  setQuantity(packageId: number, quantity: number): Promise<CartOutcome>;
  increment(packageId: number): Promise<CartOutcome>;
  decrement(packageId: number): Promise<CartOutcome>;
  remove(packageId: number): Promise<CartOutcome>;
  /** An employee package's select. */
  setEmployees(packageId: number, employees: number): Promise<CartOutcome>;
  applyPromo(code: string): Promise<CartOutcome>;
  removePromo(): void;
  /** Empties the cart and its stored keys (after a cash order, for instance). */
  clear(): void;
  openModal(): void;
  closeModal(): void;
  /** Largest quantity of a line here (the brand's limit; 999 on phones). */
  maxQuantity: number;
}

/** The cart: its state (re-rendering on every change) and its actions. */
export function useCart(): UseCart {
  const store = useCartStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    ...snapshot,
    items: snapshot.cart.items,
    count: itemCount(snapshot.cart),
    promo: snapshot.cart.promo,
    add: (pkg, options) => store.add(pkg, options),
    setQuantity: (id, quantity) => store.setQuantity(id, quantity),
    increment: (id) => store.increment(id),
    decrement: (id) => store.decrement(id),
    remove: (id) => store.remove(id),
    setEmployees: (id, employees) => store.setEmployees(id, employees),
    applyPromo: (code) => store.applyPromo(code),
    removePromo: () => store.removePromo(),
    clear: () => store.clear(),
    openModal: () => store.openModal(),
    closeModal: () => store.closeModal(),
    maxQuantity: store.maxQuantity,
  };
}
