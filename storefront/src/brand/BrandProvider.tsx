import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { messageOf } from '../api';
import { BrandErrorScreen } from '../layout/BrandErrorScreen';
import { LoadingScreen } from '../layout/LoadingScreen';
import { applyPalette, NEUTRAL_PALETTE } from '../theme/palette';
import { BrandContext, type BrandContextValue } from './brand-context';
import { BrandHead } from './BrandHead';
import { loadStoreBrand, type StoreBrand } from './resolve-brand';
import { LICENSE_APP } from './types';

type BrandState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: StoreBrand };

const LOAD_FAILED = 'No fue posible cargar la tienda. Verifica tu conexión e inténtalo de nuevo.';

/**
 * Resolves the brand of the page (name and tenant from the page headers, then the theme and
 * parameters from the API), shows a loading state meanwhile, and themes everything below it: the
 * palette as CSS custom properties on the page (the plain shell and home); the pages, dialogs and
 * popovers that use MUI take the brand's MUI theme where they load (`theme/BrandMui`).
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<BrandState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadStoreBrand()
      // The whole store renders with the brand: as a transition, so React yields to the browser
      // every few milliseconds instead of blocking it in one long task.
      .then((value) => !cancelled && startTransition(() => setState({ status: 'ready', value })))
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
  // Before the first paint with the brand, so nothing shows in the neutral colours.
  useLayoutEffect(() => applyPalette(palette), [palette]);
  const context = useMemo<BrandContextValue | null>(
    () =>
      state.status === 'ready'
        ? { brand: state.value.brand, parameters: state.value.parameters, isLicenseApp: state.value.brand.appName.toLowerCase() === LICENSE_APP }
        : null,
    [state],
  );

  return (
    <>
      {state.status === 'loading' && <LoadingScreen label="Cargando la tienda…" />}
      {state.status === 'error' && <BrandErrorScreen message={state.message} onRetry={retry} />}
      {context && (
        <BrandContext value={context}>
          <BrandHead brand={context.brand} />
          {children}
        </BrandContext>
      )}
    </>
  );
}
