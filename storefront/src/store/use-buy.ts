import { useState } from 'react';
import { useCart } from '../cart/cart-context';
import { employeeQuantityOf } from '../cart/package';
import { useNotify } from '../notifications/notifications-context';
import { type StorePackage, toCartPackage } from './catalogue';

export interface Buy {
  /** 'COMPRAR YA!': adds the package and opens the cart modal. */
  buyNow(pkg: StorePackage): Promise<void>;
  /** Adds the package and says so. */
  addToCart(pkg: StorePackage): Promise<void>;
  /** The package being added (its buttons wait). */
  busy: number | undefined;
}

/** The cards' two buttons, under the cart's rules: a refusal shows the rule's message (store §5). */
export function useBuy(): Buy {
  const cart = useCart();
  const notify = useNotify();
  const [busy, setBusy] = useState<number>();
  const add = async (pkg: StorePackage, open: boolean) => {
    setBusy(pkg.packageId);
    try {
      const item = toCartPackage(pkg);
      // An employee package starts at the tier of the employees its card shows, so the cart's price is the card's.
      const employees = pkg.priceByQuantity ? employeeQuantityOf(item) : undefined;
      const outcome = await cart.add(item, { open, ...(employees ? { employees } : {}) });
      if (!outcome.ok) notify({ severity: 'warning', message: outcome.message });
      else if (!open) notify({ severity: 'success', message: `${pkg.packageName} se agregó al carrito.` });
    } finally {
      setBusy(undefined);
    }
  };
  return { buyNow: (pkg) => add(pkg, true), addToCart: (pkg) => add(pkg, false), busy };
}
