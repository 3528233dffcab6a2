import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';

/**
 * A page failed to load or to render (often a new version was deployed and an old chunk is gone):
 * reloading fetches the current version.
 */
export function RouteErrorView() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <ErrorScreen action="Recargar" onAction={() => window.location.reload()} maxWidth={520}>
      No fue posible mostrar esta página. Recarga la página para intentarlo de nuevo.
    </ErrorScreen>
  );
}
