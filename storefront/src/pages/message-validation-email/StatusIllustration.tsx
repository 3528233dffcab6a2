import { useTheme } from '@mui/material/styles';
import type { MessageTone } from './message';

/** A shield with a check, an exclamation or a cross, in the tone's colour (decorative). */
export function StatusIllustration({ tone }: { tone: Exclude<MessageTone, 'mail'> }) {
  const { palette } = useTheme();
  const colour = tone === 'success' ? palette.success.main : tone === 'warning' ? palette.warning.main : palette.error.main;
  return (
    <svg width="200" height="150" viewBox="0 0 200 150" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="138" rx="70" ry="8" fill={palette.action.hover} />
      <path d="M100 12l52 18v38c0 34-22 56-52 66-30-10-52-32-52-66V30z" fill={palette.background.paper} stroke={palette.primary.main} strokeWidth="4" />
      <circle cx="100" cy="70" r="30" fill={colour} />
      {tone === 'success' && <path d="M86 70l10 10 19-20" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />}
      {tone === 'warning' && (
        <g stroke="#fff" strokeWidth="6" strokeLinecap="round">
          <path d="M100 55v18" />
          <path d="M100 86v0.5" />
        </g>
      )}
      {tone === 'error' && <path d="M89 59l22 22M111 59l-22 22" stroke="#fff" strokeWidth="6" strokeLinecap="round" />}
    </svg>
  );
}
