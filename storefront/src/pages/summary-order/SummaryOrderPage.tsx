import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, messageOf } from '../../api';
import { useBrand } from '../../brand/brand-context';
import { BackLink } from '../../checkout/BackLink';
import { CheckoutDialog } from '../../checkout/CheckoutDialog';
import { PageLoading } from '../../layout/PageLoading';
import { SummaryPackages, SummaryTotals } from './SummaryTables';
import {
  backTarget,
  readChosenFile,
  SUMMARY_TEXTS,
  SUPPORT_KINDS,
  summaryServices,
  type SummaryOrder,
  type SummaryServices,
  type SupportType,
} from './summary-order';
import { type SlotState, UploadSlot } from './UploadSlot';

type PageState = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'done'; summary: SummaryOrder };
type Outcome = { ok: true } | { ok: false; message: string };

interface Props {
  services?: SummaryServices;
  /** How long the progress bar stays at least (store §9: upload progress shown 2 seconds). */
  progressMs?: number;
}

const IDLE: Record<SupportType, SlotState> = { PAYMENT_SUPPORT: { phase: 'idle' }, RUT: { phase: 'idle' } };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `/summaryorder/{refererenceUuid}` 'Resumen de compra' (store §2): the order's packages and
 * totals as stored, and while it awaits its cash proof 'Adjuntar Comprobante' and 'Adjuntar RUT'
 * (§4 upload, §5 rules, §8 result texts). Open to visitors: the e-mailed link is the credential.
 */
export default function SummaryOrderPage({ services = summaryServices, progressMs = 2000 }: Props) {
  const { refererenceUuid = '' } = useParams();
  const { brand, parameters } = useBrand();
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [slots, setSlots] = useState(IDLE);
  const [outcome, setOutcome] = useState<Outcome>();

  const reload = useCallback(
    () =>
      services.load(refererenceUuid, brand.appName).then(
        (summary) => setState(summary ? { status: 'done', summary } : { status: 'missing' }),
        (error: unknown) => setState({ status: 'error', message: messageOf(error) }),
      ),
    [services, refererenceUuid, brand.appName],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const attach = async (type: SupportType, file: File) => {
    const chosen = await readChosenFile(file);
    if ('problem' in chosen) {
      setOutcome({ ok: false, message: chosen.problem });
      return;
    }
    const setProgress = (progress: number) => setSlots((s) => ({ ...s, [type]: { phase: 'uploading', fileName: chosen.fileName, progress } }));
    setProgress(0);
    const shown = wait(progressMs);
    try {
      await services.upload({ referenceUuid: refererenceUuid, fileName: chosen.fileName, contentFileBase64: chosen.base64, supportType: type }, setProgress);
      await shown;
      await reload();
      setOutcome({ ok: true });
    } catch (error) {
      await shown;
      // A rule the server names (422) is said as it is; anything else is §8's failure text.
      setOutcome({ ok: false, message: error instanceof ApiError && error.status === 422 ? error.message : SUMMARY_TEXTS.failedText });
    } finally {
      setSlots((s) => ({ ...s, [type]: { phase: 'idle' } }));
    }
  };

  const landing = backTarget(brand, brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage);
  const busy = Object.values(slots).some((s) => s.phase === 'uploading');
  return (
    <Box
      component="section"
      aria-labelledby="summary-title"
      sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1100, mx: 'auto', width: '100%' }}
    >
      <Box>
        <BackLink to={landing} />
        <Typography id="summary-title" variant="h1" sx={{ mt: 1 }}>
          {SUMMARY_TEXTS.title}
        </Typography>
      </Box>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'missing' && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" component="p">
            {SUMMARY_TEXTS.missing}
          </Typography>
        </Paper>
      )}
      {state.status === 'error' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'done' && (
        <>
          <Typography color="text.secondary">
            Referencia de pago <strong>{state.summary.paymentReference}</strong>
          </Typography>
          <SummaryPackages lines={state.summary.summaryPackages} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 380px' }, alignItems: 'start' }}>
            <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                Soportes de pago
              </Typography>
              {!state.summary.awaitingProof && <Typography color="text.secondary">{SUMMARY_TEXTS.notAwaiting}</Typography>}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {SUPPORT_KINDS.map((kind) => (
                  <UploadSlot
                    key={kind.type}
                    label={kind.label}
                    title={kind.title}
                    storedName={kind.name(state.summary)}
                    state={slots[kind.type]}
                    open={state.summary.awaitingProof}
                    busy={busy}
                    onChoose={(file) => void attach(kind.type, file)}
                  />
                ))}
              </Box>
            </Paper>
            <SummaryTotals summary={state.summary} />
          </Box>
        </>
      )}
      {outcome && (
        <CheckoutDialog
          title={outcome.ok ? SUMMARY_TEXTS.attachedTitle : SUMMARY_TEXTS.failedTitle}
          actions={[{ label: 'Aceptar', primary: true, onClick: () => setOutcome(undefined) }]}
          onClose={() => setOutcome(undefined)}
        >
          <span>{outcome.ok ? SUMMARY_TEXTS.attachedText : outcome.message}</span>
        </CheckoutDialog>
      )}
    </Box>
  );
}
