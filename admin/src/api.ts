import { createApiClient } from '@licencias/common/client';
import type { paths } from '@licencias/common/schema';
import { browserStorage, SessionStore } from '@licencias/common/session';
import createClient from 'openapi-fetch';
import { reportEndedSession } from './session/endedSession';

/** The application name the back office signs in to (Appname / AppName of the auth calls). */
export const APP_NAME = 'license';

/** The session of this tab (session storage); signing out clears session and local storage. */
const tabStorage = browserStorage('sessionStorage');
export const sessionStore = new SessionStore(tabStorage, [tabStorage, browserStorage('localStorage')]);

/**
 * The typed client of the whole contract with the session: bearer token, renewal of an expired
 * token, and one refresh-and-retry on 401/403 through a single in-flight refresh. `authFetch` is
 * the same pipeline for untyped calls (the resource API through ra-data-simple-rest). A refresh
 * that fails clears the session; the screens then sign out through react-admin's checkError.
 */
// A refresh the server refuses (401) means the session ended: the shell's modal says so.
export const { api, refresher, authFetch } = createApiClient({
  session: sessionStore,
  onSignedOut: () => reportEndedSession(undefined, 'REFRESH_REJECTED'),
});

/** Typed client without the session, for the calls that must not carry it (sign-in, sign-out, brand). */
export const publicApi = createClient<paths>({ baseUrl: '' });
