import { lazy, useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { PageLoading } from '../layout/PageLoading';
import { CONFIGURATIONS_URL } from './paths';

const StoreHome = lazy(() => import('../store/StoreHome'));

/**
 * `/` without a token: the licence app falls back to the configurations screen of the back office
 * (another application, so a full page load); every other brand to the store home (the cart screen). A signed-in
 * customer of the licence app stays in the store: the back office would send it back here.
 */
export function RootFallback() {
  const { isLicenseApp } = useBrand();
  const { session, isStaff } = useAuth();
  const toBackOffice = isLicenseApp && (!session || isStaff);
  useEffect(() => {
    if (toBackOffice) window.location.replace(CONFIGURATIONS_URL);
  }, [toBackOffice]);
  if (toBackOffice) return <PageLoading label="Abriendo la configuración…" />;
  return <StoreHome />;
}
