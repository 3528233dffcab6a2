import { decodeClaims } from '@licencias/common/session';
import { useEffect } from 'react';
import { api, refresher } from '../api';
import { useAuth } from '../auth/auth-context';

/** Waits before trying the hub again when it cannot be reached (ms). */
const RETRY_DELAYS = [5_000, 15_000, 30_000, 60_000];

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Keeps the session hub connected while a signed-in visitor is on a guarded route: the server
 * pushes ReceiveSessionStatus when the session ends elsewhere, and a 401 from validatesession
 * means it has already ended. Both open the 'Aceptar' modal. The SignalR client is loaded only
 * here, so it is not part of the store's initial JavaScript.
 */
export function SessionHubConnector() {
  const { session, reportSessionEnded, registerHub } = useAuth();
  // One connection per session (the session id survives token renewals).
  const sessionId = session ? (decodeClaims(session.token)?.sid ?? session.refreshToken) : undefined;

  useEffect(() => {
    if (!sessionId) return;
    let disposed = false;
    let hub: Stoppable | undefined;
    let retry: number | undefined;

    const checkSession = async () => {
      try {
        const { response } = await api.POST('/api/user/validatesession', {});
        // Reported even if the visitor has left the guarded page meanwhile: the session is over.
        if (response.status === 401) reportSessionEnded(undefined);
      } catch (error) {
        console.warn('No fue posible validar la sesión', error);
      }
    };

    const later = (attempt: number) => {
      if (!disposed) retry = window.setTimeout(() => void connect(attempt + 1), RETRY_DELAYS[Math.min(attempt, RETRY_DELAYS.length - 1)]);
    };

    const connect = async (attempt: number) => {
      try {
        const { connectSessionHub } = await import('@licencias/common/session-hub');
        if (disposed) return;
        const connected = await connectSessionHub({
          api,
          refresher,
          // Also after this component is gone: the answer of validatesession can arrive late (its
          // 401 first clears the session, which unmounts this), and the session is over either way.
          onSessionEnded: (message) => reportSessionEnded(message),
          // Reconnection gave up (server restarted, network gone): start over later.
          onClosed: () => {
            hub = undefined;
            later(0);
          },
        });
        if (disposed) await connected.stop();
        else hub = connected;
      } catch (error) {
        if (disposed) return;
        console.warn('No fue posible conectar con el servicio de sesiones; se reintentará', error);
        // Without the hub, at least notice a session that has already ended.
        await checkSession();
        later(attempt);
      }
    };

    void connect(0);
    const unregister = registerHub(async () => {
      disposed = true;
      window.clearTimeout(retry);
      await hub?.stop();
    });
    return () => {
      disposed = true;
      window.clearTimeout(retry);
      unregister();
      void hub?.stop();
    };
  }, [sessionId, reportSessionEnded, registerHub]);

  return null;
}
