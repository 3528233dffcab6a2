import type { components } from '@licencias/common/schema';
import type { OrderState, OrderView } from './order.types.js';

type OrderStatus = components['schemas']['OrderStatus'];
type OrderStatusCode = components['schemas']['OrderStatusCode'];

/**
 * GetStatusPurchaseOrder's answers (store §4, payment status). The spec names OK15 (activation),
 * WR12 (pending) and "ER codes"; OK14, ER20 and ER21 and every message are decided here (listed in
 * docs/architecture.md, Orders).
 */
export const ORDER_STATUS_MESSAGES = {
  paid: 'Tu pago fue aprobado y tu licencia está activa.',
  activated: 'Tu licencia fue activada.',
  pendingOnline: 'Tu pago está pendiente de confirmación. Te avisaremos a tu correo electrónico cuando se apruebe.',
  pendingCash: 'Tu orden está a la espera del comprobante de pago y de su aprobación.',
  rejected: 'Tu pago fue rechazado. Puedes volver a la tienda e intentarlo de nuevo.',
  cancelled: 'La orden de compra fue anulada.',
} as const;

function answer(result: boolean, code: OrderStatusCode, resultMessage: string, urlBaseExternalApp: string): OrderStatus {
  return { result, code, resultMessage, resultData: { code, urlBaseExternalApp } };
}

/** What the status page shows for an order in `state`: only an activated order is a success. */
export function orderStatus(order: Pick<OrderView, 'state' | 'paymentMethod'>, appUrl: string): OrderStatus {
  const byState: Record<OrderState, () => OrderStatus> = {
    ACTIVATED: () =>
      order.paymentMethod === 'SIN_PAGO'
        ? answer(true, 'OK15', ORDER_STATUS_MESSAGES.activated, appUrl)
        : answer(true, 'OK14', ORDER_STATUS_MESSAGES.paid, appUrl),
    PAID: () => answer(false, 'WR12', ORDER_STATUS_MESSAGES.pendingOnline, appUrl),
    REGISTERED: () => answer(false, 'WR12', ORDER_STATUS_MESSAGES.pendingOnline, appUrl),
    AWAITING_CASH_PROOF: () => answer(false, 'WR12', ORDER_STATUS_MESSAGES.pendingCash, appUrl),
    REJECTED: () => answer(false, 'ER20', ORDER_STATUS_MESSAGES.rejected, appUrl),
    CANCELLED: () => answer(false, 'ER21', ORDER_STATUS_MESSAGES.cancelled, appUrl),
  };
  return byState[order.state]();
}
