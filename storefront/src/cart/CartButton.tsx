import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useCart } from './cart-context';

/** The popover loads with its first opening, so the header adds little to the initial JavaScript. */
const CartPopover = lazy(() => import('./CartPopover'));

/** The header's cart: a badge with the units, and a popover with the cart and 'Ir al carrito' (§2). */
export function CartButton() {
  const { count } = useCart();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = count === 0 ? 'Carrito de compras, vacío' : `Carrito de compras, ${count} ${count === 1 ? 'producto' : 'productos'}`;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="cart-button"
      >
        <Badge badgeContent={count} color="secondary" max={99}>
          <ShoppingCartOutlined />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <CartPopover anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
