import type { components } from '@licencias/common/schema';

/**
 * What other domains may use of orders (payments moves an order's state through
 * OrderService.transition; the summary reads its figures).
 */
export const ORDER_STATES = ['REGISTERED', 'AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED', 'REJECTED', 'CANCELLED'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_METHODS = ['EN_LINEA', 'EFECTIVO', 'SIN_PAGO'] as const;

export type OrderCustomerSnapshot = components['schemas']['PurchaseCustomer'];
