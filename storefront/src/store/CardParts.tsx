import { formatMoney } from '@licencias/common/format';
import { lazy, Suspense } from 'react';
import { featureLabel } from '../cart/features';
import type { CartPackageFeature } from '../cart/types';
import { useFeaturePopover } from '../cart/use-feature-popover';
import { themed } from '../theme/BrandMui';
import { Icon } from '../theme/icons';
import { type StorePackage, isOfferOn, periodLabel, toCartPackage } from './catalogue';
import type { Buy } from './use-buy';

/** Features listed on a card; the rest in the feature popover. */
const LISTED_FEATURES = 5;

/** The features' popover (MUI) loads when a visitor first points at 'Características'. */
const FeaturePanel = lazy(themed(() => import('../cart/FeaturePanel')));

/** The price per period with thousands separators; an offer shows the price before it struck through. */
export function PriceBlock({ pkg, now }: { pkg: StorePackage; now: Date }) {
  const offer = isOfferOn(pkg, now);
  const period = periodLabel(pkg);
  return (
    <div className="price">
      {offer && (
        <p className="t-body2 t-muted price-before" aria-label={`Antes ${formatMoney(pkg.packagePrice)}`}>
          {formatMoney(pkg.packagePrice)}
        </p>
      )}
      <div className="price-row">
        <span className="price-amount" data-testid="package-price">
          {pkg.packagePrice === 0 ? 'Gratis' : formatMoney(offer ? pkg.packagePriceWithDiscount : pkg.packagePrice)}
        </span>
        {pkg.packagePrice > 0 && period && <span className="t-body2 t-muted">{period}</span>}
      </div>
      {pkg.packagePrice > 0 && (
        <p className="t-caption t-muted">{pkg.priceByQuantity ? 'IVA incluido. El precio cambia con el número de empleados.' : 'IVA incluido'}</p>
      )}
    </div>
  );
}

/** 'Características': the package's features in a popover that opens on hover (and on tap or Enter). */
function FeatureButton({ packageName, features }: { packageName: string; features: CartPackageFeature[] }) {
  const { trigger, panel } = useFeaturePopover();
  return (
    <>
      <button type="button" className="btn btn-text btn-small features-btn" {...trigger}>
        Características
        <span className="btn-end-icon">
          <Icon name="info" small />
        </span>
      </button>
      {panel.anchor && (
        <Suspense fallback={null}>
          <FeaturePanel {...panel} packageName={packageName} features={features} />
        </Suspense>
      )}
    </>
  );
}

/** The package's features, '(Ilimitadas)' where unlimited; the popover lists them all when there are many. */
export function FeatureList({ pkg }: { pkg: StorePackage }) {
  const features = toCartPackage(pkg).itemsPackageFeatures ?? [];
  if (features.length === 0) return null;
  return (
    <div>
      <ul className="feature-list">
        {features.slice(0, LISTED_FEATURES).map((feature) => (
          <li key={feature.itemPackageId ?? feature.serviceFeature.serviceFeatureCode}>
            <Icon name="check" small />
            <span className="t-body2">{featureLabel(feature)}</span>
          </li>
        ))}
      </ul>
      {features.length > LISTED_FEATURES && <FeatureButton packageName={pkg.packageName} features={features} />}
    </div>
  );
}

/** 'COMPRAR YA!' (adds and opens the cart) and add to cart. */
export function BuyButtons({ pkg, buy }: { pkg: StorePackage; buy: Buy }) {
  const busy = buy.busy === pkg.packageId;
  return (
    <div className="buy">
      <button
        type="button"
        className="btn btn-contained btn-large btn-full"
        disabled={busy}
        onClick={() => void buy.buyNow(pkg)}
        aria-label={`COMPRAR YA! ${pkg.packageName}`}
      >
        COMPRAR YA!
      </button>
      <button
        type="button"
        className="icon-btn add-btn"
        disabled={busy}
        onClick={() => void buy.addToCart(pkg)}
        aria-label={`Agregar ${pkg.packageName} al carrito`}
        title="Agregar al carrito"
      >
        <Icon name="addCart" />
      </button>
    </div>
  );
}
