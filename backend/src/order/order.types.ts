import type { components } from '@licencias/common/schema';

/**
 * What other domains may use of orders (payments moves an order's state through
 * OrderService.transition; the summary reads its figures).
 */
export const ORDER_STATES = ['REGISTERED', 'AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED', 'REJECTED', 'CANCELLED'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_METHODS = ['EN_LINEA', 'EFECTIVO', 'SIN_PAGO'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type OrderCustomerSnapshot = components['schemas']['PurchaseCustomer'];

export const ORDER_NOT_FOUND_MESSAGE = 'La orden de compra no existe';

/** The moves an order may make; anything else is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  REGISTERED: ['PAID', 'REJECTED', 'CANCELLED'],
  AWAITING_CASH_PROOF: ['PAID', 'REJECTED', 'CANCELLED'],
  PAID: ['ACTIVATED'],
  ACTIVATED: [],
  REJECTED: [],
  CANCELLED: [],
};

/** An order as other domains read it (amounts as numeric text, 2 decimals). */
export interface OrderView {
  id: number;
  referenceUuid: string;
  appName: string;
  serviceId: number;
  state: OrderState;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  subTotal: string;
  totalDiscount: string;
  taxIva: string;
  taxReteIva: string;
  taxReteIca: string;
  taxReteFuente: string;
  total: string;
}

/** A package of an order as registered (amounts as numeric text, 2 decimals; store §3 purchase summary). */
export interface OrderLineView {
  packageId: number;
  packageCode: string;
  packageName: string;
  quantity: number;
  /** One unit before IVA (the whole line's for an employee package). */
  unitPrice: string;
  /** Before discounts and IVA. */
  gross: string;
  discount: string;
  ivaValue: string;
  /** What the line costs, IVA included. */
  total: string;
}

/** A line with its id (the licences it granted are named `OC-{order}/{line}`). */
export interface OrderLineRow extends OrderLineView {
  id: number;
}
