import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatMoney } from '@licencias/common/format';
import { identityBuyerProblems, type IdentityBuyerField } from '@licencias/common/rules';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { useNotify } from '../notifications/notifications-context';
import { BuyerForm, type BuyerValues, EMPTY_BUYER } from './BuyerForm';
import { useCart } from './cart-context';
import { CartLineCards, CartLinesTable } from './CartLines';
import { continuePurchase } from './continue';
import { continueServices } from './continue-services';
import { EmptyCartIllustration } from './EmptyCartIllustration';
import { priceCart } from './pricing';
import { PromoCodeForm } from './PromoCodeForm';
import { CART_MESSAGES } from './rules';
import { STORE_HOME_PATH } from './paths';

const money = (value: { toFixed(digits: number): string }) => formatMoney(value.toFixed(2));

function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}
        data-testid={strong ? 'cart-total' : undefined}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The cart modal (§2): 'Carrito de compras' (or the package's name for a single item), the lines as
 * a table on desktops and cards on phones, 'Agregar productos', the promotion code, the totals with
 * 'Impuesto incluido', firmaya's buyer form, and 'Continuar'; '¡Tu carrito está vacío!' when empty.
 */
export default function CartModal() {
  const cart = useCart();
  const { brand, parameters, isLicenseApp } = useBrand();
  const { session } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [busy, setBusy] = useState(false);
  const [buyer, setBuyer] = useState<BuyerValues>(EMPTY_BUYER);
  const [touched, setTouched] = useState<Partial<Record<IdentityBuyerField, boolean>>>({});
  const [showAll, setShowAll] = useState(false);

  const priced = useMemo(() => priceCart(cart.cart), [cart.cart]);
  const empty = cart.items.length === 0;
  const single = cart.items.length === 1 ? cart.items[0] : undefined;
  const title = single ? single.packageName : 'Carrito de compras';
  const signedIn = session !== undefined;
  const needsBuyer = parameters.integrationServiceApply && !signedIn && !empty;
  const problems = needsBuyer ? identityBuyerProblems(buyer, [], true) : {};
  const shownProblems = Object.fromEntries(Object.entries(problems).filter(([field]) => showAll || touched[field as IdentityBuyerField]));
  const policy = brand.appInfo.urlPersonalDataTreatmentPolicy || parameters.urlsFromBack.urlPersonalDataTreatmentPolicy;

  const addProducts = () => {
    cart.closeModal();
    if (!location.pathname.startsWith(STORE_HOME_PATH) && location.pathname !== '/') void navigate(STORE_HOME_PATH);
  };

  const onContinue = async () => {
    if (needsBuyer && Object.keys(problems).length > 0) {
      setShowAll(true);
      return;
    }
    setBusy(true);
    try {
      const outcome = await continuePurchase(
        {
          cart: cart.cart,
          appName: brand.appName,
          signedIn,
          isLicenseApp,
          identityValidation: parameters.integrationServiceApply,
          ...(needsBuyer
            ? { subscriber: { documentType: buyer.documentType, document: buyer.document, email: buyer.email.trim(), phoneNumber: buyer.phoneNumber } }
            : {}),
        },
        continueServices,
      );
      if (outcome.kind === 'problem') {
        notify({ severity: outcome.severity, message: outcome.message });
        return;
      }
      cart.closeModal();
      await navigate(outcome.to, outcome.state ? { state: outcome.state } : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && cart.closeModal()}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="cart-title"
      slotProps={{ paper: { sx: { borderRadius: phone ? 0 : 3 } } }}
    >
      <DialogTitle id="cart-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0, fontWeight: 700 }}>
          {title}
        </Box>
        <IconButton aria-label="Cerrar el carrito" onClick={() => cart.closeModal()} disabled={busy}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {empty ? (
          <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 5 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
            <EmptyCartIllustration />
            <Typography variant="h2" component="p">
              {CART_MESSAGES.empty}
            </Typography>
            <Typography color="text.secondary">Explora nuestros planes y agrega los que necesites.</Typography>
            <Button variant="contained" startIcon={<AddShoppingCart />} onClick={addProducts}>
              Agregar productos
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            {phone ? <CartLineCards lines={priced.lines} cart={cart} disabled={busy} /> : <CartLinesTable lines={priced.lines} cart={cart} disabled={busy} />}
            {cart.promoNotice && !cart.promoNotice.ok && !cart.promo && <Alert severity="warning">{cart.promoNotice.message}</Alert>}
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <Button variant="outlined" startIcon={<AddShoppingCart />} onClick={addProducts} sx={{ alignSelf: 'flex-start' }} disabled={busy}>
                  Agregar productos
                </Button>
                {parameters.promotionCodeApply && <PromoCodeForm cart={cart} />}
              </Box>
              <Box
                component="section"
                aria-label="Resumen de la compra"
                sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 2, display: 'flex', flexDirection: 'column', gap: 0.75 }}
              >
                <SummaryRow label="Subtotal" value={money(priced.totals.subtotal)} />
                {!priced.totals.discount.isZero() && <SummaryRow label="Descuentos" value={`-${money(priced.totals.discount)}`} />}
                <SummaryRow label="IVA" value={money(priced.totals.iva)} />
                <Divider sx={{ my: 0.5 }} />
                <SummaryRow label="Total" value={money(priced.totals.total)} strong />
                <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
                  Impuesto incluido
                </Typography>
              </Box>
            </Box>
            {needsBuyer && (
              <BuyerForm
                values={buyer}
                errors={shownProblems}
                disabled={busy}
                policyUrl={policy}
                onChange={setBuyer}
                onBlur={(field) => setTouched((t) => ({ ...t, [field]: true }))}
              />
            )}
          </Box>
        )}
      </DialogContent>
      {!empty && (
        <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 2, gap: 1 }}>
          <Button onClick={() => cart.closeModal()} disabled={busy} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            Seguir comprando
          </Button>
          <Button
            variant="contained"
            size="large"
            onClick={() => void onContinue()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
            sx={{ minWidth: { xs: '100%', sm: 180 } }}
          >
            Continuar
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
