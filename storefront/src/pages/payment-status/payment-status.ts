import type { components } from '@licencias/common/schema';
import { ApiError, call, MESSAGES, publicApi } from '../../api';

export type OrderStatus = components['schemas']['OrderStatus'];

/** The status page's texts: the four titles and 'Volver a la tienda' are the spec's (§2); the rest decided here. */
export const STATUS_TEXTS = {
  activated: '¡Activación exitosa!',
  paid: '¡Pago exitoso!',
  failed: '¡Lo sentimos!',
  pending: '¡Licencia pendiente por activar!',
  instructions: 'Te enviamos a tu correo electrónico las instrucciones para usar tu licencia.',
  goTo: (app: string) => `Ir a ${app}`,
  backToStore: 'Volver a la tienda',
  accept: 'Aceptar',
  checking: 'Consultando el estado de tu pago…',
  retryIn: (seconds: number) => `Volveremos a consultar en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
  stillPending: 'Tu pago sigue pendiente. Te avisaremos a tu correo electrónico cuando se confirme.',
} as const;

/** Re-queries while the payment is pending, when the brand's polling flag is on (§4, §9). */
export const MAX_RETRIES = 6;
/** The countdown between two queries; the spec does not give it. */
export const COUNTDOWN_SECONDS = 10;

export type StatusTone = 'success' | 'warning' | 'error';

/** How the page shows an answer: the title and picture of §2 by result and code (§4). */
export function statusView(status: Pick<OrderStatus, 'result' | 'code'>): { title: string; tone: StatusTone; kind: 'success' | 'pending' | 'error' } {
  if (status.result) return { title: status.code === 'OK15' ? STATUS_TEXTS.activated : STATUS_TEXTS.paid, tone: 'success', kind: 'success' };
  if (status.code === 'WR12') return { title: STATUS_TEXTS.pending, tone: 'warning', kind: 'pending' };
  return { title: STATUS_TEXTS.failed, tone: 'error', kind: 'error' };
}

export interface PaymentStatusServices {
  /** GetStatusPurchaseOrder; `count` is 0 (first query with polling), -1 (no polling) or the retry's number. */
  status(referenceUuid: string, appName: string, count: number): Promise<OrderStatus>;
}

export function createPaymentStatusServices(): PaymentStatusServices {
  return {
    async status(referenceUuid, appName, count) {
      const answer = await call(
        publicApi.GET('/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/{referenceUuid}/{appName}', {
          params: { path: { referenceUuid, appName }, header: { countValidatePayment: count } },
        }),
      );
      if (!answer.result) throw new ApiError(MESSAGES.serverError, 500);
      return answer.result.records;
    },
  };
}
