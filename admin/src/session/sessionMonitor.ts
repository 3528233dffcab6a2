import type { SessionHub } from '@licencias/common/session-hub';
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

function setEnded(next: EndedSession | undefined) {
  ended = next;
  for (const listener of listeners) listener();
}

/** Clears every browser storage and leaves for the storefront with a full page load. */
export function leaveToStorefront(): void {
  sessionStore.clear();
  window.location.assign('/');
}

const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

let active = false;
let generation = 0;
let attempt = 0;
let hub: SessionHub | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Keeps the tab's session bound to the session hub while the back office is open: the official
 * SignalR client connects to /api/connections/session, GetConnectionId → validatesession binds
 * the connection, and ReceiveSessionStatus ends the session in the app. When the hub cannot be
 * reached the session is still checked with validatesession, and the connection is retried.
 */
export function startSessionMonitor(): void {
  if (active) return;
  active = true;
  attempt = 0;
  void connect(++generation);
}

/** Stops listening (before signing out, so that our own logout is not reported as an ended session). */
export async function stopSessionMonitor(): Promise<void> {
  active = false;
  generation++;
  clearTimeout(retryTimer);
  const current = hub;
  hub = undefined;
  await current?.stop().catch(() => undefined);
}

async function connect(gen: number): Promise<void> {
  if (!sessionStore.get()) return;
  try {
    // The SignalR client loads after sign-in: the sign-in page does not need it.
    const { connectSessionHub } = await import('@licencias/common/session-hub');
    if (gen !== generation) return;
    const connected = await connectSessionHub({
      api,
      refresher,
      onSessionEnded: (message, reason) => {
        if (gen === generation) void sessionEnded(message, reason);
      },
      onClosed: () => {
        if (gen !== generation) return;
        hub = undefined;
        scheduleRetry(gen);
      },
    });
    if (gen !== generation) {
      await connected.stop();
      return;
    }
    hub = connected;
    attempt = 0;
  } catch (error) {
    if (gen !== generation) return;
    const status = await validateWithoutHub();
    if (gen !== generation) return;
    if (status === 401) {
      void sessionEnded(undefined, 'INVALID');
      return;
    }
    console.warn('No fue posible conectar con el servicio de sesiones; se reintentará.', error);
    scheduleRetry(gen);
  }
}

async function validateWithoutHub(): Promise<number | undefined> {
  try {
    const { response } = await api.POST('/api/user/validatesession', {});
    return response.status;
  } catch {
    return undefined;
  }
}

function scheduleRetry(gen: number) {
  const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
  attempt++;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (gen === generation) void connect(gen);
  }, delay);
}

/**
 * The server ended the session: its message is shown in a modal whose 'Aceptar' clears the
 * storages and goes to /. A 401 from validatesession carries no message: the modal says the
 * session ended (the storefront does the same).
 */
async function sessionEnded(message: string | undefined, reason: string) {
  await stopSessionMonitor();
  setEnded({ message: message?.trim() || MESSAGES.sessionEnded, reason });
}
