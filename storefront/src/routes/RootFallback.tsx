import { lazy, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { PageLoading } from '../layout/PageLoading';
import { landingTarget } from '../store/landing';
import { CONFIGURATIONS_URL } from './paths';

const StoreHome = lazy(() => import('../store/StoreHome'));

/**
 * `/` without a token: the licence app falls back to the configurations screen of the back office
 * (another application, so a full page load). colnomina, firmaya, {product} and bemyself go to the
 * landing page of their application parameters (store §2); every other brand shows the store home
 * (the cart screen). A signed-in customer of the licence app stays in the store: the back office
 * would send it back here.
 */
export function RootFallback() {
  const { brand, parameters, isLicenseApp } = useBrand();
  const { session, isStaff } = useAuth();
  const toBackOffice = isLicenseApp && (!session || isStaff);
  const landing = isLicenseApp ? undefined : landingTarget(brand, parameters.urlsFromBack.urlLandingPage, window.location.origin);
  const elsewhere = landing?.kind === 'url' ? landing.url : undefined;
  useEffect(() => {
    if (toBackOffice) window.location.replace(CONFIGURATIONS_URL);
    else if (elsewhere) window.location.replace(elsewhere);
  }, [toBackOffice, elsewhere]);
  if (toBackOffice) return <PageLoading label="Abriendo la configuración…" />;
  if (landing?.kind === 'path') return <Navigate to={landing.path} replace />;
  if (elsewhere) return <PageLoading label="Abriendo la página de inicio…" />;
  return <StoreHome />;
}
