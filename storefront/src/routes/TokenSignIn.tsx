import { lazy, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { decodeLoginToken, isLoginTokenShaped } from '../auth/login-token';
import { PageLoading } from '../layout/PageLoading';
import { themed } from '../theme/BrandMui';
import { useNotify } from '../notifications/notifications-context';
import { PATHS } from './paths';

const NotFoundPage = lazy(themed(() => import('../pages/not-found/NotFoundPage')));

const INVALID_LINK = 'No hemos podido procesar el enlace de inicio de sesión. Por favor inicia sesión nuevamente.';

/**
 * `/{token}` and `/myplan/{token}`: signs in with the link's parameter and goes to /myplan when
 * the target holds "myplan", otherwise to /. A parameter shaped like a link's that does not decode
 * signs out; anything else (`/paquetes`) is an unknown address and shows the not-found view.
 */
export function TokenSignIn() {
  const { token = '' } = useParams();
  return isLoginTokenShaped(token) ? <SignInWithLink token={token} /> : <NotFoundPage />;
}

function SignInWithLink({ token }: { token: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signInWithToken, signOut } = useAuth();
  const notify = useNotify();
  const handled = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (handled.current === token) return;
    handled.current = token;
    const target = pathname.toLowerCase().includes('myplan') ? PATHS.myPlan : '/';
    const login = decodeLoginToken(token);
    if (login) {
      signInWithToken(login);
      void navigate(target, { replace: true });
      return;
    }
    void signOut().finally(() => {
      notify({ severity: 'warning', message: INVALID_LINK });
      void navigate(target, { replace: true });
    });
  }, [token, pathname, navigate, signInWithToken, signOut, notify]);

  return <PageLoading label="Iniciando sesión…" />;
}
