import AccountCircle from '@mui/icons-material/AccountCircle';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { firstName } from '@licencias/common/claims';
import { LOGIN_PATH, loginPath } from '../auth/return-path';
import { useBrand } from '../brand/brand-context';

/** Narrow screens: no icon, tighter padding, so the control fits next to the logo at 320 px. */
const compact = {
  borderColor: 'currentColor',
  flexShrink: 0,
  whiteSpace: 'nowrap',
  px: { xs: 1.25, sm: 2 },
  '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
} as const;

/** 'Iniciar sesión', or the signed-in user's name and 'Cerrar sesión'. */
export function AuthControl() {
  const { session, claims, signOut } = useAuth();
  const { isLicenseApp } = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  if (!session) {
    if (location.pathname === LOGIN_PATH) return null;
    return (
      <Button
        component={RouterLink}
        to={loginPath(`${location.pathname}${location.search}`)}
        color="inherit"
        variant="outlined"
        startIcon={<Login aria-hidden="true" />}
        sx={compact}
      >
        Iniciar sesión
      </Button>
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
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1, minWidth: 0 }}>
        <AccountCircle aria-hidden="true" />
        <Typography noWrap data-testid="user-name" title={claims?.unique_name}>
          {firstName(claims, session.userName)}
        </Typography>
      </Box>
      <Button
        color="inherit"
        variant="outlined"
        onClick={() => void leave()}
        disabled={leaving}
        startIcon={leaving ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <Logout aria-hidden="true" />}
        sx={compact}
      >
        Cerrar sesión
      </Button>
    </Box>
  );
}
