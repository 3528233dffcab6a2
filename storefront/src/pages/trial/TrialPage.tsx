import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@licencias/common/format';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, messageOf } from '../../api';
import { useBrand } from '../../brand/brand-context';
import { useCart } from '../../cart/cart-context';
import { BackLink } from '../../checkout/BackLink';
import { CustomerSection } from '../../checkout/CustomerSection';
import { applyChange, emptySection, fieldName, toCustomerInput, type FormErrors, type SectionField, type SectionValues } from '../../checkout/form';
import { LegalTermsCheck } from '../../checkout/LegalTermsCheck';
import type { ReferenceData } from '../../checkout/types';
import { PageLoading } from '../../layout/PageLoading';
import { MailIllustration } from '../message-validation-email/MailIllustration';
import { TrialErrorDialog } from './TrialDialog';
import {
  createTrialServices,
  durationText,
  formFieldOf,
  TRIAL_TEXTS,
  trialProblems,
  validityText,
  type TrialOffer,
  type TrialRequested,
  type TrialServices,
} from './trial';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; offer: TrialOffer; data: ReferenceData };

interface Props {
  services?: TrialServices;
  /** Values to start from (tests). */
  initialValues?: SectionValues;
}

/**
 * `/freeTrial`: '¡Prueba {app} gratis!' (store §2, §4, §8). The purchase form's activation section
 * and the terms; 'Comenzar' is disabled while the store's cart holds items or a field is missing
 * or wrong, and once the link is mailed the page says '¡Revisa tu Email!'. The back arrow goes to
 * the login URL, 'Comprar ahora' to the store.
 */
export default function TrialPage({ services: given, initialValues }: Props) {
  const services = useMemo(() => given ?? createTrialServices(), [given]);
  const { brand } = useBrand();
  const cart = useCart();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [values, setValues] = useState<SectionValues>(() => initialValues ?? emptySection(brand.documentTypes, 'N'));
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<TrialRequested>();
  const [failure, setFailure] = useState<string>();

  const load = useCallback(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    Promise.all([services.offer(brand.appName), services.referenceData()]).then(
      ([offer, data]) => current && setLoaded({ status: 'ready', offer, data }),
      (error: unknown) => current && setLoaded({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [services, brand.appName]);
  useEffect(load, [load]);

  const context = useMemo(
    () => ({ documentTypes: brand.documentTypes, blockedDomains: loaded.status === 'ready' ? loaded.data.blockedDomains : [] }),
    [brand.documentTypes, loaded],
  );
  const problems = useMemo(() => trialProblems(values, terms, context), [values, terms, context]);
  const shown: FormErrors = { ...Object.fromEntries(Object.entries(problems).filter(([field]) => touched.has(field))), ...serverErrors };
  const cartHasItems = cart.items.length > 0;
  const disabled = busy || cartHasItems || Object.keys(problems).length > 0;
  const buy = () => void navigate('/');
  const login = brand.appInfo.urlSecutityLogin || '/login';

  const change = (field: SectionField, value: string | number) => {
    setValues((v) => applyChange(v, field, value, brand.documentTypes));
    setServerErrors((errors) => ({ ...errors, [fieldName(field, 'Service')]: undefined }));
    if (field === 'departmentId' || field === 'cityId' || field === 'documentTypeId' || field === 'legalDocumentTypeId') {
      setTouched((t) => new Set(t).add(fieldName(field, 'Service')));
    }
  };
  const blur = (field: SectionField) => setTouched((t) => new Set(t).add(fieldName(field, 'Service')));

  const start = async () => {
    if (disabled) return;
    setBusy(true);
    try {
      setSent(await services.request({ appName: brand.appName, customer: toCustomerInput(values, 'Service'), legalTermsCheck: terms }));
    } catch (error) {
      const details = error instanceof ApiError ? (error.body?.statusDetails ?? []) : [];
      const fields: FormErrors = {};
      for (const detail of details) {
        const field = formFieldOf(detail.field);
        if (field) fields[field] = detail.description;
      }
      setServerErrors(fields);
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const back = <BackLink to={login} />;

  if (loaded.status === 'loading') return <PageLoading label="Cargando la prueba gratis…" />;
  if (loaded.status === 'error') {
    return (
      <Box sx={{ maxWidth: 760, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
        {back}
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={buy}>
              {TRIAL_TEXTS.buyNow}
            </Button>
          }
        >
          {loaded.message}
        </Alert>
      </Box>
    );
  }
  const { offer, data } = loaded;
  const title = TRIAL_TEXTS.title(offer.brandTitle);

  if (sent) {
    return (
      <Box sx={{ maxWidth: 620, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
        {back}
        <Paper
          component="section"
          aria-labelledby="trial-sent-title"
          variant="outlined"
          sx={{ textAlign: 'center', px: { xs: 3, sm: 6 }, py: { xs: 4, sm: 6 } }}
        >
          <MailIllustration />
          <Typography id="trial-sent-title" variant="h1" sx={{ mt: 3, mb: 2 }}>
            {TRIAL_TEXTS.checkEmail}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4, overflowWrap: 'anywhere' }}>
            {TRIAL_TEXTS.linkSent(sent.email, durationText(sent.linkValidMinutes))}
          </Typography>
          <Button variant="outlined" onClick={buy}>
            {TRIAL_TEXTS.buyNow}
          </Button>
        </Paper>
      </Box>
    );
  }

  const validity = validityText(offer);
  return (
    <Box component="section" aria-labelledby="trial-title" sx={{ maxWidth: 760, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      {back}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography id="trial-title" variant="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {validity ? `Activa ${offer.packageName} durante ${validity}, sin costo.` : `Activa ${offer.packageName} sin costo.`}
          </Typography>
          {offer.features.length > 0 && (
            <Box component="ul" aria-label="Incluye" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {offer.features.map((feature) => (
                <li key={feature.serviceFeatureCode}>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={`${feature.unlimited ? 'Ilimitadas' : formatNumber(feature.quantity ?? 0)} · ${feature.description}`}
                  />
                </li>
              ))}
            </Box>
          )}
        </Box>
        {cartHasItems && <Alert severity="info">{TRIAL_TEXTS.cartHasItems}</Alert>}
        <Box
          component="form"
          noValidate
          aria-labelledby="trial-title"
          onSubmit={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <CustomerSection
            section="Service"
            values={values}
            errors={shown}
            documentTypes={brand.documentTypes}
            documentTypeNames={data.documentTypeNames}
            states={data.states}
            locked={busy}
            onChange={change}
            onBlur={blur}
          />
          <LegalTermsCheck
            checked={terms}
            disabled={busy}
            error={shown.legalTermsCheck}
            onChange={(checked) => {
              setTerms(checked);
              setTouched((t) => new Set(t).add('legalTermsCheck'));
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
            <Button variant="outlined" size="large" onClick={buy} sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, order: { xs: 2, sm: 0 } }}>
              {TRIAL_TEXTS.buyNow}
            </Button>
            <Button
              variant="contained"
              size="large"
              disabled={disabled}
              onClick={() => void start()}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
              sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              {TRIAL_TEXTS.start}
            </Button>
          </Box>
        </Box>
      </Paper>
      {failure && <TrialErrorDialog message={failure} onBuy={buy} onClose={() => setFailure(undefined)} />}
    </Box>
  );
}
