import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isStaff, type TokenClaims } from '@licencias/common/claims';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api';
import { useAuth } from '../../auth/auth-context';
import { BACK_OFFICE_PATH, safeReturnPath } from '../../auth/return-path';
import { useBrand } from '../../brand/brand-context';
import { PasswordField } from './PasswordField';

const LOGIN_FAILED = 'No fue posible iniciar sesión. Por favor intenta nuevamente.';

interface FieldErrors {
  userName?: string;
  password?: string;
}

function validate(userName: string, password: string): FieldErrors {
  return {
    ...(userName.trim() ? {} : { userName: 'Ingresa tu usuario' }),
    ...(password ? {} : { password: 'Ingresa tu contraseña' }),
  };
}

/**
 * Sign-in (the brands' `appInfo.urlSecutityLogin`): Authenticate at the brand's application; staff
 * go on to the back office, customers back to where they were going, or to /.
 */
export default function LoginPage() {
  const { brand } = useBrand();
  const { session, claims, signIn } = useAuth();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const from = safeReturnPath(query.get('from'));
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  // Signed in (now, or already when arriving here): go on.
  useEffect(() => {
    if (!session) return;
    const goOn = (signedIn: TokenClaims | undefined) => {
      if (isStaff(signedIn)) window.location.assign(BACK_OFFICE_PATH);
      else void navigate(from ?? '/', { replace: true });
    };
    goOn(claims);
  }, [session, claims, from, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(userName, password);
    setErrors(found);
    if (found.userName || found.password) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await signIn(userName, password);
    } catch (error) {
      setFailure(messageOf(error, LOGIN_FAILED));
      setPassword('');
      setSubmitting(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="login-title" variant="outlined" sx={{ maxWidth: 440, mx: 'auto', p: { xs: 3, sm: 5 } }}>
      <Typography id="login-title" variant="h1" sx={{ mb: 1 }}>
        Iniciar sesión
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Ingresa a tu cuenta de {brand.title}.
      </Typography>
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2.5} aria-busy={submitting}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          id="login-user"
          name="username"
          label="Usuario"
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          fullWidth
          disabled={submitting}
          error={!!errors.userName}
          helperText={errors.userName}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Contraseña"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          required
          fullWidth
          disabled={submitting}
          error={!!errors.password}
          helperText={errors.password}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting} loadingPosition="start">
          {submitting ? 'Ingresando…' : 'Ingresar'}
        </Button>
      </Stack>
    </Paper>
  );
}
