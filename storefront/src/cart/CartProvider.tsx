import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { localStorageArea } from '../api/storage';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { CartContext } from './cart-context';
import { CartStore } from './cart-store';
import { PHONE_MAX_QUANTITY } from './rules';
import { createCartServices } from './services';
import { themed } from '../theme/BrandMui';

/** The modal (and MUI with it) loads with its first opening (the store's initial JavaScript stays small). */
const CartModal = lazy(themed(() => import('./CartModal')));

/** Phones: below MUI's `sm` breakpoint (600 px), as `breakpoints.down('sm')` says it. */
const PHONE_QUERY = '(max-width:599.95px)';

/** Without matchMedia (jsdom) the screen is not a phone's, as MUI's useMediaQuery answers. */
const hasMatchMedia = () => typeof window.matchMedia === 'function';

function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (!hasMatchMedia()) return () => undefined;
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => hasMatchMedia() && window.matchMedia(PHONE_QUERY).matches,
  );
}

/**
 * The brand's cart for everything below it: kept in local storage, shared with the other windows
 * of the store, read again when signing out clears local storage; mounts the cart modal while it
 * is open.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { brand, parameters } = useBrand();
  const { session } = useAuth();
  const phone = usePhone();
  const maxQuantity = phone ? Math.min(PHONE_MAX_QUANTITY, parameters.maxPackageQuantity) : parameters.maxPackageQuantity;
  // One cart per page: the brand of a page does not change.
  const [store] = useState(() => new CartStore(localStorageArea, brand.appName, maxQuantity, createCartServices(brand.appName)));
  store.setMaxQuantity(maxQuantity);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (CartStore.isCartKey(event.key)) store.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  // Signing in or out (which clears local storage) changes what is stored.
  const signedIn = session !== undefined;
  useEffect(() => store.reload(), [store, signedIn]);

  const { modalOpen } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <CartContext value={store}>
      {children}
      {modalOpen && (
        <Suspense fallback={null}>
          <CartModal />
        </Suspense>
      )}
    </CartContext>
  );
}
