import { lazy, Suspense, type ReactNode } from 'react';
import { themed } from '../theme/BrandMui';

/** MUI's alert and the brand's MUI theme load only when something fails. */
const ErrorAlert = lazy(themed(() => import('./ErrorAlert')));

/** A whole-page '¡Lo sentimos!' with what went wrong and the one way out (retry, reload). */
export function ErrorScreen(props: { children: ReactNode; action: string; onAction: () => void; maxWidth: number }) {
  return (
    <Suspense fallback={null}>
      <ErrorAlert {...props} />
    </Suspense>
  );
}
