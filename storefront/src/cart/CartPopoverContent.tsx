import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@licencias/common/format';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { useNotify } from '../notifications/notifications-context';
import { useCart } from './cart-context';
import { continuePurchase } from './continue';
import { continueServices } from './continue-services';
import { EmptyCartIllustration } from './EmptyCartIllustration';
import { priceCart } from './pricing';
import { CART_MESSAGES } from './rules';

interface Props {
  /** 'Ir al carrito' opens the cart modal; 'Pagar' (the cart menu page) goes on to the purchase. */
  action?: 'cart' | 'pay';
  onDone?: () => void;
}

const money = (value: { toFixed(digits: number): string }) => formatMoney(value.toFixed(2));

/** The cart in brief: its lines, the total with 'Impuesto incluido', and 'Ir al carrito' or 'Pagar' (§2). */
export default function CartPopoverContent({ action = 'cart', onDone }: Props) {
  const cart = useCart();
  const { brand, parameters, isLicenseApp } = useBrand();
  const { session } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const priced = useMemo(() => priceCart(cart.cart), [cart.cart]);

  const openCart = () => {
    onDone?.();
    cart.openModal();
  };

  const pay = async () => {
    // The buyer's data of a store with identity validation are asked in the cart.
    if (parameters.integrationServiceApply && !session) return openCart();
    setBusy(true);
    try {
      const outcome = await continuePurchase(
        { cart: cart.cart, appName: brand.appName, signedIn: session !== undefined, isLicenseApp, identityValidation: false },
        continueServices,
      );
      if (outcome.kind === 'problem') notify({ severity: outcome.severity, message: outcome.message });
      else {
        onDone?.();
        await navigate(outcome.to);
      }
    } finally {
      setBusy(false);
    }
  };

  if (cart.items.length === 0) {
    return (
      <Box sx={{ p: 3, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <EmptyCartIllustration />
        <Typography sx={{ fontWeight: 600 }}>{CART_MESSAGES.empty}</Typography>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Typography variant="subtitle1" component="p" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
        Tu carrito ({cart.count})
      </Typography>
      <List dense sx={{ maxHeight: 280, overflowY: 'auto', py: 0.5 }}>
        {priced.lines.map(({ item, line }) => (
          <ListItem key={item.packageId} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={item.packageName}>
                {item.packageName}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {item.isEmployee ? `${item.number} empleados` : `Cantidad: ${item.number}`}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {money(line.total)}
            </Typography>
          </ListItem>
        ))}
      </List>
      <Divider />
      <Box sx={{ px: 2, py: 1.5, display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="cart-popover-total">
            {money(priced.totals.total)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Impuesto incluido
          </Typography>
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        {action === 'pay' ? (
          <Button
            fullWidth
            variant="contained"
            onClick={() => void pay()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            Pagar
          </Button>
        ) : (
          <Button fullWidth variant="contained" onClick={openCart}>
            Ir al carrito
          </Button>
        )}
      </Box>
    </Box>
  );
}
