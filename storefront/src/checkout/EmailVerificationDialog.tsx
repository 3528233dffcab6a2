import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailCodeProblem, PURCHASE_MAX, purchaseEmailProblem } from '@licencias/common/rules';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '../api';
import type { CheckoutServices } from './types';

/** Success modals last 2 seconds (§9). */
export const SUCCESS_DELAY_MS = 2000;
export const VERIFIED_TITLE = '¡Verificación Exitosa!';

interface Props {
  email: string;
  appName: string;
  blockedDomains: readonly string[];
  services: Pick<CheckoutServices, 'checkEmail' | 'validateCode'>;
  /** The e-mail is verified (possibly a corrected one): the purchase goes on. */
  onVerified(email: string): void;
  onCancel(): void;
}

type View = { kind: 'code'; note?: string } | { kind: 'resend' } | { kind: 'verified' };

/**
 * The e-mail verification dialog over the purchase form (§2, §4): the 6-digit code sent by
 * checkisvalidemail; '¿No has recibido el email?' opens the resend view, where the e-mail can be
 * corrected. A wrong code shows the server's message and clears the field.
 */
export function EmailVerificationDialog({ email: initialEmail, appName, blockedDomains, services, onVerified, onCancel }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [view, setView] = useState<View>({ kind: 'code' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [draftEmail, setDraftEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (view.kind !== 'verified') return;
    const timer = setTimeout(() => onVerified(email), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view.kind, email, onVerified]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailCodeProblem(code);
    setCodeError(problem ?? undefined);
    setServerError(undefined);
    if (problem || busy) return;
    setBusy(true);
    try {
      const answer = await services.validateCode(email, code.trim(), appName);
      if (answer.approved) setView({ kind: 'verified' });
      else {
        setServerError(answer.message);
        setCode('');
      }
    } catch (error) {
      setServerError(messageOf(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    const problem = purchaseEmailProblem(draftEmail, blockedDomains);
    setEmailError(problem ?? undefined);
    setServerError(undefined);
    if (problem || busy) return;
    setBusy(true);
    try {
      const corrected = draftEmail.trim();
      const answer = await services.checkEmail(corrected, true, appName);
      setEmail(corrected);
      if (answer.approvalMail) {
        setView({ kind: 'verified' });
        return;
      }
      setCode('');
      setCodeError(undefined);
      setView({ kind: 'code', note: `Enviamos un nuevo código a ${corrected}.` });
    } catch (error) {
      // The server's refusal of the address (blacklist, format) belongs to the field.
      if (error instanceof ApiError && error.status === 422) setEmailError(error.message);
      else setServerError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="email-verification-title" maxWidth="xs" fullWidth>
      {view.kind === 'verified' ? (
        <>
          <DialogTitle id="email-verification-title" sx={{ textAlign: 'center' }}>
            {VERIFIED_TITLE}
          </DialogTitle>
          <DialogContent>
            <Typography align="center" color="text.secondary">
              Tu correo electrónico {email} quedó verificado. Continuamos con tu compra.
            </Typography>
          </DialogContent>
        </>
      ) : view.kind === 'code' ? (
        <Box component="form" noValidate onSubmit={(event) => void verify(event)}>
          <DialogTitle id="email-verification-title">Verifica tu correo electrónico</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography color="text.secondary">
              Ingresa el código de 6 dígitos que enviamos a <strong>{email}</strong>. Vence en 10 minutos.
            </Typography>
            {view.note && <Alert severity="info">{view.note}</Alert>}
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <TextField
              label="Código de verificación"
              value={code}
              autoFocus
              required
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, PURCHASE_MAX.emailCode));
                setCodeError(undefined);
              }}
              error={!!codeError}
              helperText={codeError ?? ' '}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  maxLength: PURCHASE_MAX.emailCode,
                  autoComplete: 'one-time-code',
                  style: { letterSpacing: '0.4em', fontSize: '1.25rem' },
                },
              }}
            />
            <Link
              component="button"
              type="button"
              variant="body2"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setDraftEmail(email);
                setEmailError(undefined);
                setServerError(undefined);
                setView({ kind: 'resend' });
              }}
            >
              ¿No has recibido el email?
            </Link>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onCancel} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Verificar
            </Button>
          </DialogActions>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void resend(event)}>
          <DialogTitle id="email-verification-title">Reenviar el código</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography color="text.secondary">Revisa tu correo electrónico, corrígelo si es necesario y te enviaremos un nuevo código.</Typography>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <TextField
              label="Correo electrónico"
              type="email"
              value={draftEmail}
              autoFocus
              required
              onChange={(event) => {
                setDraftEmail(event.target.value.slice(0, PURCHASE_MAX.email));
                setEmailError(undefined);
              }}
              error={!!emailError}
              helperText={emailError ?? ' '}
              slotProps={{ htmlInput: { maxLength: PURCHASE_MAX.email, autoComplete: 'email' } }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setView({ kind: 'code' })} disabled={busy}>
              Volver
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Reenviar
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
