import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { messageOf } from '../../api';
import { useBrand } from '../../brand/brand-context';
import { useCart } from '../../cart/cart-context';
import { PageLoading } from '../../layout/PageLoading';
import { StatusIllustration } from '../message-validation-email/StatusIllustration';
import {
  COUNTDOWN_SECONDS,
  createPaymentStatusServices,
  MAX_RETRIES,
  type OrderStatus,
  type PaymentStatusServices,
  STATUS_TEXTS,
  statusView,
} from './payment-status';

type State = { phase: 'loading' } | { phase: 'answer'; status: OrderStatus; retries: number } | { phase: 'failed'; message: string };

interface Props {
  services?: PaymentStatusServices;
  /** One countdown step (tests shorten it). */
  tickMs?: number;
}

/** Another site with a full page load, a page of this one with the router. */
function goTo(url: string, navigate: (to: string) => unknown) {
  if (/^https?:\/\//i.test(url)) window.location.assign(url);
  else void navigate(url);
}

/**
 * `/registerPurchaseOrder/statusOrder/{referenceUuid}` (store §2, §4): where online payments and
 * free plans land. It shows the order's status as GetStatusPurchaseOrder reads it (never what the
 * browser was told): success ('¡Activación exitosa!' OK15, '¡Pago exitoso!') with the e-mailed
 * instructions and the button to the app; pending WR12 ('¡Licencia pendiente por activar!') asked
 * again after a countdown up to 6 more times when the brand's polling flag is on, otherwise
 * 'Aceptar'; any other code '¡Lo sentimos!' with 'Volver a la tienda'.
 */
export default function PaymentStatusPage({ services: given, tickMs = 1000 }: Props) {
  const services = useMemo(() => given ?? createPaymentStatusServices(), [given]);
  const { referenceUuid = '' } = useParams();
  const { brand, parameters } = useBrand();
  const cart = useCart();
  const navigate = useNavigate();
  const polling = parameters.paymentStatusPolling;
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage || '/';
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  // One query per count, also when React runs an effect twice.
  const asked = useRef(new Set<number>());

  const ask = (retries: number) => {
    const count = polling ? retries : -1;
    if (asked.current.has(count)) return;
    asked.current.add(count);
    services.status(referenceUuid, brand.appName, count).then(
      (status) => setState({ phase: 'answer', status, retries }),
      (error: unknown) => setState({ phase: 'failed', message: messageOf(error) }),
    );
  };

  useEffect(() => {
    ask(0);
    // The first query only; retries are asked by the countdown.
  }, [referenceUuid]);

  const view = state.phase === 'answer' ? statusView(state.status) : null;
  const counting = state.phase === 'answer' && view?.kind === 'pending' && polling && state.retries < MAX_RETRIES;
  const retries = state.phase === 'answer' ? state.retries : 0;

  useEffect(() => {
    if (!counting) return;
    setSeconds(COUNTDOWN_SECONDS);
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), tickMs);
    return () => clearInterval(timer);
  }, [counting, retries, tickMs]);

  useEffect(() => {
    if (counting && seconds === 0) ask(retries + 1);
  }, [counting, seconds, retries]);

  // A paid or activated order empties the cart it came from.
  const success = view?.kind === 'success';
  useEffect(() => {
    if (success) cart.clear();
  }, [success]);

  if (state.phase === 'loading') return <PageLoading label={STATUS_TEXTS.checking} />;
  if (state.phase === 'failed') {
    return (
      <StatusCard tone="error" title={STATUS_TEXTS.failed} text={state.message}>
        <Button variant="contained" size="large" onClick={() => goTo(landing, navigate)}>
          {STATUS_TEXTS.backToStore}
        </Button>
      </StatusCard>
    );
  }
  const { status } = state;
  const shown = statusView(status);
  if (shown.kind === 'success') {
    return (
      <StatusCard tone="success" title={shown.title} text={status.resultMessage} more={STATUS_TEXTS.instructions}>
        <Button variant="contained" size="large" onClick={() => goTo(status.resultData.urlBaseExternalApp, navigate)}>
          {STATUS_TEXTS.goTo(brand.title)}
        </Button>
      </StatusCard>
    );
  }
  if (shown.kind === 'pending') {
    return (
      <StatusCard tone="warning" title={shown.title} text={status.resultMessage} more={counting ? undefined : polling ? STATUS_TEXTS.stillPending : undefined}>
        {counting ? (
          <Stack role="status" aria-live="polite" spacing={1} sx={{ width: '100%', maxWidth: 360 }}>
            <Typography color="text.secondary">{STATUS_TEXTS.retryIn(seconds)}</Typography>
            <LinearProgress variant="determinate" value={((COUNTDOWN_SECONDS - seconds) / COUNTDOWN_SECONDS) * 100} aria-hidden="true" />
          </Stack>
        ) : (
          <Button variant="contained" size="large" onClick={() => goTo(landing, navigate)}>
            {STATUS_TEXTS.accept}
          </Button>
        )}
      </StatusCard>
    );
  }
  return (
    <StatusCard tone="error" title={shown.title} text={status.resultMessage}>
      <Button variant="contained" size="large" onClick={() => goTo(landing, navigate)}>
        {STATUS_TEXTS.backToStore}
      </Button>
    </StatusCard>
  );
}

function StatusCard({
  tone,
  title,
  text,
  more,
  children,
}: {
  tone: 'success' | 'warning' | 'error';
  title: string;
  text: string;
  more?: string;
  children: React.ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby="status-title"
      variant="outlined"
      sx={{ maxWidth: 620, mx: 'auto', textAlign: 'center', px: { xs: 3, sm: 6 }, py: { xs: 4, sm: 6 } }}
    >
      <StatusIllustration tone={tone} />
      <Typography id="status-title" variant="h1" sx={{ mt: 3, mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: more ? 1 : 4 }}>
        {text}
      </Typography>
      {more && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {more}
        </Typography>
      )}
      <Stack alignItems="center">{children}</Stack>
    </Paper>
  );
}
