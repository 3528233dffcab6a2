import type { components } from '@licencias/common/schema';
import { ApiError } from '../api';
import type { PricedCart } from '../cart/pricing';
import { packagesToPurchase } from '../cart/rules';
import type { CartState } from '../cart/types';
import { toCustomerInput, type FormValues } from './form';

export type PaymentMethod = components['schemas']['PaymentMethod'];
export type OrderRequest = components['schemas']['RegisterPurchaseOrderRequest'];
export type OrderResponse = components['schemas']['PurchaseOrderResponse'];

/** Texts of §8 for a failed registration. */
export const ORDER_MESSAGES = {
  registerDefault: 'Se ha presentado un error al registrar tu orden de compra, Por favor intenta nuevamente.',
  cashTitle: '¡Perfecto!',
  cashText: 'Se ha enviado la orden de pedido a tu correo electrónico',
  buyOnlyOneTitle: '¡Tenemos un problema!',
  pendingTitle: '¡Algo salió mal!',
  sorryTitle: '¡Lo sentimos!',
  activeAccountTitle: '¡Ya tienes una cuenta activa!',
} as const;

/**
 * RegisterPurchaseOrder's request (store §3) from the form and the cart: a free cart sends its
 * activation data as billing too; the totals are what the buyer saw (the server recomputes them and
 * refuses a different total).
 */
export function buildOrderRequest(input: {
  values: FormValues;
  method: PaymentMethod;
  withBilling: boolean;
  cart: CartState;
  priced: PricedCart;
  appName: string;
  userName?: string;
  /** The activation route (/registerPurchaseOrder/activatePlan): the server checks whether the user is already active. */
  checkUserActivation?: boolean;
}): OrderRequest {
  const service = toCustomerInput(input.values.service, 'Service');
  const billing = input.withBilling ? toCustomerInput(input.values.billing, 'Billing') : service;
  const { totals } = input.priced;
  return {
    customerBilling: billing,
    customerService: service,
    packagesToPurchase: packagesToPurchase(input.cart),
    promotionCodeUse: input.cart.promo?.code ?? null,
    totalDiscount: totals.discount.toNumber(),
    totalTaxIva: totals.iva.toNumber(),
    totalPurchase: totals.total.toNumber(),
    userRegisterPurchase: input.userName ?? null,
    paymentMethod: input.method,
    appName: input.appName,
    ...(input.checkUserActivation ? { checkUserActivation: true, sendEmailActivationLicense: true } : {}),
  };
}

/** A refusal of RegisterPurchaseOrder as §8 tells it apart. */
export type OrderFailure =
  | { kind: 'ER15' | 'ER17'; message: string }
  | { kind: 'ER16'; message: string; minDateToRenewLicense: string | null }
  | { kind: 'fields'; message: string; fields: Record<string, string> }
  | { kind: 'other'; message: string };

function responseData(body: unknown): { Code?: unknown; MinDateToRenewLicense?: unknown } | undefined {
  const result = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
  const text = typeof result === 'object' && result !== null ? (result as { responseData?: unknown }).responseData : undefined;
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a failed registration means: ER15/ER16/ER17 from `result.responseData` (a JSON text), the
 * form's fields named in `statusDetails` (`customerBilling.email` → `emailBilling`), or any other
 * failure with the server's message (or §8's default).
 */
export function orderFailureOf(error: unknown): OrderFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', message: ORDER_MESSAGES.registerDefault };
  const message =
    error.status === 422 || error.status === 409
      ? error.message || ORDER_MESSAGES.registerDefault
      : error.status === 0
        ? error.message
        : ORDER_MESSAGES.registerDefault;
  const data = responseData(error.body);
  if (data?.Code === 'ER16')
    return { kind: 'ER16', message, minDateToRenewLicense: typeof data.MinDateToRenewLicense === 'string' ? data.MinDateToRenewLicense : null };
  if (data?.Code === 'ER15' || data?.Code === 'ER17') return { kind: data.Code, message };
  const fields: Record<string, string> = {};
  for (const detail of error.body?.statusDetails ?? []) {
    const match = /^(customerBilling|customerService)\.(\w+)$/.exec(detail.field ?? '');
    if (match) fields[`${match[2]}${match[1] === 'customerBilling' ? 'Billing' : 'Service'}`] = detail.description;
  }
  if (Object.keys(fields).length > 0) return { kind: 'fields', message, fields };
  return { kind: 'other', message };
}

/** The gateways whose checkoutUrl the buyer opens with the signed link. */
const LINKED_GATEWAYS: ReadonlySet<OrderResponse['paymentGateway']> = new Set(['EPAYCO', 'SANDBOX', 'PAGUEATIEMPO'] as const);

/**
 * Where an online order is paid (store §4 "Online"), opened with paymentId, signToken, docType and
 * docNumber: EPAYCO and the sandbox are a payment page; PAGUEATIEMPO is the server's hand-off,
 * which posts the provider's payment form and sends the buyer on to the url it answers.
 * Undefined when the order has no payment page (cash, free).
 */
export function paymentPageUrl(order: OrderResponse): string | undefined {
  if (order.paymentMethod !== 'EN_LINEA' || !LINKED_GATEWAYS.has(order.paymentGateway)) return undefined;
  if (!order.checkoutUrl || !order.token || !order.epaycoPaymentCode) return undefined;
  const query = new URLSearchParams({
    paymentId: order.epaycoPaymentCode,
    signToken: order.token,
    docType: order.documentType,
    docNumber: order.documentNumber,
  });
  return `${order.checkoutUrl}?${query.toString()}`;
}

/**
 * One Idempotency-Key per submission: the same request (a double click, a retry after a lost
 * answer) carries the same key, so the server registers one order; other data get a new key.
 */
export class IdempotencyKeys {
  private last: { fingerprint: string; key: string } | undefined;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(request: OrderRequest): string {
    const fingerprint = JSON.stringify(request);
    if (this.last?.fingerprint !== fingerprint) this.last = { fingerprint, key: this.newKey() };
    return this.last.key;
  }

  /** After a definitive answer the next submission is a new one. */
  settle(): void {
    this.last = undefined;
  }
}
