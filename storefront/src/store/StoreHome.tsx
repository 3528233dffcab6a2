import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { messageOf } from '../api';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { Icon } from '../theme/icons';
import { type StorePackage, loadStorePackages, matchesPackageParam, nextOfferEnd, sectionsOf } from './catalogue';
import { OfferCard } from './OfferCard';
import { OffersCarousel } from './OffersCarousel';
import { PackageCard } from './PackageCard';
import { StoreSkeleton } from './StoreSkeleton';
import { useBuy } from './use-buy';
import { useNowAt } from './use-now';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; packages: StorePackage[] };

function Section({ title, packages, children }: { title: string; packages: StorePackage[]; children: (pkg: StorePackage) => ReactNode }) {
  if (packages.length === 0) return null;
  const id = `seccion-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="store-section">
      <h2 id={id} className="t-h5">
        {title}
      </h2>
      <div className="card-grid">
        {packages.map((pkg) => (
          <div key={pkg.packageId}>{children(pkg)}</div>
        ))}
      </div>
    </section>
  );
}

/**
 * The store home of a brand (store §2; `/cart`, `/cart/{packageId}` and `/` where the brand has no
 * landing page): the offers carousel, then base, combo and complementary packages. A packageId
 * names the card to show first. Plain elements and CSS (`theme/store.css`), no MUI: the home is
 * the store's first page, interactive before MUI and emotion load (they come with the cart modal,
 * the popovers and the alerts).
 */
export default function StoreHome() {
  const { brand } = useBrand();
  const { session } = useAuth();
  const { packageId } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const buy = useBuy();
  const signedIn = session !== undefined;

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadStorePackages(brand.appName).then(
      // The cards render as a transition: React yields to the browser between them (no long task).
      (packages) => current && startTransition(() => setState({ status: 'done', packages })),
      (error: unknown) => current && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
    // A customer signing in may be offered private packages.
  }, [brand.appName, signedIn, attempt]);

  const packages = state.status === 'done' ? state.packages : undefined;
  // The sections change when an offer ends: the page renders again at that instant (the countdowns
  // tick by themselves every second), groups again, and reads the prices again.
  const offerEnd = useMemo(() => (packages ? nextOfferEnd(packages) : undefined), [packages]);
  const now = useNowAt(offerEnd);
  const ended = offerEnd !== undefined && now.getTime() >= offerEnd.getTime();
  useEffect(() => {
    if (ended) setAttempt((n) => n + 1);
  }, [ended]);
  const sections = useMemo(() => (packages ? sectionsOf(packages) : undefined), [packages, ended]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    // At least a screen tall, so the footer does not jump when the packages replace the skeleton.
    <div className="store-home">
      <h1 className="store-title">Planes y precios de {brand.title}</h1>
      <p className="store-intro">Elige el plan que se ajusta a tu empresa. Precios en pesos colombianos con IVA incluido.</p>
      {state.status === 'loading' && <StoreSkeleton />}
      {state.status === 'error' && (
        <div role="alert" className="alert-error">
          <Icon name="error" />
          <div className="alert-error-message">{state.message}</div>
          <div className="alert-error-action">
            <button type="button" className="btn btn-small" onClick={reload}>
              Reintentar
            </button>
          </div>
        </div>
      )}
      {sections && packages?.length === 0 && (
        <div role="status" className="store-empty">
          <p className="t-h6">No hay paquetes disponibles en este momento.</p>
          <p className="t-muted">Vuelve pronto: estamos preparando nuevos planes para ti.</p>
        </div>
      )}
      {sections && sections.offers.length > 0 && (
        <section aria-labelledby="seccion-ofertas" className="offers">
          <h2 id="seccion-ofertas" className="t-h5">
            Ofertas
          </h2>
          <OffersCarousel label="Carrusel de ofertas">
            {sections.offers.map((pkg, index) => (
              <OfferCard key={pkg.packageId} pkg={pkg} now={now} buy={buy} first={index === 0} />
            ))}
          </OffersCarousel>
        </section>
      )}
      {sections && (
        <>
          <Section title="Planes base" packages={sections.base}>
            {(pkg) => <PackageCard pkg={pkg} now={now} buy={buy} highlighted={matchesPackageParam(pkg, packageId)} />}
          </Section>
          <Section title="Combos" packages={sections.combo}>
            {(pkg) => <PackageCard pkg={pkg} now={now} buy={buy} highlighted={matchesPackageParam(pkg, packageId)} />}
          </Section>
          <Section title="Paquetes complementarios" packages={sections.complementary}>
            {(pkg) => <PackageCard pkg={pkg} now={now} buy={buy} highlighted={matchesPackageParam(pkg, packageId)} />}
          </Section>
        </>
      )}
    </div>
  );
}
