import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isStaff, type TokenClaims } from '@licencias/common/claims';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api';
import { useAuth } from '../../auth/auth-context';
import { BACK_OFFICE_PATH, safeReturnPath } from '../../auth/return-path';
import { useBrand } from '../../brand/brand-context';
import { PATHS } from '../../routes/paths';
import { PasswordField } from './PasswordField';

const LOGIN_FAILED = 'No fue posible iniciar sesión. Por favor intenta nuevamente.';

type Field = 'userName' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** The two inputs: their ids, form names, labels, what the browser fills in and their length. */
const FIELDS: Record<Field, { id: string; name: string; label: string; autoComplete: string; maxLength: number }> = {
  userName: { id: 'login-user', name: 'username', label: 'Usuario', autoComplete: 'username', maxLength: 100 },
  password: { id: 'login-password', name: 'password', label: 'Contraseña', autoComplete: 'current-password', maxLength: 200 },
};

function validate({ userName, password }: Record<Field, string>): FieldErrors {
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
  const [values, setValues] = useState<Record<Field, string>>({ userName: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  // Signed in (now, or already when arriving here): go on.
  useEffect(() => {
    if (!session) return;
    const goOn = (signedIn: TokenClaims | undefined) => {
      if (isStaff(signedIn)) window.location.assign(BACK_OFFICE_PATH);
      // A customer lands on My Plan unless it came from another page.
      else void navigate(from ?? PATHS.myPlan, { replace: true });
    };
    goOn(claims);
  }, [session, claims, from, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (found.userName || found.password) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await signIn(values.userName, values.password);
    } catch (error) {
      setFailure(messageOf(error, LOGIN_FAILED));
      setValues((current) => ({ ...current, password: '' }));
      setSubmitting(false);
    }
  };

  /** An input's props: its value, required, full width, locked while signing in, its error and length. */
  const fieldProps = (field: Field) => {
    const { maxLength, ...props } = FIELDS[field];
    return {
      ...props,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value })),
      required: true,
      fullWidth: true,
      disabled: submitting,
      error: !!errors[field],
      helperText: errors[field],
      slotProps: { htmlInput: { maxLength } },
    };
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
        <TextField {...fieldProps('userName')} autoCapitalize="none" spellCheck={false} autoFocus />
        <PasswordField {...fieldProps('password')} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting} loadingPosition="start">
          {submitting ? 'Ingresando…' : 'Ingresar'}
        </Button>
      </Stack>
    </Paper>
  );
}
