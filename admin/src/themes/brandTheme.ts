import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { BrandPalette } from '../brand';

/**
 * react-admin's default theme in the brand's colours (palette from GET /api/v1/brands/license,
 * variant by role). Dark brands start from the dark variant of the theme.
 */
export function brandTheme(palette: BrandPalette): RaThemeOptions {
  const base = palette.mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  return {
    ...base,
    palette: {
      ...base.palette,
      mode: palette.mode,
      primary: { main: palette.primary },
      secondary: { main: palette.secondary },
      background: { default: palette.background, paper: palette.surface },
      text: { primary: palette.text },
    },
    typography: {
      ...base.typography,
      fontFamily: ['Roboto', '"Segoe UI"', 'Helvetica', 'Arial', 'sans-serif'].join(','),
    },
    components: {
      ...base.components,
      // The specs' screen texts appear exactly as written ('Aceptar', 'Guardar Cambios'), not in capitals.
      MuiButton: { ...base.components?.MuiButton, styleOverrides: { ...base.components?.MuiButton?.styleOverrides, root: { textTransform: 'none' } } },
      MuiTab: { ...base.components?.MuiTab, styleOverrides: { ...base.components?.MuiTab?.styleOverrides, root: { textTransform: 'none' } } },
    },
  };
}
