import { createSessionMonitor } from '@licencias/common/session-monitor';
import { api, refresher, sessionStore } from '../api';
import { MESSAGES } from '../httpErrors';

/** A session that the server ended while the back office was open. */
export interface EndedSession {
  message: string;
  reason: string;
}

let ended: EndedSession | undefined;
const listeners = new Set<() => void>();

/** External store of the ended session, read by the dialog with useSyncExternalStore. */
export const endedSession = {
  get: (): EndedSession | undefined => ended,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Clears every browser storage and leaves for the storefront with a full page load. */
export function leaveToStorefront(): void {
  sessionStore.clear();
  window.location.assign('/');
}

/** The tab's session bound to the session hub while the layout is mounted (@licencias/common/session-monitor). */
const monitor = createSessionMonitor({ api, refresher, session: sessionStore });

/**
 * The server ended the session: its message is shown in a modal whose 'Aceptar' clears the
 * storages and goes to /. A 401 from validatesession carries no message: the modal says the
 * session ended (the storefront does the same).
 */
export function startSessionMonitor(): void {
  monitor.start((message, reason) => {
    ended = { message: message?.trim() || MESSAGES.sessionEnded, reason };
    for (const listener of listeners) listener();
  });
}

/** Stops listening (before signing out, so that our own logout is not reported as an ended session). */
export const stopSessionMonitor = (): Promise<void> => monitor.stop();
