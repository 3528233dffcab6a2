import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@licencias/common/format';
import { featureLabel } from '../cart/features';
import { FeaturePopover } from '../cart/FeaturePopover';
import { type StorePackage, isOfferOn, periodLabel, toCartPackage } from './catalogue';
import type { Buy } from './use-buy';

/** Features listed on a card; the rest in the feature popover. */
const LISTED_FEATURES = 5;

/** The price per period with thousands separators; an offer shows the price before it struck through. */
export function PriceBlock({ pkg, now }: { pkg: StorePackage; now: Date }) {
  const offer = isOfferOn(pkg, now);
  const period = periodLabel(pkg);
  return (
    <Box sx={{ my: 1.5 }}>
      {offer && (
        <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }} aria-label={`Antes ${formatMoney(pkg.packagePrice)}`}>
          {formatMoney(pkg.packagePrice)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 0.75 }}>
        <Typography component="span" sx={{ fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.15 }} data-testid="package-price">
          {pkg.packagePrice === 0 ? 'Gratis' : formatMoney(offer ? pkg.packagePriceWithDiscount : pkg.packagePrice)}
        </Typography>
        {pkg.packagePrice > 0 && period && (
          <Typography component="span" variant="body2" color="text.secondary">
            {period}
          </Typography>
        )}
      </Box>
      {pkg.packagePrice > 0 && (
        <Typography variant="caption" color="text.secondary" component="p">
          {pkg.priceByQuantity ? 'IVA incluido. El precio cambia con el número de empleados.' : 'IVA incluido'}
        </Typography>
      )}
    </Box>
  );
}

/** The package's features, '(Ilimitadas)' where unlimited; the popover lists them all when there are many. */
export function FeatureList({ pkg }: { pkg: StorePackage }) {
  const features = toCartPackage(pkg).itemsPackageFeatures ?? [];
  if (features.length === 0) return null;
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {features.slice(0, LISTED_FEATURES).map((feature) => (
          <Box
            component="li"
            key={feature.itemPackageId ?? feature.serviceFeature.serviceFeatureCode}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <CheckCircleOutline fontSize="small" color="primary" aria-hidden="true" sx={{ mt: '1px' }} />
            <Typography variant="body2">{featureLabel(feature)}</Typography>
          </Box>
        ))}
      </Box>
      {features.length > LISTED_FEATURES && <FeaturePopover packageName={pkg.packageName} features={features} />}
    </Box>
  );
}

/** 'COMPRAR YA!' (adds and opens the cart) and add to cart. */
export function BuyButtons({ pkg, buy }: { pkg: StorePackage; buy: Buy }) {
  const busy = buy.busy === pkg.packageId;
  const label = `Agregar ${pkg.packageName} al carrito`;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={() => void buy.buyNow(pkg)} aria-label={`COMPRAR YA! ${pkg.packageName}`}>
        COMPRAR YA!
      </Button>
      <Tooltip title="Agregar al carrito">
        <span>
          <IconButton
            color="primary"
            disabled={busy}
            onClick={() => void buy.addToCart(pkg)}
            aria-label={label}
            sx={{ border: 1, borderColor: 'primary.main', borderRadius: 1, width: 44, height: 44 }}
          >
            <AddShoppingCart />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
