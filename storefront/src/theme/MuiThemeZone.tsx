import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useContext, useMemo, type ReactNode } from 'react';
import { BrandContext } from '../brand/brand-context';
import type { BrandPalette } from '../brand/types';
import { createBrandTheme } from './create-brand-theme';
import { NEUTRAL_PALETTE } from './palette';

const themes = new WeakMap<BrandPalette, Theme>();

/**
 * The brand's MUI theme for what renders below it: the pages, dialogs and popovers that use MUI.
 * A lazy chunk with MUI and emotion, so the store home and the shell start without them.
 */
export default function MuiThemeZone({ children }: { children: ReactNode }) {
  const palette = useContext(BrandContext)?.brand.theme.palette ?? NEUTRAL_PALETTE;
  const theme = useMemo(() => {
    let made = themes.get(palette);
    if (!made) themes.set(palette, (made = createBrandTheme(palette)));
    return made;
  }, [palette]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
