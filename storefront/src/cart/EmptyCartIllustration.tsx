import { useTheme } from '@mui/material/styles';

/** An empty shopping cart in the brand's colours (decorative). */
export function EmptyCartIllustration() {
  const { palette } = useTheme();
  return (
    <svg width="180" height="130" viewBox="0 0 180 130" aria-hidden="true" focusable="false">
      <ellipse cx="92" cy="120" rx="70" ry="7" fill={palette.action.hover} />
      <path d="M20 24h20l16 62h78l14-46H48" fill="none" stroke={palette.primary.main} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="66" cy="104" r="9" fill={palette.primary.main} />
      <circle cx="126" cy="104" r="9" fill={palette.primary.main} />
      <path d="M78 54h44M84 68h32" stroke={palette.secondary.main} strokeWidth="5" strokeLinecap="round" opacity="0.8" />
    </svg>
  );
}
