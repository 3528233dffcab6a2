import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { firstName } from '@licencias/common/claims';
import { LOGIN_PATH, loginPath } from '../auth/return-path';
import { useBrand } from '../brand/brand-context';
import { Icon } from '../theme/icons';
import { Spinner } from './Spinner';

/** 'Iniciar sesión', or the signed-in user's name and 'Cerrar sesión' (narrow screens: no icon, tighter padding, so it fits next to the logo at 320 px). */
export function AuthControl() {
  const { session, claims, signOut } = useAuth();
  const { isLicenseApp } = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  if (!session) {
    if (location.pathname === LOGIN_PATH) return null;
    return (
      <Link to={loginPath(`${location.pathname}${location.search}`)} className="btn btn-outlined auth-btn">
        <span className="btn-start-icon">
          <Icon name="login" />
        </span>
        Iniciar sesión
      </Link>
    );
  }

  const leave = async () => {
    setLeaving(true);
    try {
      if (isLicenseApp) {
        // The licence app goes to its sign-in page (where a guarded page would send it anyway).
        await signOut();
        await navigate(LOGIN_PATH, { replace: true });
      } else {
        // A store brand goes to / (committed first, so a guarded page does not send the visitor
        // to the sign-in page on its way out).
        await navigate('/', { replace: true, flushSync: true });
        await signOut();
      }
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className="auth-user">
      <div className="auth-user-name">
        <Icon name="account" />
        <p data-testid="user-name" title={claims?.unique_name}>
          {firstName(claims, session.userName)}
        </p>
      </div>
      <button type="button" className="btn btn-outlined auth-btn" onClick={() => void leave()} disabled={leaving}>
        <span className="btn-start-icon">{leaving ? <Spinner className="spinner btn-spinner" /> : <Icon name="logout" />}</span>
        Cerrar sesión
      </button>
    </div>
  );
}
