import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

const MuiThemeZone = lazy(() => import('./MuiThemeZone'));

/**
 * Something that uses MUI (a dialog, a popover, an alert) inside the plain shell: the brand's MUI
 * theme loads with it, the first time it shows. `fallback` is shown meanwhile (nothing by default).
 */
export function BrandMui({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <MuiThemeZone>{children}</MuiThemeZone>
    </Suspense>
  );
}

/**
 * A lazy page that uses MUI: its chunk and the MUI theme load together, and the page renders inside
 * the brand's theme. For `lazy(themed(() => import('./Page')))`.
 */
export function themed<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): () => Promise<{ default: ComponentType<P> }> {
  return async () => {
    const [{ default: Page }, { default: Zone }] = await Promise.all([load(), import('./MuiThemeZone')]);
    const Themed = (props: P) => (
      <Zone>
        <Page {...props} />
      </Zone>
    );
    Themed.displayName = `Themed(${Page.displayName ?? Page.name})`;
    return { default: Themed };
  };
}
