import type { TokenClaims } from '@licencias/common/claims';
import type { StoredSession } from '@licencias/common/session';
import { createContext, useContext } from 'react';
import type { LoginToken } from './login-token';

export interface AuthContextValue {
  session: StoredSession | undefined;
  claims: TokenClaims | undefined;
  /** Back-office staff (APPS claim LICENSE). */
  isStaff: boolean;
  /** Signs in at the brand's application; throws an ApiError with the message to show. */
  signIn(userName: string, password: string): Promise<TokenClaims | undefined>;
  /** Signs in with the parameter of a link (already decoded). */
  signInWithToken(login: LoginToken): void;
  /** Revokes the session (RevokeToken, Quantity 1) and clears both browser storages. */
  signOut(): Promise<void>;
  /**
   * The server ended the session (session hub or validatesession): the message to show in the
   * 'Aceptar' modal, or undefined while the session has not been ended by the server.
   */
  endedMessage: string | undefined;
  reportSessionEnded(message: string | undefined): void;
  /** Accepting the modal: clears every storage (the caller goes to /). */
  acknowledgeSessionEnded(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth fuera de AuthProvider');
  return value;
}
