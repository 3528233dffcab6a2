import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, PasswordInput, required, TextInput, useCheckAuth, useLogin, useNavigate, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { lastSignOutReason, type LoginParams } from '../authProvider';
import { useBrand } from '../brand';

interface Credentials {
  username: string;
  password: string;
}

interface ReturnState {
  nextPathname?: string;
  nextSearch?: string;
}

function returnPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { nextPathname, nextSearch } = state as ReturnState;
  return nextPathname ? `${nextPathname}${nextSearch ?? ''}` : undefined;
}

/**
 * Sign-in of the back office (Authenticate in the licence app). Errors are the server's own
 * statusMessage (wrong credentials, too many attempts), shown in the form.
 */
export const LoginPage = () => {
  const brand = useBrand();
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | undefined>(() => {
    const reason = lastSignOutReason();
    return reason ? translate(reason) : undefined;
  });
  const [submitting, setSubmitting] = useState(false);

  // Already signed in: straight to the back office.
  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/'))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  const submit = async (values: Partial<Credentials>) => {
    setSubmitting(true);
    setError(undefined);
    const params: LoginParams = { username: values.username ?? '', password: values.password ?? '', nextPathname: returnPath(location.state) };
    try {
      await login(params);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : translate('ra.auth.sign_in_error'));
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: (theme) => `linear-gradient(160deg, ${theme.palette.secondary.main} 0%, ${theme.palette.secondary.dark} 100%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <img src={brand.logoUrl} alt={translate('app.logo.alt', { name: brand.title })} height={48} />
            <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
              {translate('app.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {translate('app.login.subtitle')}
            </Typography>
          </Stack>
          <Form<Partial<Credentials>> onSubmit={submit}>
            <TextInput
              source="username"
              label="app.login.username"
              autoComplete="username"
              autoFocus
              validate={required()}
              disabled={submitting}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <PasswordInput
              source="password"
              label="app.login.password"
              autoComplete="current-password"
              validate={required()}
              disabled={submitting}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {error}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              disabled={submitting}
              sx={{ mt: 2 }}
              startIcon={submitting ? <CircularProgress color="inherit" size={18} /> : undefined}
            >
              {translate(submitting ? 'app.login.signing_in' : 'app.login.submit')}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
};
