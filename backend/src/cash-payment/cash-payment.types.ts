import type { components } from '@licencias/common/schema';

export const CASH_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type CashDecision = (typeof CASH_DECISIONS)[number];

export type CashPurchase = components['schemas']['CashPurchase'];
export type CashPaymentState = components['schemas']['CashPaymentState'];
export type CashIdState = components['schemas']['CashIdState'];

/** Store §4: approved is 6 and rejected 7; the pending id was not shown, 5 was chosen. */
export const ID_STATES: Readonly<Record<CashPaymentState, CashIdState>> = { PENDING: 5, APPROVED: 6, REJECTED: 7 };
export const STATE_OF_ID: Readonly<Record<CashIdState, CashPaymentState>> = { 5: 'PENDING', 6: 'APPROVED', 7: 'REJECTED' };

/** The privileges a decision needs, both of them (store §6: ApprovePayments and ModifyPayments). */
export const DECIDE_PRIVILEGES = ['PAYMENTS_APPROVE', 'PAYMENTS_MODIFY'] as const;
/** Reading the payments (the export also needs it besides its Excel privilege). */
export const READ_PRIVILEGE = 'PAYMENTS_READ';

export const CASH_MESSAGES = {
  approved: 'Se ha aprobado el pago satisfactoriamente',
  rejected: 'El pago ha sido rechazado satisfactoriamente.',
  reasonRequired: 'Debes seleccionar un motivo de rechazo',
  unknownRejectType: 'El motivo de rechazo no existe.',
  notFound: 'El pago en efectivo no existe',
  notCash: (reference: string) => `La orden ${reference} no es un pago en efectivo.`,
  notAwaiting: (reference: string) => `La orden ${reference} ya no está esperando el pago.`,
  alreadyDecided: (decision: CashDecision, by: string, at: string) =>
    `El pago ya fue ${decision === 'APPROVED' ? 'aprobado' : 'rechazado'} por ${by} el ${at}.`,
  idMismatch: 'debe ser el mismo número de la ruta',
} as const;

/** A cash order's decision as the order's detail shows it: who (user name and display name), when, what, why. */
export interface CashDecisionView {
  decision: CashDecision;
  rejectTypeId: number | null;
  reason: string | null;
  decidedBy: string;
  decidedByName: string;
  decidedAt: Date;
}

/** The order's reference as customers and staff read it. */
export const orderReference = (id: number): string => `OC-${id}`;
