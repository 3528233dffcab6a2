import type { ApiClient, TokenRefresher } from './client.js';
import type { SessionStore } from './session.js';
import type { SessionHub, SessionHubOptions } from './session-hub.js';

/** Waits before connecting again after the hub could not be reached or closed for good (ms). */
export const HUB_RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 15_000, 30_000, 60_000];

/** The server ended the session: its message (none after a 401 of validatesession) and the reason. */
export type SessionEndedListener = (message: string | undefined, reason: string) => void;

export interface SessionMonitorOptions {
  api: ApiClient;
  refresher: TokenRefresher;
  session: SessionStore;
  retryDelaysMs?: readonly number[];
  /** Connects to the hub; by default the SignalR client, loaded on first use (not in the sign-in page's code). */
  connect?: (options: SessionHubOptions) => Promise<SessionHub>;
}

export interface SessionMonitor {
  /** Starts watching the stored session (nothing happens without one); a second start is ignored. */
  start(onEnded: SessionEndedListener): void;
  /** Stops watching (before the app's own sign-out, so that it is not reported as an ended session). */
  stop(): Promise<void>;
}

const loadHub: NonNullable<SessionMonitorOptions['connect']> = async (options) => (await import('./session-hub.js')).connectSessionHub(options);

/**
 * One session monitor for the back office and the storefront: keeps the session bound to the
 * session hub (SignalR at /api/connections/session, GetConnectionId → validatesession), reports
 * ReceiveSessionStatus and a 401 of validatesession as the end of the session, and while the hub
 * cannot be reached still checks the session with validatesession and tries again later
 * (HUB_RETRY_DELAYS_MS). Reports belong to the start that asked for them: nothing is reported
 * after stop().
 */
export function createSessionMonitor(options: SessionMonitorOptions): SessionMonitor {
  const delays = options.retryDelaysMs ?? HUB_RETRY_DELAYS_MS;
  const connectHub = options.connect ?? loadHub;
  let listener: SessionEndedListener | undefined;
  let generation = 0;
  let attempt = 0;
  let hub: SessionHub | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const current = (gen: number) => gen === generation && listener !== undefined;

  const ended = (gen: number, message: string | undefined, reason: string) => {
    if (!current(gen)) return;
    const report = listener;
    void stop();
    report?.(message, reason);
  };

  const validateWithoutHub = async (): Promise<number | undefined> => {
    try {
      const { response } = await options.api.POST('/api/user/validatesession', {});
      return response.status;
    } catch {
      return undefined;
    }
  };

  const scheduleRetry = (gen: number) => {
    const delay = delays[Math.min(attempt, delays.length - 1)];
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (current(gen)) void connect(gen);
    }, delay);
  };

  const connect = async (gen: number): Promise<void> => {
    if (!options.session.get()) return;
    try {
      const connected = await connectHub({
        api: options.api,
        refresher: options.refresher,
        onSessionEnded: (message, reason) => ended(gen, message, reason),
        onClosed: () => {
          if (!current(gen)) return;
          hub = undefined;
          scheduleRetry(gen);
        },
      });
      if (!current(gen)) {
        await connected.stop();
        return;
      }
      hub = connected;
      attempt = 0;
    } catch (error) {
      if (!current(gen)) return;
      // Without the hub, at least notice a session that has already ended.
      const status = await validateWithoutHub();
      if (!current(gen)) return;
      if (status === 401) {
        ended(gen, undefined, 'INVALID');
        return;
      }
      console.warn('No fue posible conectar con el servicio de sesiones; se reintentará.', error);
      scheduleRetry(gen);
    }
  };

  const stop = async () => {
    listener = undefined;
    generation += 1;
    clearTimeout(retryTimer);
    const open = hub;
    hub = undefined;
    await open?.stop().catch(() => undefined);
  };

  return {
    start(onEnded) {
      if (listener) return;
      listener = onEnded;
      attempt = 0;
      void connect(++generation);
    },
    stop,
  };
}
