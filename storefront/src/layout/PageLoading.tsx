import { Spinner } from './Spinner';

/** Loading state inside the page frame (a page's code or data on its way). */
export function PageLoading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="page-loading">
      <Spinner />
      <p>{label}</p>
    </div>
  );
}
