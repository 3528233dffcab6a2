import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { CN_EMPRESARIAL } from '../../cart/testing/packages';
import { storedCart } from '../../checkout/testing/checkout-fakes';
import { renderInStore } from '../../testing/store-harness';
import { type OrderStatus, type PaymentStatusServices, statusView } from './payment-status';
import PaymentStatusPage from './PaymentStatusPage';

const REFERENCE = '6f1c2a52-7f0e-4d51-9d0a-2b8f1f0f7a10';
const APP_URL = 'http://colnomina.localhost:3000/myplan';

const answer = (result: boolean, code: OrderStatus['code'], resultMessage: string): OrderStatus => ({
  result,
  code,
  resultMessage,
  resultData: { code, urlBaseExternalApp: APP_URL },
});
const PENDING = answer(false, 'WR12', 'Tu pago está pendiente de confirmación. Te avisaremos a tu correo electrónico cuando se apruebe.');
const PAID = answer(true, 'OK14', 'Tu pago fue aprobado y tu licencia está activa.');

/** A status service answering the given statuses in turn (the last one from then on). */
function fakeStatus(...answers: (OrderStatus | Error)[]) {
  let i = 0;
  const status = vi.fn<PaymentStatusServices['status']>(() => {
    const next = answers[Math.min(i, answers.length - 1)] as OrderStatus | Error;
    i += 1;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  return { status };
}

function renderStatus(services: PaymentStatusServices, polling: boolean, storage?: Awaited<ReturnType<typeof storedCart>>) {
  return renderInStore(<PaymentStatusPage services={services} tickMs={5} />, {
    path: '/registerPurchaseOrder/statusOrder/:referenceUuid',
    initialEntry: `/registerPurchaseOrder/statusOrder/${REFERENCE}`,
    parameters: { paymentStatusPolling: polling },
    routes: [{ path: '/inicio', element: <p>La tienda</p> }],
    ...(storage ? { storage } : {}),
  });
}

describe('statusView', () => {
  it('gives the four titles of §2 by result and code', () => {
    expect(statusView({ result: true, code: 'OK15' }).title).toBe('¡Activación exitosa!');
    expect(statusView({ result: true, code: 'OK14' }).title).toBe('¡Pago exitoso!');
    expect(statusView({ result: false, code: 'WR12' }).title).toBe('¡Licencia pendiente por activar!');
    expect(statusView({ result: false, code: 'ER20' }).title).toBe('¡Lo sentimos!');
    expect(statusView({ result: false, code: 'ER21' }).kind).toBe('error');
  });
});

describe('PaymentStatusPage', () => {
  it("shows '¡Activación exitosa!' with the e-mailed instructions and the button to the app, and empties the cart", async () => {
    const services = fakeStatus(answer(true, 'OK15', 'Tu licencia fue activada.'));
    const { cart } = renderStatus(services, true, await storedCart('colnomina', CN_EMPRESARIAL));
    expect(await screen.findByRole('heading', { name: '¡Activación exitosa!' })).toBeInTheDocument();
    expect(screen.getByText('Tu licencia fue activada.')).toBeInTheDocument();
    expect(screen.getByText('Te enviamos a tu correo electrónico las instrucciones para usar tu licencia.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a Colnómina' })).toBeInTheDocument();
    expect(services.status).toHaveBeenCalledWith(REFERENCE, 'colnomina', 0);
    await waitFor(() => expect(cart.getSnapshot().cart.items).toHaveLength(0));
  });

  it('asks again after the countdown while the payment is pending, and shows the approval', async () => {
    const services = fakeStatus(PENDING, PENDING, PAID);
    renderStatus(services, true);
    expect(await screen.findByRole('heading', { name: '¡Licencia pendiente por activar!' })).toBeInTheDocument();
    expect(screen.getByText(PENDING.resultMessage)).toBeInTheDocument();
    expect(screen.getByText(/^Volveremos a consultar en \d+ segundos?\.$/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '¡Pago exitoso!' })).toBeInTheDocument();
    expect(services.status.mock.calls.map((c) => c[2])).toEqual([0, 1, 2]);
  });

  it("stops after 6 more queries and offers 'Aceptar'", async () => {
    const services = fakeStatus(PENDING);
    renderStatus(services, true);
    const accept = await screen.findByRole('button', { name: 'Aceptar' }, { timeout: 3000 });
    expect(services.status.mock.calls.map((c) => c[2])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(screen.getByText('Tu pago sigue pendiente. Te avisaremos a tu correo electrónico cuando se confirme.')).toBeInTheDocument();
    await userEvent.click(accept);
    expect(await screen.findByText('La tienda')).toBeInTheDocument();
  });

  it("asks once with -1 and offers 'Aceptar' when the brand's polling is off", async () => {
    const services = fakeStatus(PENDING, PAID);
    renderStatus(services, false);
    expect(await screen.findByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(screen.queryByText(/Volveremos a consultar/)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(services.status.mock.calls).toEqual([[REFERENCE, 'colnomina', -1]]);
  });

  it("shows '¡Lo sentimos!' with the server's message and 'Volver a la tienda' on an ER code or a refusal", async () => {
    renderStatus(fakeStatus(answer(false, 'ER20', 'Tu pago fue rechazado. Puedes volver a la tienda e intentarlo de nuevo.')), true);
    expect(await screen.findByRole('heading', { name: '¡Lo sentimos!' })).toBeInTheDocument();
    expect(screen.getByText('Tu pago fue rechazado. Puedes volver a la tienda e intentarlo de nuevo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ir a Colnómina' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la tienda' }));
    expect(await screen.findByText('La tienda')).toBeInTheDocument();
  });

  it("shows '¡Lo sentimos!' with the message of a 404", async () => {
    renderStatus(fakeStatus(new ApiError('La orden de compra no existe', 404)), true);
    expect(await screen.findByRole('heading', { name: '¡Lo sentimos!' })).toBeInTheDocument();
    expect(screen.getByText('La orden de compra no existe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver a la tienda' })).toBeInTheDocument();
  });
});
