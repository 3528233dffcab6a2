import { useEffect, useRef } from 'react';
import { SummaryBlock } from '../rich-text/SummaryHtml';
import { BuyButtons, FeatureList, PriceBlock } from './CardParts';
import { type StorePackage, discountText, isOfferOn } from './catalogue';
import type { Buy } from './use-buy';

interface Props {
  pkg: StorePackage;
  now: Date;
  buy: Buy;
  /** The package a `/cart/{packageId}` link names. */
  highlighted?: boolean;
}

/** A package of the base, combo or complementary section: name, price per year, features and the buttons. */
export function PackageCard({ pkg, now, buy, highlighted }: Props) {
  const offer = isOfferOn(pkg, now);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <article
      ref={ref}
      aria-labelledby={`paquete-${pkg.packageId}`}
      data-testid="package-card"
      aria-current={highlighted ? 'true' : undefined}
      className="package-card"
    >
      <div className="card-head">
        <h3 id={`paquete-${pkg.packageId}`} className="t-h6">
          {pkg.packageName}
        </h3>
        {offer && <span className="chip">{discountText(pkg)}</span>}
      </div>
      <p className="t-body2 t-muted card-description">{pkg.packageDescription}</p>
      <PriceBlock pkg={pkg} now={now} />
      <SummaryBlock html={pkg.summaryHtml} className="card-summary" />
      <div className="card-features">
        <FeatureList pkg={pkg} />
      </div>
      <BuyButtons pkg={pkg} buy={buy} />
    </article>
  );
}
