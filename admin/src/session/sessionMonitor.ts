import { createSessionMonitor } from '@licencias/common/session-monitor';
import { api, refresher, sessionStore } from '../api';
import { reportEndedSession, setShellOpen } from './endedSession';

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
  setShellOpen(true);
  monitor.start(reportEndedSession);
}

/** Stops listening (before signing out, so that our own logout is not reported as an ended session). */
export function stopSessionMonitor(): Promise<void> {
  setShellOpen(false);
  return monitor.stop();
}
