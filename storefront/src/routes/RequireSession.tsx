import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { loginPath } from '../auth/return-path';

/**
 * Guarded routes: the session is read from session storage; without one the visitor goes to the
 * sign-in page, which brings them back afterwards.
 */
export function RequireSession() {
  const { session, endedMessage } = useAuth();
  const location = useLocation();
  if (session) return <Outlet />;
  // The 'Aceptar' modal is up: it decides where to go.
  if (endedMessage) return null;
  return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
}
