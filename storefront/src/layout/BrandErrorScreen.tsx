import { ErrorScreen } from './ErrorScreen';

/** The brand could not be loaded: nothing can be shown without it, so offer a retry. */
export function BrandErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorScreen action="Reintentar" onAction={onRetry} maxWidth={480}>
      {message}
    </ErrorScreen>
  );
}
