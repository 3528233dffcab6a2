import { useTheme } from '@mui/material/styles';

/** A signpost in the brand's colours (decorative). */
export function NotFoundIllustration() {
  const { palette } = useTheme();
  return (
    <svg width="180" height="140" viewBox="0 0 180 140" aria-hidden="true" focusable="false">
      <ellipse cx="90" cy="128" rx="70" ry="8" fill={palette.action.hover} />
      <rect x="84" y="30" width="12" height="98" rx="4" fill={palette.text.secondary} opacity="0.5" />
      <path d="M40 26h84l18 16-18 16H40z" fill={palette.primary.main} />
      <path d="M140 66H58L40 82l18 16h82z" fill={palette.secondary.main} />
      <text x="84" y="48" textAnchor="middle" fontSize="18" fontWeight="700" fill={palette.primary.contrastText} fontFamily="inherit">
        404
      </text>
      <text x="98" y="88" textAnchor="middle" fontSize="14" fontWeight="700" fill={palette.secondary.contrastText} fontFamily="inherit">
        ¿?
      </text>
    </svg>
  );
}
