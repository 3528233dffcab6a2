import type { BrandPalette } from '../brand/types';

/** A neutral palette for the moments before the brand is known (loading, brand failure). */
export const NEUTRAL_PALETTE: BrandPalette = {
  mode: 'light',
  primary: '#455a64',
  secondary: '#78909c',
  background: '#f6f7fb',
  surface: '#ffffff',
  text: '#1f2933',
};

/** WCAG relative luminance of a #rgb or #rrggbb colour (undefined for anything else). */
function luminance(color: string): number | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The text colour on a coloured surface, as MUI's `getContrastText` chooses it (white from a contrast of 3). */
export function contrastText(background: string): string {
  const lum = luminance(background);
  if (lum === undefined) return '#fff';
  return (1 + 0.05) / (lum + 0.05) >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/**
 * The brand palette as the CSS custom properties of the store's plain (MUI-free) shell and home,
 * the same colours the MUI theme derives for the pages that load it.
 */
export function paletteVars(palette: BrandPalette): Record<string, string> {
  const dark = palette.mode === 'dark';
  return {
    '--primary': palette.primary,
    '--on-primary': contrastText(palette.primary),
    '--secondary': palette.secondary,
    '--on-secondary': contrastText(palette.secondary),
    '--bg': palette.background,
    '--paper': palette.surface,
    '--text': palette.text,
    '--text-2': dark ? 'rgba(255, 255, 255, 0.7)' : 'rgba(0, 0, 0, 0.6)',
    '--divider': dark ? 'rgba(255, 255, 255, 0.12)' : 'rgba(0, 0, 0, 0.12)',
    '--disabled': dark ? 'rgba(255, 255, 255, 0.3)' : 'rgba(0, 0, 0, 0.26)',
    '--disabled-bg': dark ? 'rgba(255, 255, 255, 0.12)' : 'rgba(0, 0, 0, 0.12)',
    '--skeleton': dark ? 'rgba(255, 255, 255, 0.13)' : 'rgba(0, 0, 0, 0.11)',
  };
}

/** Puts the palette on the document's root element (the page's background and text too). */
export function applyPalette(palette: BrandPalette): void {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(paletteVars(palette))) style.setProperty(name, value);
  style.colorScheme = palette.mode;
}
