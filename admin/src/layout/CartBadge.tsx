import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';

/** Where the storefront keeps its cart (store-and-purchase.md §3: locally stored `cart`). */
export const CART_KEY = 'cart';
/** The storefront's cart menu (route table: /license/viewCartMenu). */
export const CART_URL = '/license/viewCartMenu';

/** Units in the storefront cart: the sum of each item's `number`; 0 when there is no cart. */
export function cartCount(raw: string | null): number {
  if (!raw) return 0;
  try {
    const items: unknown = JSON.parse(raw);
    if (!Array.isArray(items)) return 0;
    return items.reduce<number>((total, item) => {
      const quantity = typeof item === 'object' && item !== null && 'number' in item ? Number(item.number) : 0;
      return total + (Number.isFinite(quantity) && quantity > 0 ? quantity : 0);
    }, 0);
  } catch {
    return 0;
  }
}

const readCount = () => cartCount(window.localStorage.getItem(CART_KEY));

/** The storefront changes the cart in other tabs: follow it through `storage` events. */
const subscribe = (onChange: () => void) => {
  const listener = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_KEY) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
};

export const CartBadge = () => {
  const count = useSyncExternalStore(subscribe, readCount);
  const translate = useTranslate();
  const label = translate('app.cart.label', { smart_count: count });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" href={CART_URL} aria-label={label} data-testid="cart-badge">
        <Badge badgeContent={count} showZero max={999} color="primary">
          <ShoppingCartIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
};
