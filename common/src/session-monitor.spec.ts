import { jest } from '@jest/globals';
import type { ApiClient, TokenRefresher } from './client.js';
import { memoryStorage, SessionStore } from './session.js';
import type { SessionHub, SessionHubOptions } from './session-hub.js';
import { createSessionMonitor, HUB_RETRY_DELAYS_MS } from './session-monitor.js';

/** A hub that the test connects, fails or closes, and a validatesession answering `validateStatus`. */
function setup() {
  const session = new SessionStore(memoryStorage());
  session.set({ token: 't', refreshToken: 'r', userName: 'ana', appName: 'license' });
  const state = { validateStatus: 200, validations: 0, attempts: 0, fail: true, stopped: 0, hub: undefined as SessionHubOptions | undefined };
  const api = {
    POST: async () => {
      state.validations += 1;
      return { response: { status: state.validateStatus } };
    },
  } as unknown as ApiClient;
  const connect = async (options: SessionHubOptions): Promise<SessionHub> => {
    state.attempts += 1;
    if (state.fail) throw new Error('sin conexión');
    state.hub = options;
    return { connectionId: 'c', stop: async () => void (state.stopped += 1) };
  };
  const ended: [string | undefined, string][] = [];
  const monitor = createSessionMonitor({ api, refresher: {} as TokenRefresher, session, connect });
  return { monitor, state, ended, session, onEnded: (message: string | undefined, reason: string) => void ended.push([message, reason]) };
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('session monitor', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('uses one list of retry delays', () => {
    expect(HUB_RETRY_DELAYS_MS).toEqual([2000, 5000, 15000, 30000, 60000]);
  });

  it('checks the session without the hub and tries again after the delays', async () => {
    const { monitor, state, onEnded, ended } = setup();
    monitor.start(onEnded);
    await settle();
    expect(state).toMatchObject({ attempts: 1, validations: 1 });
    await jest.advanceTimersByTimeAsync(1999);
    expect(state.attempts).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.attempts).toBe(2);
    await jest.advanceTimersByTimeAsync(5000);
    expect(state.attempts).toBe(3);
    expect(ended).toEqual([]);
    await monitor.stop();
  });

  it('reports an ended session when validatesession answers 401, once, and stops trying', async () => {
    const { monitor, state, onEnded, ended } = setup();
    state.validateStatus = 401;
    monitor.start(onEnded);
    await settle();
    expect(ended).toEqual([[undefined, 'INVALID']]);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(state.attempts).toBe(1);
  });

  it("reports the server's message and reason pushed over the hub", async () => {
    const { monitor, state, onEnded, ended } = setup();
    state.fail = false;
    monitor.start(onEnded);
    await settle();
    state.hub?.onSessionEnded('Tu sesión fue cerrada desde otro equipo', 'LOGOUT_ALL');
    expect(ended).toEqual([['Tu sesión fue cerrada desde otro equipo', 'LOGOUT_ALL']]);
    expect(state.stopped).toBe(1);
  });

  it('connects again when the hub closes for good', async () => {
    const { monitor, state, onEnded } = setup();
    state.fail = false;
    monitor.start(onEnded);
    await settle();
    state.hub?.onClosed?.();
    await jest.advanceTimersByTimeAsync(2000);
    expect(state.attempts).toBe(2);
    await monitor.stop();
  });

  it('reports nothing after stop (the app signing out by itself)', async () => {
    const { monitor, state, onEnded, ended } = setup();
    state.fail = false;
    monitor.start(onEnded);
    await settle();
    const hub = state.hub;
    await monitor.stop();
    hub?.onSessionEnded('fin', 'LOGOUT');
    hub?.onClosed?.();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(ended).toEqual([]);
    expect(state.attempts).toBe(1);
    expect(state.stopped).toBe(1);
  });

  it('does nothing without a session, and ignores a second start', async () => {
    const { monitor, state, onEnded, session } = setup();
    session.clear();
    monitor.start(onEnded);
    monitor.start(onEnded);
    await settle();
    expect(state.attempts).toBe(0);
  });
});
