import type { components } from '@licencias/common/schema';

/** An order of the list (GET /api/v1/orders). */
export type OrderSummary = components['schemas']['OrderSummary'];
/** One order with its lines, payments, proofs, licences and log (GET /api/v1/orders/{id}). */
export type OrderDetail = components['schemas']['OrderDetail'];
export type OrderState = OrderSummary['state'];
export type PaymentMethod = OrderSummary['paymentMethod'];
export type OrderAuditEntry = components['schemas']['OrderAuditEntry'];
export type OrderPayment = components['schemas']['OrderPayment'];

export const ORDER_STATES: readonly OrderState[] = ['REGISTERED', 'AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED', 'REJECTED', 'CANCELLED'];
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['EN_LINEA', 'EFECTIVO', 'SIN_PAGO'];
