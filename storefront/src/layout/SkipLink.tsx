/** Keyboard users jump over the header to the page (visible only when focused). */
export function SkipLink({ target }: { target: string }) {
  return (
    <a href={`#${target}`} className="skip-link">
      Saltar al contenido
    </a>
  );
}
