import { useTheme } from '@mui/material/styles';

/** An envelope with a check mark in the brand's colours (decorative). */
export function MailIllustration() {
  const { palette } = useTheme();
  return (
    <svg width="200" height="150" viewBox="0 0 200 150" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="138" rx="78" ry="8" fill={palette.action.hover} />
      <rect x="30" y="34" width="140" height="94" rx="12" fill={palette.background.paper} stroke={palette.primary.main} strokeWidth="4" />
      <path d="M34 42l66 50 66-50" fill="none" stroke={palette.primary.main} strokeWidth="4" strokeLinejoin="round" />
      <path d="M34 122l46-38M166 122l-46-38" fill="none" stroke={palette.primary.main} strokeWidth="3" opacity="0.5" />
      <circle cx="156" cy="36" r="24" fill={palette.secondary.main} />
      <path d="M145 36l8 8 15-16" fill="none" stroke={palette.secondary.contrastText} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
