import { createApiClient, type ApiClient } from '@licencias/common/client';
import { memoryStorage, SessionStore } from '@licencias/common/session';
import { createSessionMonitor } from '@licencias/common/session-monitor';
import { localStorageArea, sessionStorageArea } from './storage';

/** The signed-in session: session storage; signing out clears session and local storage. */
export const sessionStore = new SessionStore(sessionStorageArea, [sessionStorageArea, localStorageArea]);

const signedOutListeners = new Set<() => void>();

/** Called when the session could not be renewed (the refresh answered 401): the store signed out. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const client = createApiClient({
  session: sessionStore,
  onSignedOut: () => {
    for (const listener of signedOutListeners) listener();
  },
});

/**
 * The typed client of the contract with the session: JSON content type, `Authorization: Bearer`,
 * renewal of an expired token first, and on 401/403 one refresh and one retry.
 */
export const api: ApiClient = client.api;
/** Single-flight token renewal, shared with the session hub. */
export const refresher = client.refresher;

/** The session hub's watch over the session, while a signed-in visitor is on a guarded route. */
export const sessionMonitor = createSessionMonitor({ api, refresher, session: sessionStore });

/**
 * The typed client without a session, for the public calls whose 401 is an answer and not an
 * expired token (sign-in, sign-out, brand and parameters): it never refreshes nor retries.
 */
export const publicApi: ApiClient = createApiClient({ session: new SessionStore(memoryStorage()) }).api;
