import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate } from '@licencias/common/dates';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messageOf } from '../../api';
import { CheckoutDialog } from '../../checkout/CheckoutDialog';
import { PageLoading } from '../../layout/PageLoading';
import { TrialErrorDialog } from './TrialDialog';
import { createTrialServices, TRIAL_TEXTS, type TrialActivation, type TrialServices } from './trial';

type State = { status: 'activating' } | { status: 'active'; activation: TrialActivation } | { status: 'failed'; message: string };

interface Props {
  services?: TrialServices;
}

/** Where the activatePlan dialog goes (§4: the brand's URL): another site with a full load, a page of this one with the router. */
function goTo(url: string, navigate: (to: string) => unknown) {
  if (/^https?:\/\//i.test(url)) window.location.assign(url);
  else void navigate(url);
}

/**
 * `/freeTrial/activate#<token>`: the mailed link. The token travels after `#` (never in a server
 * log) and is posted once; the activatePlan dialog (§4) then goes to the brand's URL. An unknown,
 * expired or used link shows §8's trial error with the server's message and 'Comprar Ahora'.
 */
export default function TrialActivatePage({ services: given }: Props) {
  const services = useMemo(() => given ?? createTrialServices(), [given]);
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = hash.replace(/^#/, '');
  const [state, setState] = useState<State>(() => (token ? { status: 'activating' } : { status: 'failed', message: TRIAL_TEXTS.missingToken }));
  // One activation per token, also when React runs the effect twice (a second post would find the link used).
  const posted = useRef<string>(undefined);

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    services.activate(token).then(
      (activation) => setState({ status: 'active', activation }),
      (error: unknown) => setState({ status: 'failed', message: messageOf(error) }),
    );
  }, [services, token]);

  if (state.status === 'activating') return <PageLoading label={TRIAL_TEXTS.activating} />;
  if (state.status === 'failed') return <TrialErrorDialog message={state.message} onBuy={() => void navigate('/')} />;
  const { activation } = state;
  const until = activation.expiresAt ? formatDate(activation.expiresAt) : null;
  return (
    <>
      <Paper variant="outlined" sx={{ maxWidth: 620, mx: 'auto', textAlign: 'center', p: { xs: 3, sm: 6 } }}>
        <Typography variant="h1">{TRIAL_TEXTS.activatedTitle}</Typography>
      </Paper>
      <CheckoutDialog
        title={TRIAL_TEXTS.activatedTitle}
        actions={[{ label: TRIAL_TEXTS.goTo(activation.brandTitle), primary: true, onClick: () => goTo(activation.urlApp, navigate) }]}
      >
        {TRIAL_TEXTS.activatedText(activation.packageName, until)}
      </CheckoutDialog>
    </>
  );
}
