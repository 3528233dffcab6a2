import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@licencias/common/format';
import { NIT_DOCUMENT_TYPE, type PurchaseSection } from '@licencias/common/rules';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../api';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand/brand-context';
import { useCart } from '../cart/cart-context';
import { priceCart } from '../cart/pricing';
import { PageLoading } from '../layout/PageLoading';
import { useNotify } from '../notifications/notifications-context';
import { BackLink } from './BackLink';
import { CheckoutDialog } from './CheckoutDialog';
import type { Place } from './AddressField';
import { CustomerSection } from './CustomerSection';
import { EmailVerificationDialog } from './EmailVerificationDialog';
import { LegalTermsCheck } from './LegalTermsCheck';
import {
  applyChange,
  applyPlace,
  emptyForm,
  fieldName,
  formProblems,
  isOtherCustomer,
  PURCHASE_MESSAGES,
  sectionFromLookup,
  type FormErrors,
  type FormValues,
  type SectionField,
} from './form';
import type { PaymentMethod } from './order';
import type { CheckoutServices, CustomerRecord, ReferenceData } from './types';

/** Brands without cash payment (§2: 'Pago en efectivo' is absent for bemyself). */
const NO_CASH_BRANDS = ['bemyself'];

export const CHECKOUT_TEXTS = {
  paidTitle: 'Proceso de facturación y activación',
  freeTitle: 'Proceso de activación de licencia',
  contactNote: 'Si deseas modificar los datos de la licencia contáctanos',
  editBilling: 'Modificar datos de facturación',
  changeCustomerTitle: 'Cambio de cliente',
  changeCustomerText: 'El número de documento de activación es distinto del de tu cuenta: la licencia quedará a nombre de otro cliente. ¿Deseas continuar?',
  cashTitle: 'Pago en efectivo',
  cashText:
    'Registraremos tu orden de compra y te enviaremos a tu correo electrónico la orden de pedido con las instrucciones para pagar en efectivo. Después podrás adjuntar el comprobante de pago.',
  submitError: 'Se ha presentado un error al procesar la compra, por favor vuelve a intentarlo.',
  fixFields: 'Revisa los campos marcados antes de continuar.',
} as const;

type Dialog = { kind: 'verify'; email: string; method: PaymentMethod } | { kind: 'changeCustomer'; method: PaymentMethod } | { kind: 'cashNotice' };

interface Props {
  services: CheckoutServices;
  /** Saves the order with the chosen method (RegisterPurchaseOrder); the dialogs of its answers are its own. */
  onSubmit(values: FormValues, method: PaymentMethod, withBilling: boolean): Promise<void>;
  /** The server's refusals of fields (RegisterPurchaseOrder's 422), by form field. */
  serverErrors?: FormErrors;
  /** Values to start from (tests). */
  initialValues?: FormValues;
  children?: ReactNode;
}

type Reference = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ReferenceData };

/**
 * The purchase and activation form (store §2, §3, §4, §5): billing (paid carts) and activation
 * sections under the rules of common's `purchaseFormProblems`, validated as the buyer types; the
 * buyer's e-mail verified before the order; the changeCustomer and cash confirmations.
 */
export function PurchaseForm({ services, onSubmit, serverErrors, initialValues, children }: Props) {
  const { brand, parameters } = useBrand();
  const { session, claims } = useAuth();
  const cart = useCart();
  const notify = useNotify();
  const navigate = useNavigate();
  const priced = useMemo(() => priceCart(cart.cart), [cart.cart]);
  const total = priced.totals.total;
  const withBilling = total.greaterThan(0);
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage || '/';
  const registered = useMemo(
    () =>
      session && claims?.customer_type && claims.customer_value
        ? { documentTypeId: Number(claims.customer_type), documentNumber: claims.customer_value }
        : undefined,
    [session, claims],
  );

  const [reference, setReference] = useState<Reference>({ status: 'loading' });
  const [values, setValues] = useState<FormValues>(() => initialValues ?? emptyForm(brand.documentTypes));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [locked, setLocked] = useState(false);
  const [editBilling, setEditBilling] = useState(false);
  const [notRegistered, setNotRegistered] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);
  const method = useRef<PaymentMethod>('EN_LINEA');
  /** The legal name the lookup last filled in each section (replaced by the next lookup, never what the buyer typed). */
  const lookedUp = useRef<{ billing?: string; service?: string }>({});

  // An empty cart has nothing to buy: back to the store (§2).
  const empty = cart.items.length === 0;
  useEffect(() => {
    if (!empty) return;
    if (/^https?:\/\//i.test(landing)) window.location.replace(landing);
    else void navigate(landing, { replace: true });
  }, [empty, landing, navigate]);

  const load = useCallback(() => {
    let current = true;
    setReference({ status: 'loading' });
    const unavailable: CustomerRecord = { kind: 'unavailable' };
    const customer = registered
      ? services.customerInformation(registered.documentTypeId, registered.documentNumber, brand.appName).catch((error: unknown) => {
          console.error(error);
          return unavailable;
        })
      : Promise.resolve(undefined);
    Promise.all([services.referenceData(), customer]).then(
      ([data, record]) => {
        if (!current) return;
        if (record?.kind === 'found') {
          const section = sectionFromLookup(record.customer, brand.documentTypes);
          setValues((v) => ({ ...v, billing: section, service: section }));
          // Locked only when the record passes the form's rules: a customer must be able to complete what its record lacks.
          const prefilled = { billing: section, service: section, legalTermsCheck: true };
          setLocked(Object.keys(formProblems(prefilled, { documentTypes: brand.documentTypes, blockedDomains: data.blockedDomains }, true)).length === 0);
        } else if (registered) {
          // The token's document is not on record (§5 manual error), or the record could not be
          // read: the customer types the data, starting from its document.
          setNotRegistered(record?.kind === 'notRegistered');
          const person = registered.documentTypeId === NIT_DOCUMENT_TYPE ? 'J' : 'N';
          setValues((v) => ({
            ...v,
            service: { ...v.service, personType: person, documentTypeId: registered.documentTypeId, documentNumber: registered.documentNumber },
          }));
        }
        setReference({ status: 'ready', data });
      },
      (error: unknown) => current && setReference({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [services, registered, brand.appName, brand.documentTypes]);
  useEffect(load, [load]);

  const context = useMemo(
    () => ({ documentTypes: brand.documentTypes, blockedDomains: reference.status === 'ready' ? reference.data.blockedDomains : [] }),
    [brand.documentTypes, reference],
  );
  const problems = useMemo(() => formProblems(values, context, withBilling), [values, context, withBilling]);
  // The token's document that is not on record stays refused until the buyer types another one.
  const unregistered = notRegistered && !isOtherCustomer(values.service, registered);
  const shown = useMemo(() => {
    const visible: FormErrors = { ...serverErrors, ...Object.fromEntries(Object.entries(problems).filter(([field]) => submitted || touched.has(field))) };
    if (unregistered && !visible.documentNumberService) visible.documentNumberService = PURCHASE_MESSAGES.unregisteredDocument;
    return visible;
  }, [problems, submitted, touched, unregistered, serverErrors]);

  if (empty) return <PageLoading label="Volviendo a la tienda…" />;
  if (reference.status === 'loading') return <PageLoading label="Cargando el formulario…" />;
  if (reference.status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={load}>
            Reintentar
          </Button>
        }
      >
        {reference.message}
      </Alert>
    );
  }
  const { data } = reference;

  const billingLocked = locked && !editBilling;
  const change = (section: PurchaseSection) => (field: SectionField, value: string | number) => {
    const key = section === 'Billing' ? 'billing' : 'service';
    setValues((v) => ({ ...v, [key]: applyChange(v[key], field, value, brand.documentTypes) }));
    if (field === 'departmentId') setTouched((t) => new Set(t).add(fieldName('departmentId', section)));
    if (field === 'cityId' || field === 'documentTypeId' || field === 'legalDocumentTypeId') setTouched((t) => new Set(t).add(fieldName(field, section)));
  };
  const place = (section: PurchaseSection) => (chosen: Place) => {
    const key = section === 'Billing' ? 'billing' : 'service';
    setValues((v) => ({ ...v, [key]: applyPlace(v[key], chosen) }));
  };
  const blur = (section: PurchaseSection) => (field: SectionField) => {
    setTouched((t) => new Set(t).add(fieldName(field, section)));
    if (field === 'documentNumber') void lookUp(section);
  };

  // The named lookup (§3): a known legal person's NIT brings its legal name, unless the buyer typed another.
  const lookUp = async (section: PurchaseSection) => {
    const key = section === 'Billing' ? 'billing' : 'service';
    const typed = values[key];
    const sectionLocked = section === 'Billing' ? billingLocked : locked;
    if (sectionLocked || typed.personType !== 'J' || typed.documentTypeId === '' || problems[fieldName('documentNumber', section)]) return;
    const found = await services.lookupCompany(brand.appName, typed.documentTypeId, typed.documentNumber).catch((error: unknown) => {
      console.warn(error);
      return undefined;
    });
    const legalName = found?.legalName;
    if (!legalName) return;
    setValues((v) => {
      const current = v[key];
      const untouched = !current.legalName.trim() || current.legalName === lookedUp.current[key];
      if (current.documentNumber !== typed.documentNumber || !untouched) return v;
      lookedUp.current[key] = legalName;
      return { ...v, [key]: { ...current, legalName } };
    });
  };

  const buyerEmail = () => (withBilling ? values.billing.email : values.service.email).trim();

  const save = async (chosen: PaymentMethod) => {
    setBusy(true);
    try {
      await onSubmit(values, chosen, withBilling);
    } finally {
      setBusy(false);
    }
  };

  const afterCustomer = (chosen: PaymentMethod) => {
    if (chosen === 'EFECTIVO') setDialog({ kind: 'cashNotice' });
    else {
      setDialog(undefined);
      void save(chosen);
    }
  };

  const afterVerification = (chosen: PaymentMethod) => {
    if (isOtherCustomer(values.service, registered)) setDialog({ kind: 'changeCustomer', method: chosen });
    else afterCustomer(chosen);
  };

  const submit = async (chosen: PaymentMethod) => {
    if (busy) return;
    method.current = chosen;
    setSubmitted(true);
    const firstProblem = Object.keys(problems)[0];
    if (firstProblem || unregistered) {
      notify({ severity: 'warning', message: CHECKOUT_TEXTS.fixFields });
      if (firstProblem) document.getElementById(firstProblem)?.focus();
      return;
    }
    setBusy(true);
    const email = buyerEmail();
    try {
      const check = await services.checkEmail(email, false, brand.appName);
      setBusy(false);
      if (check.approvalMail) afterVerification(chosen);
      else setDialog({ kind: 'verify', email, method: chosen });
    } catch (error) {
      setBusy(false);
      notify({ severity: 'error', message: messageOf(error) });
    }
  };

  const onVerified = (email: string) => {
    // A corrected e-mail in the resend view is the buyer's e-mail from now on.
    const key = withBilling ? 'billing' : 'service';
    setValues((v) => ({ ...v, [key]: { ...v[key], email } }));
    afterVerification(method.current);
  };

  const cash = withBilling && parameters.paymentCashApply && !NO_CASH_BRANDS.includes(brand.appName.toLowerCase());
  const money = (value: { toString(): string }) => formatMoney(value.toString(), { maximumFractionDigits: 2 });

  return (
    <Box component="section" aria-labelledby="checkout-title" sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <BackLink to={landing} />
        <Typography id="checkout-title" variant="h1" sx={{ mt: 1 }}>
          {withBilling ? CHECKOUT_TEXTS.paidTitle : CHECKOUT_TEXTS.freeTitle}
        </Typography>
      </Box>

      <Box
        component="form"
        noValidate
        aria-labelledby="checkout-title"
        // §5: the Enter key does not submit.
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
        }}
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          {withBilling && (
            <Paper variant="outlined" component="section" aria-labelledby="billing-title" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="billing-title" variant="h2" sx={{ mb: 1 }}>
                Datos de facturación
              </Typography>
              {locked && (
                <FormControlLabel
                  control={<Checkbox checked={editBilling} onChange={(event) => setEditBilling(event.target.checked)} />}
                  label={CHECKOUT_TEXTS.editBilling}
                />
              )}
              <CustomerSection
                section="Billing"
                values={values.billing}
                errors={shown}
                documentTypes={brand.documentTypes}
                documentTypeNames={data.documentTypeNames}
                states={data.states}
                locked={billingLocked || busy}
                onChange={change('Billing')}
                onPlace={place('Billing')}
                onBlur={blur('Billing')}
              />
            </Paper>
          )}
          <Paper variant="outlined" component="section" aria-labelledby="service-title" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="service-title" variant="h2" sx={{ mb: 0.5 }}>
              Datos de activación
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              La licencia queda a nombre de este cliente; enviaremos las instrucciones de uso a este correo electrónico.
            </Typography>
            {locked && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {CHECKOUT_TEXTS.contactNote}
                {contactLine(parameters.all)}
              </Alert>
            )}
            <CustomerSection
              section="Service"
              values={values.service}
              errors={shown}
              documentTypes={brand.documentTypes}
              documentTypeNames={data.documentTypeNames}
              states={data.states}
              locked={locked || busy}
              onChange={change('Service')}
              onPlace={place('Service')}
              onBlur={blur('Service')}
            />
          </Paper>
          <LegalTermsCheck
            checked={values.legalTermsCheck}
            disabled={busy}
            error={shown.legalTermsCheck}
            onChange={(checked) => {
              setValues((v) => ({ ...v, legalTermsCheck: checked }));
              setTouched((t) => new Set(t).add('legalTermsCheck'));
            }}
          />
        </Box>

        <Paper
          variant="outlined"
          component="aside"
          aria-label="Resumen de la compra"
          sx={{
            p: { xs: 2, sm: 3 },
            position: { md: 'sticky' },
            top: { md: 16 },
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
            order: { xs: -1, md: 0 },
          }}
        >
          <Typography variant="h2" component="h2">
            Tu compra
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            {priced.lines.map(({ item, line }) => (
              <Box component="li" key={item.packageId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2">
                  {item.packageName}
                  {!item.isEmployee && item.number > 1 ? ` × ${item.number}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {money(line.total)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>Total</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
              {money(total)}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary">
            Impuesto incluido
          </Typography>
        </Paper>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: { xs: 'stretch', sm: 'flex-end' }, gridColumn: { md: '1 / 2' } }}>
          <Button
            variant="text"
            disabled={busy}
            onClick={() => cancel(landing, !!session, navigate)}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, order: { xs: 3, sm: 0 } }}
          >
            Cancelar
          </Button>
          {withBilling ? (
            <>
              {cash && (
                <Button
                  variant="outlined"
                  size="large"
                  disabled={busy}
                  onClick={() => void submit('EFECTIVO')}
                  sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
                >
                  Pago en efectivo
                </Button>
              )}
              <Button
                variant="contained"
                size="large"
                disabled={busy}
                onClick={() => void submit('EN_LINEA')}
                startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
                sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
              >
                Pago en línea
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              size="large"
              disabled={busy}
              onClick={() => void submit('SIN_PAGO')}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
              sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              Activar
            </Button>
          )}
        </Box>
      </Box>

      {dialog?.kind === 'verify' && (
        <EmailVerificationDialog
          email={dialog.email}
          appName={brand.appName}
          blockedDomains={data.blockedDomains}
          services={services}
          onVerified={onVerified}
          onCancel={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'changeCustomer' && (
        <CheckoutDialog
          title={CHECKOUT_TEXTS.changeCustomerTitle}
          onClose={() => setDialog(undefined)}
          actions={[
            { label: 'Cancelar', onClick: () => setDialog(undefined) },
            { label: 'Continuar', primary: true, onClick: () => afterCustomer(dialog.method) },
          ]}
        >
          {CHECKOUT_TEXTS.changeCustomerText}
        </CheckoutDialog>
      )}
      {dialog?.kind === 'cashNotice' && (
        <CheckoutDialog
          title={CHECKOUT_TEXTS.cashTitle}
          onClose={() => setDialog(undefined)}
          busy={busy}
          actions={[
            { label: 'Cancelar', onClick: () => setDialog(undefined) },
            {
              label: 'Continuar',
              primary: true,
              onClick: () => {
                setDialog(undefined);
                void save('EFECTIVO');
              },
            },
          ]}
        >
          {CHECKOUT_TEXTS.cashText}
        </CheckoutDialog>
      )}
      {children}
    </Box>
  );
}

/** Cancel returns to My Plan (signed in), to the landing page, or to / (§2). */
function cancel(landing: string, signedIn: boolean, navigate: (to: string) => Promise<void> | void) {
  if (signedIn) return void navigate('/myplan');
  if (/^https?:\/\//i.test(landing)) window.location.assign(landing);
  else void navigate(landing);
}

/** The brand's contact labels, when its parameters give them (contactEmail, contactPhone). */
function contactLine(all: Record<string, unknown>): string {
  const parts = [
    typeof all.contactEmail === 'string' ? `Correo: ${all.contactEmail}` : '',
    typeof all.contactPhone === 'string' ? `Teléfono: ${all.contactPhone}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(' · ')}).` : '.';
}
