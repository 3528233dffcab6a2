import { decodeClaims, isStaff } from '@licencias/common/claims';
import type { StoredSession } from '@licencias/common/session';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, call, MESSAGES, onSignedOut, publicApi, sessionMonitor, sessionStore } from '../api';
import { sessionStorageArea } from '../api/storage';
import { useBrand } from '../brand/brand-context';
import { AuthContext, type AuthContextValue } from './auth-context';
import { storeLoginParameters, type LoginToken } from './login-token';

const LOGIN_FAILED = 'No fue posible iniciar sesión. Por favor intenta nuevamente.';

/** Sign-in state of the store, over the session kept in session storage. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { brand } = useBrand();
  const [session, setSession] = useState<StoredSession | undefined>(() => sessionStore.get());
  const [endedMessage, setEndedMessage] = useState<string>();
  // From the start of a sign-out until the next sign-in, the server's "session ended" push (our
  // own logout) is not news.
  const signingOut = useRef(false);

  useEffect(() => {
    const unsubscribe = sessionStore.subscribe(setSession);
    // Children's effects run first (a sign-in link signs in on mount): catch up with them.
    setSession(sessionStore.get());
    return unsubscribe;
  }, []);
  // The session could not be renewed (refresh answered 401): it is over, as if the server had said so.
  useEffect(
    () =>
      onSignedOut(() => {
        if (!signingOut.current) setEndedMessage(MESSAGES.sessionEnded);
      }),
    [],
  );

  const claims = useMemo(() => (session ? decodeClaims(session.token) : undefined), [session]);

  const signIn = useCallback(
    async (userName: string, password: string) => {
      const name = userName.trim();
      const data = await call(
        publicApi.POST('/api/Login/Authenticate', { body: { UserName: name, Password: password, Appname: brand.appName } }),
        LOGIN_FAILED,
      );
      if (!data.result?.token || !data.result.refreshToken) throw new ApiError(LOGIN_FAILED, 200);
      signingOut.current = false;
      setEndedMessage(undefined);
      storeLoginParameters(sessionStorageArea);
      sessionStore.set({ token: data.result.token, refreshToken: data.result.refreshToken, userName: name, appName: brand.appName });
      return decodeClaims(data.result.token);
    },
    [brand.appName],
  );

  const signInWithToken = useCallback(
    (login: LoginToken) => {
      signingOut.current = false;
      setEndedMessage(undefined);
      sessionStore.set({ token: login.token, refreshToken: login.refreshToken, userName: login.userName, appName: brand.appName });
      storeLoginParameters(sessionStorageArea, login.parameters);
    },
    [brand.appName],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    const current = sessionStore.get();
    await sessionMonitor.stop();
    if (current) {
      try {
        const { response } = await publicApi.PUT('/api/login/RevokeToken', {
          body: { UserName: current.userName, Quantity: 1, AppName: current.appName, RefreshToken: current.refreshToken },
        });
        // 401: the session had already ended. Anything else is only logged: the visitor asked to
        // leave, so the session is dropped from this browser either way.
        if (!response.ok && response.status !== 401) console.warn(`RevokeToken respondió ${response.status}`);
      } catch (error) {
        console.warn('No fue posible revocar la sesión en el servidor', error);
      }
    }
    sessionStore.clear();
  }, []);

  const reportSessionEnded = useCallback((message: string | undefined) => {
    if (signingOut.current) return;
    setEndedMessage(message?.trim() || MESSAGES.sessionEnded);
  }, []);

  const acknowledgeSessionEnded = useCallback(() => {
    signingOut.current = true;
    sessionStore.clear();
    setEndedMessage(undefined);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      claims,
      isStaff: isStaff(claims),
      signIn,
      signInWithToken,
      signOut,
      endedMessage,
      reportSessionEnded,
      acknowledgeSessionEnded,
    }),
    [session, claims, signIn, signInWithToken, signOut, endedMessage, reportSessionEnded, acknowledgeSessionEnded],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
