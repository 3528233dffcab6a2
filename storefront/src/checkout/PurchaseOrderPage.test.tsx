import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Decimal } from 'decimal.js';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { CN_EMPRESARIAL, CN_GRATIS } from '../cart/testing/packages';
import { renderInStore } from '../testing/store-harness';
import { buildOrderRequest, IdempotencyKeys, orderFailureOf, type OrderResponse } from './order';
import PurchaseOrderPage from './PurchaseOrderPage';
import { fakeServices, storedCart, validForm } from './testing/checkout-fakes';
import type { CheckoutServices } from './types';

const ORDER: OrderResponse = {
  token: null,
  paymentGateway: null,
  epaycoPaymentCode: null,
  checkoutUrl: null,
  referenceUuid: '6f1c2a52-7f0e-4d51-9d0a-2b8f1f0f7a10',
  code: 'OK01',
  statusMessage: 'Orden registrada',
  state: 'AWAITING_CASH_PROOF',
  paymentMethod: 'EFECTIVO',
  documentType: 'NIT',
  documentNumber: '800197268',
  customerBillingDocumentType: 'NIT',
  paymentRequest: {
    fullReference: 'CN-000123',
    redirectionUrl: '/registerPurchaseOrder/statusOrder/6f1c2a52-7f0e-4d51-9d0a-2b8f1f0f7a10',
    subTotal: 1260504.2,
    totalDiscount: 252100.84,
    taxIva: 191596.64,
    taxReteIva: 0,
    taxReteIca: 0,
    taxReteFuente: 0,
    total: 1200000,
    service: 'Colnómina',
    productsList: [],
  },
};

/** A 422 of RegisterPurchaseOrder as the server writes it. */
function refusal(code: string, message: string, minDate: string | null = null) {
  return new ApiError(message, 422, {
    statusCode: 422,
    statusMessage: message,
    statusDetails: [],
    result: { responseData: JSON.stringify({ Code: code, MinDateToRenewLicense: minDate }) },
  } as never);
}

async function setup(services: CheckoutServices, { signedIn = false, path = '/registerPurchaseOrder', free = false } = {}) {
  const storage = await storedCart('colnomina', free ? CN_GRATIS : CN_EMPRESARIAL);
  const view = renderInStore(<PurchaseOrderPage services={services} initialValues={validForm()} />, {
    path,
    storage,
    signedIn,
    routes: [
      { path: '/summaryorder/:id', element: <p>Resumen</p> },
      { path: '/registerPurchaseOrder/statusOrder/:id', element: <p>Estado de la orden</p> },
      { path: '/myplan', element: <p>Mi Plan</p> },
    ],
  });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** A complete form (the form's own tests type it) paid in cash. */
async function payCash() {
  await userEvent.click(screen.getByRole('button', { name: 'Pago en efectivo' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Pago en efectivo' })).getByRole('button', { name: 'Continuar' }));
}

describe('PurchaseOrderPage', () => {
  it('a cash order shows ¡Perfecto!, empties the cart and carries one Idempotency-Key', async () => {
    const registerOrder = vi.fn<CheckoutServices['registerOrder']>(() => Promise.resolve(ORDER));
    const { cart, router } = await setup(fakeServices({ registerOrder }));
    await payCash();
    const done = await screen.findByRole('dialog', { name: '¡Perfecto!' });
    expect(within(done).getByText('Se ha enviado la orden de pedido a tu correo electrónico')).toBeInTheDocument();
    expect(within(done).getByText('CN-000123')).toBeInTheDocument();
    expect(cart.getSnapshot().cart.items).toHaveLength(0);
    const [request, key] = registerOrder.mock.calls[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(request).toMatchObject({
      paymentMethod: 'EFECTIVO',
      appName: 'colnomina',
      totalPurchase: 1200000,
      packagesToPurchase: [{ packageCode: 'CN-EMPRESARIAL', packageQuantity: 1 }],
      customerBilling: { documentNumber: '800197268', dv: '4', email: 'compras@dian.gov.co' },
      customerService: { legalDocumentNumber: '79123456', firstName: null },
    });
    // The emptied cart does not send the buyer away while the dialog is up.
    expect(router.state.location.pathname).toBe('/registerPurchaseOrder');
    await userEvent.click(within(done).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/summaryorder/${ORDER.referenceUuid}`));
  });

  it('ER16 for a visitor: ¡Tenemos un problema!, the renewal date, Ingresar and Cancelar', async () => {
    const message = 'Ya tienes un plan base vigente de Colnómina.';
    await setup(fakeServices({ registerOrder: () => Promise.reject(refusal('ER16', message, '2027-01-15')) }));
    await payCash();
    const dialog = await screen.findByRole('dialog', { name: '¡Tenemos un problema!' });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByText('15/01/2027')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it('ER16 for a signed-in customer: Ir a Mi Plan, and the date once when the message already says it', async () => {
    const message = 'Ya tienes un plan base activo de este producto. Podrás renovarlo a partir del 15/01/2027.';
    const { router } = await setup(fakeServices({ registerOrder: () => Promise.reject(refusal('ER16', message, '2027-01-15')) }), { signedIn: true });
    await payCash();
    const dialog = await screen.findByRole('dialog', { name: '¡Tenemos un problema!' });
    expect(within(dialog).getAllByText(/15\/01\/2027/)).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Ingresar' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ir a Mi Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myplan'));
  });

  it('ER17: ¡Algo salió mal! with Entendido', async () => {
    await setup(fakeServices({ registerOrder: () => Promise.reject(refusal('ER17', 'Tienes una licencia pendiente por activar.')) }));
    await payCash();
    const dialog = await screen.findByRole('dialog', { name: '¡Algo salió mal!' });
    expect(within(dialog).getByText('Tienes una licencia pendiente por activar.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Entendido' })).toBeInTheDocument();
  });

  it('a free activation on /registerPurchaseOrder/activatePlan asks the activation check; OK16 says the account is active', async () => {
    const registerOrder = vi.fn<CheckoutServices['registerOrder']>(() =>
      Promise.resolve({ ...ORDER, code: 'OK16', paymentMethod: 'SIN_PAGO', state: 'REGISTERED' }),
    );
    const { cart } = await setup(fakeServices({ registerOrder }), { path: '/registerPurchaseOrder/activatePlan', free: true });
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const dialog = await screen.findByRole('dialog', { name: '¡Ya tienes una cuenta activa!' });
    expect(within(dialog).getByRole('button', { name: 'Ir a Colnómina' })).toBeInTheDocument();
    expect(registerOrder.mock.calls[0]![0]).toMatchObject({ paymentMethod: 'SIN_PAGO', checkUserActivation: true, totalPurchase: 0 });
    expect(cart.getSnapshot().cart.items).toHaveLength(0);
  });

  it('a 409 (the same key still in flight) is asked again with the same key', async () => {
    const registerOrder = vi
      .fn<CheckoutServices['registerOrder']>()
      .mockRejectedValueOnce(new ApiError('La solicitud con esa clave sigue en curso.', 409))
      .mockResolvedValueOnce(ORDER);
    await setup(fakeServices({ registerOrder }));
    await payCash();
    expect(await screen.findByRole('dialog', { name: '¡Perfecto!' }, { timeout: 3000 })).toBeInTheDocument();
    expect(registerOrder).toHaveBeenCalledTimes(2);
    expect(registerOrder.mock.calls[1]![1]).toBe(registerOrder.mock.calls[0]![1]);
  });

  it('online payment through ePayco or the sandbox opens the payment page with paymentId, signToken, docType and docNumber, keeping the cart', async () => {
    const token = 'ab'.repeat(32);
    const registerOrder = vi.fn<CheckoutServices['registerOrder']>(() =>
      Promise.resolve({
        ...ORDER,
        paymentMethod: 'EN_LINEA',
        state: 'REGISTERED',
        paymentGateway: 'SANDBOX',
        token,
        epaycoPaymentCode: ORDER.referenceUuid,
        checkoutUrl: '/api/v1/payments/checkout',
      }),
    );
    const openPayment = vi.fn<CheckoutServices['openPayment']>();
    const { cart, router } = await setup(fakeServices({ registerOrder, openPayment }));
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    await waitFor(() => expect(openPayment).toHaveBeenCalledTimes(1));
    expect(openPayment).toHaveBeenCalledWith(
      `/api/v1/payments/checkout?paymentId=${ORDER.referenceUuid}&signToken=${token}&docType=${ORDER.documentType}&docNumber=${ORDER.documentNumber}`,
    );
    expect(router.state.location.pathname).toBe('/registerPurchaseOrder');
    expect(cart.getSnapshot().cart.items).toHaveLength(1);
  });

  it('online payment through PagueATiempo opens the server’s hand-off with the same four values, keeping the cart', async () => {
    const token = 'cd'.repeat(32);
    const registerOrder = vi.fn<CheckoutServices['registerOrder']>(() =>
      Promise.resolve({
        ...ORDER,
        paymentMethod: 'EN_LINEA',
        state: 'REGISTERED',
        paymentGateway: 'PAGUEATIEMPO',
        token,
        epaycoPaymentCode: ORDER.referenceUuid,
        checkoutUrl: '/api/v1/payments/pagueatiempo/form',
      }),
    );
    const openPayment = vi.fn<CheckoutServices['openPayment']>();
    const { cart } = await setup(fakeServices({ registerOrder, openPayment }));
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    await waitFor(() => expect(openPayment).toHaveBeenCalledTimes(1));
    expect(openPayment).toHaveBeenCalledWith(
      `/api/v1/payments/pagueatiempo/form?paymentId=${ORDER.referenceUuid}&signToken=${token}&docType=${ORDER.documentType}&docNumber=${ORDER.documentNumber}`,
    );
    expect(cart.getSnapshot().cart.items).toHaveLength(1);
  });

  it('online payment without a payment page goes on at the order status page and keeps the cart', async () => {
    const registerOrder = vi.fn<CheckoutServices['registerOrder']>(() => Promise.resolve({ ...ORDER, paymentMethod: 'EN_LINEA', state: 'REGISTERED' }));
    const { cart, router } = await setup(fakeServices({ registerOrder }));
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/registerPurchaseOrder/statusOrder/${ORDER.referenceUuid}`));
    expect(registerOrder.mock.calls[0]![0]).not.toHaveProperty('checkUserActivation');
    expect(cart.getSnapshot().cart.items).toHaveLength(1);
  });
});

describe('order', () => {
  it('a free cart sends its activation data as billing too, with the totals the buyer saw', async () => {
    const { cart } = renderInStore(<p />, { storage: await storedCart('colnomina', CN_GRATIS) });
    const state = cart.getSnapshot().cart;
    const zero = new Decimal(0);
    const request = buildOrderRequest({
      values: validForm(),
      method: 'SIN_PAGO',
      withBilling: false,
      cart: state,
      priced: { lines: [], totals: { subtotal: zero, discount: zero, iva: zero, total: zero } },
      appName: 'colnomina',
    });
    expect(request.customerBilling).toEqual(request.customerService);
    expect(request).toMatchObject({ paymentMethod: 'SIN_PAGO', totalPurchase: 0, promotionCodeUse: null, userRegisterPurchase: null });
  });

  it('reads ER16 and its date from responseData, and field refusals by form field', () => {
    expect(orderFailureOf(refusal('ER16', 'Ya tienes un plan.', '2027-01-15'))).toEqual({
      kind: 'ER16',
      message: 'Ya tienes un plan.',
      minDateToRenewLicense: '2027-01-15',
    });
    const fields = new ApiError('Revisa los datos.', 422, {
      statusMessage: 'Revisa los datos.',
      statusDetails: [{ field: 'customerBilling.email', description: 'El dominio de correo ingresado no es permitido.' }],
    });
    expect(orderFailureOf(fields)).toEqual({
      kind: 'fields',
      message: 'Revisa los datos.',
      fields: { emailBilling: 'El dominio de correo ingresado no es permitido.' },
    });
    expect(orderFailureOf(new ApiError('Error de servidor', 500))).toEqual({
      kind: 'other',
      message: 'Se ha presentado un error al registrar tu orden de compra, Por favor intenta nuevamente.',
    });
  });

  it('gives the same Idempotency-Key to the same request until it is settled', () => {
    let n = 0;
    const keys = new IdempotencyKeys(() => `k${++n}`);
    const request = { paymentMethod: 'EFECTIVO' } as never;
    expect(keys.keyFor(request)).toBe('k1');
    expect(keys.keyFor(request)).toBe('k1');
    expect(keys.keyFor({ paymentMethod: 'EN_LINEA' } as never)).toBe('k2');
    keys.settle();
    expect(keys.keyFor(request)).toBe('k3');
  });
});
