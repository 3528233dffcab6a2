import { decodeClaims } from '@licencias/common/claims';
import { useEffect } from 'react';
import { sessionMonitor } from '../api';
import { useAuth } from '../auth/auth-context';

/**
 * Keeps the session hub connected while a signed-in visitor is on a guarded route
 * (@licencias/common/session-monitor): the server pushes ReceiveSessionStatus when the session
 * ends elsewhere, and a 401 from validatesession means it has already ended. Both open the
 * 'Aceptar' modal. The SignalR client loads only then, outside the store's initial JavaScript.
 */
export function SessionHubConnector() {
  const { session, reportSessionEnded } = useAuth();
  // One connection per session (the session id survives token renewals).
  const sessionId = session ? (decodeClaims(session.token)?.sid ?? session.refreshToken) : undefined;

  useEffect(() => {
    if (!sessionId) return;
    sessionMonitor.start((message) => reportSessionEnded(message));
    return () => {
      void sessionMonitor.stop();
    };
  }, [sessionId, reportSessionEnded]);

  return null;
}
