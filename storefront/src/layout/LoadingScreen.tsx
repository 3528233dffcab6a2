import { Spinner } from './Spinner';

/** Whole-page loading state (before the brand is known). */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="loading-screen">
      <Spinner />
      <p>{label}</p>
    </div>
  );
}
