import { BuyButtons, PriceBlock } from './CardParts';
import { type StorePackage, discountText, offerValidityText } from './catalogue';
import { Countdown } from './Countdown';
import type { Buy } from './use-buy';

/**
 * A slide of the offers carousel (store §2): OFERTA, the discount, the package, its price,
 * the validity text and 'Oferta finaliza en' with the countdown (which ticks by itself). A slide
 * wide enough (one or two offers on a desktop) puts the image beside the text (a container query).
 */
export function OfferCard({ pkg, now, buy, first = false }: { pkg: StorePackage; now: Date; buy: Buy; first?: boolean }) {
  const validity = offerValidityText(pkg);
  return (
    <article aria-labelledby={`oferta-${pkg.packageId}`} data-testid="offer-card" className="offer-card">
      <div className={pkg.urlImageOffer ? 'offer-layout with-image' : 'offer-layout'}>
        <div className="offer-band">
          <p className="offer-tag">OFERTA</p>
          <p className="offer-discount">{discountText(pkg)}</p>
        </div>
        {pkg.urlImageOffer && (
          <img
            src={pkg.urlImageOffer}
            alt=""
            className="offer-image"
            // The first slide's image is the page's largest paint: loaded at once, not lazily.
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
          />
        )}
        <div className="offer-body">
          <h3 id={`oferta-${pkg.packageId}`} className="t-h6">
            {pkg.packageName}
          </h3>
          <p className="t-body2 t-muted">{pkg.packageDescription}</p>
          <PriceBlock pkg={pkg} now={now} />
          {validity && <p className="t-body2 offer-validity">{validity}</p>}
          <div className="offer-end">
            {pkg.offerExpirationTime && <Countdown end={pkg.offerExpirationTime} />}
            <BuyButtons pkg={pkg} buy={buy} />
          </div>
        </div>
      </div>
    </article>
  );
}
