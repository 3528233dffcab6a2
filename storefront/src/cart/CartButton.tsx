import { lazy, Suspense, useState } from 'react';
import { themed } from '../theme/BrandMui';
import { Icon } from '../theme/icons';
import { useCart } from './cart-context';

/** The popover (and MUI with it) loads with its first opening, so the header adds little to the initial JavaScript. */
const CartPopover = lazy(themed(() => import('./CartPopover')));

/** The header's cart: a badge with the units, and a popover with the cart and 'Ir al carrito' (§2). */
export function CartButton() {
  const { count } = useCart();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = count === 0 ? 'Carrito de compras, vacío' : `Carrito de compras, ${count} ${count === 1 ? 'producto' : 'productos'}`;
  return (
    <>
      <button
        type="button"
        className="icon-btn icon-btn-inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="cart-button"
      >
        <span className="badge">
          <Icon name="cart" />
          {count > 0 && <span className="badge-count">{count > 99 ? '99+' : count}</span>}
        </span>
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <CartPopover anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
