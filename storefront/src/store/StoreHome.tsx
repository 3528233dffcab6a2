import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { messageOf } from '../api';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { type StorePackage, loadStorePackages, matchesPackageParam, nextOfferEnd, sectionsOf } from './catalogue';
import { OfferCard } from './OfferCard';
import { OffersCarousel } from './OffersCarousel';
import { PackageCard } from './PackageCard';
import { StoreSkeleton } from './StoreSkeleton';
import { useBuy } from './use-buy';
import { useNow } from './use-now';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; packages: StorePackage[] };

function Section({ title, packages, children }: { title: string; packages: StorePackage[]; children: (pkg: StorePackage) => ReactNode }) {
  if (packages.length === 0) return null;
  const id = `seccion-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {packages.map((pkg) => (
          <Box key={pkg.packageId}>{children(pkg)}</Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The store home of a brand (store §2; `/cart`, `/cart/{packageId}` and `/` where the brand has no
 * landing page): the offers carousel, then base, combo and complementary packages. A packageId
 * names the card to show first.
 */
export default function StoreHome() {
  const { brand } = useBrand();
  const { session } = useAuth();
  const { packageId } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const now = useNow();
  const buy = useBuy();
  const signedIn = session !== undefined;

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadStorePackages(brand.appName).then(
      (packages) => current && setState({ status: 'done', packages }),
      (error: unknown) => current && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
    // A customer signing in may be offered private packages.
  }, [brand.appName, signedIn, attempt]);

  const packages = state.status === 'done' ? state.packages : undefined;
  // The sections change when an offer ends: group again at that instant, and read the prices again.
  const offerEnd = useMemo(() => (packages ? nextOfferEnd(packages) : undefined), [packages]);
  const ended = offerEnd !== undefined && now.getTime() >= offerEnd.getTime();
  useEffect(() => {
    if (ended) setAttempt((n) => n + 1);
  }, [ended]);
  const sections = useMemo(() => (packages ? sectionsOf(packages) : undefined), [packages, ended]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    // At least a screen tall, so the footer does not jump when the packages replace the skeleton.
    <Box sx={{ minHeight: '100vh' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Planes y precios de {brand.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Elige el plan que se ajusta a tu empresa. Precios en pesos colombianos con IVA incluido.
      </Typography>
      {state.status === 'loading' && <StoreSkeleton />}
      {state.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Reintentar
            </Button>
          }
        >
          {state.message}
        </Alert>
      )}
      {sections && packages?.length === 0 && (
        <Box role="status" sx={{ py: 8, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No hay paquetes disponibles en este momento.
          </Typography>
          <Typography color="text.secondary">Vuelve pronto: estamos preparando nuevos planes para ti.</Typography>
        </Box>
      )}
      {sections && sections.offers.length > 0 && (
        <Box component="section" aria-labelledby="seccion-ofertas">
          <Typography id="seccion-ofertas" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Ofertas
          </Typography>
          <OffersCarousel label="Carrusel de ofertas">
            {sections.offers.map((pkg, index) => (
              <OfferCard key={pkg.packageId} pkg={pkg} now={now} buy={buy} first={index === 0} />
            ))}
          </OffersCarousel>
        </Box>
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
    </Box>
  );
}
