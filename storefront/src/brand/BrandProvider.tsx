import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { messageOf } from '../api';
import { BrandErrorScreen } from '../layout/BrandErrorScreen';
import { LoadingScreen } from '../layout/LoadingScreen';
import { createBrandTheme, NEUTRAL_PALETTE } from '../theme/create-brand-theme';
import { BrandContext, type BrandContextValue } from './brand-context';
import { BrandHead } from './BrandHead';
import { loadStoreBrand, type StoreBrand } from './resolve-brand';
import { LICENSE_APP } from './types';

type BrandState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: StoreBrand };

const LOAD_FAILED = 'No fue posible cargar la tienda. Verifica tu conexión e inténtalo de nuevo.';

/**
 * Resolves the brand of the page (name and tenant from the page headers, then the theme and
 * parameters from the API), shows a loading state meanwhile, and themes everything below it.
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<BrandState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadStoreBrand()
      .then((value) => !cancelled && setState({ status: 'ready', value }))
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ status: 'error', message: messageOf(error, LOAD_FAILED) });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const palette = state.status === 'ready' ? state.value.brand.theme.palette : NEUTRAL_PALETTE;
  const theme = useMemo(() => createBrandTheme(palette), [palette]);
  const context = useMemo<BrandContextValue | null>(
    () =>
      state.status === 'ready'
        ? { brand: state.value.brand, parameters: state.value.parameters, isLicenseApp: state.value.brand.appName.toLowerCase() === LICENSE_APP }
        : null,
    [state],
  );

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {state.status === 'loading' && <LoadingScreen label="Cargando la tienda…" />}
      {state.status === 'error' && <BrandErrorScreen message={state.message} onRetry={retry} />}
      {context && (
        <BrandContext value={context}>
          <BrandHead brand={context.brand} />
          {children}
        </BrandContext>
      )}
    </ThemeProvider>
  );
}
