import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { themed } from '../theme/BrandMui';

const SessionEndedDialog = lazy(themed(() => import('./SessionEndedDialog')));

/** Shows the 'Aceptar' modal when the server ends the session; accepting clears storage and goes to /. */
export function SessionEnded() {
  const { endedMessage, acknowledgeSessionEnded } = useAuth();
  const navigate = useNavigate();
  if (!endedMessage) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog
        message={endedMessage}
        onAccept={async () => {
          // To / first (committed at once), then clear: a guarded page must not send the
          // visitor to the sign-in page in between.
          await navigate('/', { replace: true, flushSync: true });
          acknowledgeSessionEnded();
        }}
      />
    </Suspense>
  );
}
