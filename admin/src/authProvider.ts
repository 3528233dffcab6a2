import { decodeClaims, displayName, isExpired, privileges, type TokenClaims } from '@licencias/common/claims';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { canAccess, landingPath, mayUseBackOffice } from './access';
import { APP_NAME, publicApi, refresher, sessionStore } from './api';
import { messageFor, networkError } from './httpErrors';
import { endedSession } from './session/endedSession';
import { stopSessionMonitor } from './session/sessionMonitor';

export interface LoginParams {
  username: string;
  password: string;
  /** The page the user was sent away from, to return to when the new user may open it. */
  nextPathname?: string;
}

let signOutReason: string | undefined;

/** Why the app signed the user out by itself, for the sign-in page to say (an i18n key). */
export const lastSignOutReason = () => signOutReason;

const SENT_TO_STOREFRONT = 'licencias.admin.sentToStorefront';
const LOOP_WINDOW_MS = 10_000;

let leaving: Promise<never> | undefined;

/**
 * A token of another application on an admin path goes to the storefront (a full page load);
 * a customer with CUSTOMER_PORTAL stays, for its company's dashboards (issue 24).
 * When the storefront sent it straight back (the licence host's `/` opens the back office), the
 * second time signs out instead of bouncing between the two for ever.
 */
function sendToStorefront(): Promise<never> {
  // react-admin checks the session from several places at once: the calls after the first, in
  // the same page, wait for the same departure (they once read its mark as a loop and signed out).
  if (leaving) return leaving;
  const last = Number(window.sessionStorage.getItem(SENT_TO_STOREFRONT) ?? 0);
  if (Date.now() - last < LOOP_WINDOW_MS) {
    window.sessionStorage.removeItem(SENT_TO_STOREFRONT);
    signOutReason = 'app.auth.not_staff';
    return Promise.reject(new Error(signOutReason));
  }
  window.sessionStorage.setItem(SENT_TO_STOREFRONT, String(Date.now()));
  leaving = new Promise<never>(() => undefined);
  window.location.replace('/');
  return leaving;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** The claims of a current token: renewed first when the stored one has expired. */
async function currentClaims(): Promise<TokenClaims | undefined> {
  const session = sessionStore.get();
  if (!session) return undefined;
  if (!isExpired(session.token)) return decodeClaims(session.token);
  const token = await refresher.validToken();
  return token ? decodeClaims(token) : undefined;
}

export const authProvider: AuthProvider = {
  /** Authenticate in the licence app; the server's statusMessage is the error shown (401, 429). */
  async login({ username, password, nextPathname }: LoginParams) {
    let answer;
    try {
      answer = await publicApi.POST('/api/Login/Authenticate', { body: { UserName: username.trim(), Password: password, Appname: APP_NAME } });
    } catch (error) {
      throw networkError(error);
    }
    const { data, error, response } = answer;
    if (!data?.result) {
      // Wrong credentials (401) and throttling (429): the server's own words.
      const own = response.status === 401 || response.status === 429 ? error?.statusMessage : undefined;
      throw new Error(own || messageFor(response.status, error));
    }
    signOutReason = undefined;
    const { token, refreshToken } = data.result;
    const claims = decodeClaims(token);
    sessionStore.set({ token, refreshToken, userName: claims?.unique_name ?? username.trim(), appName: APP_NAME });
    if (!mayUseBackOffice(claims)) return sendToStorefront();
    return { redirectTo: landingPath(privileges(claims), nextPathname) ?? '/' };
  },

  /**
   * Stops the session hub (our own logout must not show the ended-session modal), revokes the
   * session (RevokeToken, Quantity 1), then clears both browser storages. Without a session
   * nothing is cleared: a visitor's storefront cart stays.
   */
  async logout() {
    await stopSessionMonitor();
    const session = sessionStore.get();
    if (!session) return;
    try {
      await publicApi.PUT('/api/login/RevokeToken', {
        body: { UserName: session.userName, Quantity: 1, AppName: session.appName, RefreshToken: session.refreshToken },
      });
    } catch {
      // Offline: the session still ends here; the server ends it when the refresh token expires.
    } finally {
      sessionStore.clear();
    }
  },

  async checkAuth() {
    const claims = await currentClaims();
    if (!claims) throw new Error('ra.auth.auth_check_error');
    if (!mayUseBackOffice(claims)) return sendToStorefront();
  },

  /**
   * A 401 that survived the client's refresh-and-retry means the session is over. A 403 after a
   * successful refresh is a missing privilege (the screen shows it); after a failed refresh the
   * session is gone and the user signs out.
   */
  async checkError(error: unknown) {
    const status = statusOf(error);
    // The ended-session modal is up: its 'Aceptar' signs out, so react-admin must not leave first.
    if (status === 401 && endedSession.get()) return;
    if (status === 401 || (status === 403 && !sessionStore.get())) {
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const claims = sessionStore.claims();
    if (!claims) throw new Error('ra.auth.auth_check_error');
    return { id: claims.sub, fullName: displayName(claims) };
  },

  async getPermissions() {
    return privileges(sessionStore.claims());
  },

  async canAccess({ resource, action }) {
    return canAccess(sessionStore.claims(), resource, action);
  },
};
