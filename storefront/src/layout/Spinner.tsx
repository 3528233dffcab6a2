/** MUI's CircularProgress drawn with plain SVG and CSS (`theme/store.css`), for the plain shell. */
export function Spinner({ className = 'spinner' }: { className?: string }) {
  return (
    <svg className={className} viewBox="22 22 44 44" aria-hidden="true" focusable="false">
      <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
    </svg>
  );
}
