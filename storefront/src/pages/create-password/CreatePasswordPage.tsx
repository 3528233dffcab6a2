import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { newPasswordProblem, PASSWORD_LENGTH, passwordConfirmationProblem } from '@licencias/common/rules';
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { call, messageOf, publicApi } from '../../api';
import { PageLoading } from '../../layout/PageLoading';
import { PATHS } from '../../routes/paths';
import { PasswordField } from '../login/PasswordField';

export const CREATE_PASSWORD_TEXTS = {
  title: 'Crea tu contraseña',
  password: 'Contraseña',
  confirmation: 'Confirmar contraseña',
  save: 'Guardar',
  saving: 'Guardando…',
  created: '¡Tu contraseña fue creada!',
  signIn: 'Ingresar',
  invalid: '¡El enlace no es válido o ya fue usado!',
  checking: 'Revisando el enlace…',
  userName: (userName: string) => `Tu usuario es ${userName}.`,
} as const;

export interface CreatePasswordServices {
  state(token: string): Promise<{ userName: string }>;
  create(token: string, password: string): Promise<{ statusMessage: string; userName: string }>;
}

export function createPasswordServices(): CreatePasswordServices {
  return {
    state: (token) => call(publicApi.POST('/api/v1/password-links/state', { body: { token } })),
    create: (token, password) => call(publicApi.POST('/api/v1/password-links/password', { body: { token, password } })),
  };
}

type State = { status: 'checking' } | { status: 'form'; userName: string } | { status: 'created'; userName: string } | { status: 'invalid'; message: string };
type Field = 'password' | 'confirmation';

/**
 * `/crear-contrasena#<token>`: the activation e-mail's link for a company the store gave a user.
 * The token travels after `#` (never in a server log); the page reads the link's state, then sets
 * the password once with the rules of common (`newPasswordProblem`) and leads to sign-in.
 */
export default function CreatePasswordPage({ services: given }: { services?: CreatePasswordServices }) {
  const services = useMemo(() => given ?? createPasswordServices(), [given]);
  const token = useLocation().hash.replace(/^#/, '');
  const [state, setState] = useState<State>(() => (token ? { status: 'checking' } : { status: 'invalid', message: CREATE_PASSWORD_TEXTS.invalid }));
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    services.state(token).then(
      ({ userName }) => live && setState({ status: 'form', userName }),
      (error: unknown) => live && setState({ status: 'invalid', message: messageOf(error, CREATE_PASSWORD_TEXTS.invalid) }),
    );
    return () => {
      live = false;
    };
  }, [services, token]);

  if (state.status === 'checking') return <PageLoading label={CREATE_PASSWORD_TEXTS.checking} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      password: newPasswordProblem(values.password),
      confirmation: passwordConfirmationProblem(values.password, values.confirmation),
    };
    setErrors(found);
    if (found.password || found.confirmation) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const created = await services.create(token, values.password);
      setState({ status: 'created', userName: created.userName });
    } catch (error) {
      const message = messageOf(error, CREATE_PASSWORD_TEXTS.invalid);
      if (message === CREATE_PASSWORD_TEXTS.invalid) setState({ status: 'invalid', message });
      else setFailure(message);
      setSaving(false);
    }
  };

  const field = (name: Field, label: string) => ({
    id: `create-password-${name}`,
    name,
    label,
    autoComplete: 'new-password',
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
    required: true,
    fullWidth: true,
    disabled: saving,
    error: !!errors[name],
    helperText: errors[name],
    slotProps: { htmlInput: { maxLength: PASSWORD_LENGTH.max } },
  });

  return (
    <Paper component="section" aria-labelledby="create-password-title" variant="outlined" sx={{ maxWidth: 440, mx: 'auto', p: { xs: 3, sm: 5 } }}>
      {state.status === 'invalid' && (
        <Stack spacing={3} sx={{ textAlign: 'center' }}>
          <Typography id="create-password-title" variant="h1">
            {state.message}
          </Typography>
        </Stack>
      )}
      {state.status === 'created' && (
        <Stack spacing={3} sx={{ textAlign: 'center' }}>
          <Typography id="create-password-title" variant="h1">
            {CREATE_PASSWORD_TEXTS.created}
          </Typography>
          <Typography color="text.secondary">{CREATE_PASSWORD_TEXTS.userName(state.userName)}</Typography>
          <Button component={RouterLink} to={PATHS.login} variant="contained" size="large" fullWidth>
            {CREATE_PASSWORD_TEXTS.signIn}
          </Button>
        </Stack>
      )}
      {state.status === 'form' && (
        <>
          <Typography id="create-password-title" variant="h1" sx={{ mb: 1 }}>
            {CREATE_PASSWORD_TEXTS.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {CREATE_PASSWORD_TEXTS.userName(state.userName)}
          </Typography>
          <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2.5} aria-busy={saving}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <input type="hidden" name="username" autoComplete="username" value={state.userName} readOnly />
            <PasswordField {...field('password', CREATE_PASSWORD_TEXTS.password)} autoFocus />
            <PasswordField {...field('confirmation', CREATE_PASSWORD_TEXTS.confirmation)} />
            <Button type="submit" variant="contained" size="large" fullWidth loading={saving} loadingPosition="start">
              {saving ? CREATE_PASSWORD_TEXTS.saving : CREATE_PASSWORD_TEXTS.save}
            </Button>
          </Stack>
        </>
      )}
    </Paper>
  );
}
