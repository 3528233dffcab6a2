import { dayToText } from '@licencias/common/dates';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { ApiError } from '../api';
import { useAuth } from '../auth/auth-context';
import { LOGIN_PATH } from '../auth/return-path';
import { useBrand } from '../brand/brand-context';
import { useCart } from '../cart/cart-context';
import { priceCart } from '../cart/pricing';
import { CheckoutDialog } from './CheckoutDialog';
import type { FormErrors, FormValues } from './form';
import {
  buildOrderRequest,
  IdempotencyKeys,
  ORDER_MESSAGES,
  orderFailureOf,
  type OrderFailure,
  type OrderRequest,
  type OrderResponse,
  type PaymentMethod,
  paymentPageUrl,
} from './order';
import { PurchaseForm } from './PurchaseForm';
import { createCheckoutServices } from './services';
import type { CheckoutServices } from './types';

/** While the same Idempotency-Key is still being answered the server says 409: ask again a few times. */
const IN_FLIGHT_RETRIES = 5;
const IN_FLIGHT_DELAY_MS = 800;

async function registerWithRetry(services: CheckoutServices, request: OrderRequest, key: string): Promise<OrderResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await services.registerOrder(request, key);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409) || attempt >= IN_FLIGHT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_DELAY_MS));
    }
  }
}

/** The reload after the buy-only-one-licence confirmation (§9). */
const RELOAD_DELAY_MS = 1000;

type Answer = { kind: 'cash'; order: OrderResponse } | { kind: 'active' } | { kind: 'failure'; failure: OrderFailure };

/** The answer of an activation whose user already has an active account (§4, SIN_PAGO with activation check). */
const ACTIVE_ACCOUNT = 'OK16';

interface Props {
  services?: CheckoutServices;
  /** Values to start from (tests). */
  initialValues?: FormValues;
}

/**
 * `/registerPurchaseOrder`, `/registerPurchaseOrder/activatePlan` and `/license/RegisterPurchaseExt`:
 * the purchase and activation form, open to visitors, and RegisterPurchaseOrder's answers (§4, §8):
 * cash shows '¡Perfecto!' and empties the cart; online and free payment go on at the order's status
 * page; ER15, ER16 and ER17 have their dialogs, any other refusal '¡Lo sentimos!'.
 */
export default function PurchaseOrderPage({ services: given, initialValues }: Props) {
  const services = useMemo(() => given ?? createCheckoutServices(), [given]);
  const { brand, parameters } = useBrand();
  const { session } = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const keys = useRef(new IdempotencyKeys());
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const [answer, setAnswer] = useState<Answer>();
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [formKey, setFormKey] = useState(0);
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage || '/';
  const activatePlan = useMatch('/registerPurchaseOrder/activatePlan') !== null;

  const register = (values: FormValues, method: PaymentMethod, withBilling: boolean): Promise<void> => {
    // A second click while the first is on its way is the same submission.
    if (inFlight.current) return inFlight.current;
    const request = buildOrderRequest({
      values,
      method,
      withBilling,
      cart: cart.cart,
      priced: priceCart(cart.cart),
      appName: brand.appName,
      ...(session ? { userName: session.userName } : {}),
      checkUserActivation: activatePlan && method === 'SIN_PAGO',
    });
    const key = keys.current.keyFor(request);
    const run = (async () => {
      try {
        const order = await registerWithRetry(services, request, key);
        keys.current.settle();
        setServerErrors({});
        if (order.paymentMethod === 'EFECTIVO') {
          setAnswer({ kind: 'cash', order });
          cart.clear();
          return;
        }
        if (order.code === ACTIVE_ACCOUNT) {
          cart.clear();
          setAnswer({ kind: 'active' });
          return;
        }
        // Online payment goes on at the gateway's page, which comes back to the status page; the
        // cart stays until the payment is known (a declined buyer may try again).
        const paymentPage = paymentPageUrl(order);
        if (paymentPage) {
          services.openPayment(paymentPage);
          return;
        }
        // A free plan is active already: the status page empties the cart once it shows the activation
        // (emptied here, the form would first send its empty cart to the landing page).
        await navigate(`/registerPurchaseOrder/statusOrder/${order.referenceUuid}`);
      } catch (error) {
        const failure = orderFailureOf(error);
        // A lost answer, or the same key still in flight, keeps the key: trying again is the same order.
        if (!(error instanceof ApiError && (error.status === 0 || error.status === 409))) keys.current.settle();
        if (failure.kind === 'fields') setServerErrors(failure.fields);
        setAnswer({ kind: 'failure', failure });
      } finally {
        inFlight.current = undefined;
      }
    })();
    inFlight.current = run;
    return run;
  };

  const close = () => setAnswer(undefined);
  const go = (to: string) => {
    if (/^https?:\/\//i.test(to)) window.location.assign(to);
    else void navigate(to);
  };

  // After a cash order or an active account the cart is empty: the form gives way to the answer.
  if (answer?.kind === 'cash') {
    return (
      <DonePanel title="Orden de compra registrada" text={`Referencia de pago: ${answer.order.paymentRequest.fullReference}`}>
        <CheckoutDialog
          title={ORDER_MESSAGES.cashTitle}
          actions={[{ label: 'Aceptar', primary: true, onClick: () => go(`/summaryorder/${answer.order.referenceUuid}`) }]}
        >
          <span>{ORDER_MESSAGES.cashText}</span>
          <span>
            Referencia de pago: <strong>{answer.order.paymentRequest.fullReference}</strong>
          </span>
        </CheckoutDialog>
      </DonePanel>
    );
  }
  if (answer?.kind === 'active') {
    return (
      <DonePanel title={ORDER_MESSAGES.activeAccountTitle} text="Ingresa con tu usuario para usar tu plan.">
        <CheckoutDialog
          title={ORDER_MESSAGES.activeAccountTitle}
          actions={[{ label: `Ir a ${brand.title}`, primary: true, onClick: () => go(brand.appInfo.urlSecutityLogin || landing) }]}
        >
          Ingresa con tu usuario para usar tu plan.
        </CheckoutDialog>
      </DonePanel>
    );
  }

  return (
    <PurchaseForm key={formKey} services={services} initialValues={initialValues} onSubmit={register} serverErrors={serverErrors}>
      {answer?.kind === 'failure' && (
        <FailureDialog
          failure={answer.failure}
          signedIn={!!session}
          onClose={close}
          onReset={() => {
            close();
            setServerErrors({});
            setFormKey((k) => k + 1);
          }}
          onMyPlan={() => go('/myplan')}
          onSignIn={() => {
            go(brand.appInfo.urlSecutityLogin || LOGIN_PATH);
            setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
          }}
          onLanding={() => go(landing)}
        />
      )}
    </PurchaseForm>
  );
}

/** What stays behind the answer's dialog once the cart is empty. */
function DonePanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="done-title" sx={{ maxWidth: 620, mx: 'auto', textAlign: 'center', p: { xs: 3, sm: 5 } }}>
      <Typography id="done-title" variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      {children}
    </Paper>
  );
}

interface FailureProps {
  failure: OrderFailure;
  signedIn: boolean;
  onClose(): void;
  onReset(): void;
  onMyPlan(): void;
  onSignIn(): void;
  onLanding(): void;
}

/** The dialogs of §8 for a refused order. */
function FailureDialog({ failure, signedIn, onClose, onReset, onMyPlan, onSignIn, onLanding }: FailureProps) {
  switch (failure.kind) {
    case 'ER15':
      // errorRegisterPayment: empty title; accepting resets the form.
      return (
        <CheckoutDialog title="" onClose={onReset} actions={[{ label: 'Aceptar', primary: true, onClick: onReset }]}>
          {failure.message}
        </CheckoutDialog>
      );
    case 'ER16':
      return (
        <CheckoutDialog
          title={ORDER_MESSAGES.buyOnlyOneTitle}
          onClose={onClose}
          actions={
            signedIn
              ? [{ label: 'Ir a Mi Plan', primary: true, onClick: onMyPlan }]
              : [
                  { label: 'Cancelar', onClick: onClose },
                  { label: 'Ingresar', primary: true, onClick: onSignIn },
                ]
          }
        >
          <span>{failure.message}</span>
          {/* The date, unless the server's message already says it. */}
          {failure.minDateToRenewLicense && !failure.message.includes(dayToText(failure.minDateToRenewLicense)) && (
            <span>
              Podrás renovar tu plan a partir del <strong>{dayToText(failure.minDateToRenewLicense)}</strong>.
            </span>
          )}
          <span>
            {signedIn
              ? 'Si necesitas más transacciones, compra paquetes adicionales desde Mi Plan.'
              : 'Ingresa y usa la opción «Mi Plan» en la aplicación para comprar paquetes adicionales.'}
          </span>
        </CheckoutDialog>
      );
    case 'ER17':
      return (
        <CheckoutDialog title={ORDER_MESSAGES.pendingTitle} onClose={onLanding} actions={[{ label: 'Entendido', primary: true, onClick: onLanding }]}>
          <span>{failure.message}</span>
          <span>Si el problema continúa, comunícate con nuestro equipo de soporte.</span>
        </CheckoutDialog>
      );
    default:
      return (
        <CheckoutDialog title={ORDER_MESSAGES.sorryTitle} onClose={onClose} actions={[{ label: 'Aceptar', primary: true, onClick: onClose }]}>
          {failure.message}
        </CheckoutDialog>
      );
  }
}
