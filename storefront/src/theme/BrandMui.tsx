import type { ComponentType } from 'react';

/**
 * A lazy component that uses MUI (a page, a dialog, a popover, an alert): its chunk and the brand's
 * MUI theme (`MuiThemeZone`, with MUI and emotion) load together, the first time it shows, and it
 * renders inside that theme. The plain shell and the store home start without MUI.
 * For `lazy(themed(() => import('./Page')))`.
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
