import { createTheme, type Theme } from '@mui/material/styles';
import type { BrandPalette } from '../brand/types';
import { FONT_STACK } from './fonts';

/** The MUI theme of a brand palette (orange, light and dark variants all come as palettes). */
export function createBrandTheme(palette: BrandPalette): Theme {
  const dark = palette.mode === 'dark';
  return createTheme({
    palette: {
      mode: palette.mode,
      primary: { main: palette.primary },
      secondary: { main: palette.secondary },
      background: { default: palette.background, paper: palette.surface },
      text: { primary: palette.text },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.6rem', fontWeight: 700 },
    },
    components: {
      // The header keeps the brand colour in dark themes too.
      MuiAppBar: { defaultProps: { enableColorOnDark: true } },
      // No elevation overlay: surfaces show the brand's surface colour as given.
      MuiPaper: { styleOverrides: { root: dark ? { backgroundImage: 'none' } : {} } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'flex-start' } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
