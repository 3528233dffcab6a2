import type { PaymentGatewayCode } from '../config/config.js';

/** What a gateway says of a payment (store §4: approved, rejected or failed, pending, reversed). */
export const PAYMENT_OUTCOMES = ['APPROVED', 'REJECTED', 'PENDING', 'REVERSED'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** A confirmation whose signature the gateway verified, in the gateway's own words and ours. */
export interface VerifiedConfirmation {
  gateway: PaymentGatewayCode;
  /** The gateway's reference of the payment (ePayco: x_ref_payco). */
  gatewayReference: string;
  transactionId: string;
  /** The order's referenceUuid. */
  referenceUuid: string;
  /** As posted (decimal text); compared exactly with the order's total. */
  amount: string;
  currency: string;
  responseCode: number;
  outcome: PaymentOutcome;
}

/** Why a confirmation is refused before anything is written. */
export type ConfirmationRefusal = 'BAD_SIGNATURE' | 'UNKNOWN_CODE';

/**
 * A payment gateway (Vendure-style strategy): one implementation per provider, chosen per brand
 * by configuration (PAYMENT_GATEWAYS). Later: the checkout session and redirect of each gateway.
 */
export interface PaymentGateway {
  readonly code: PaymentGatewayCode;
  /** Checks the posted confirmation's signature and reads it; never trusts an unsigned field. */
  verifyConfirmation(body: Record<string, unknown>): VerifiedConfirmation | ConfirmationRefusal;
}

/** Injection token: every gateway the application knows. */
export const PAYMENT_GATEWAYS = Symbol('PAYMENT_GATEWAYS');

export const PAYMENT_MESSAGES = {
  badSignature: 'La firma de la confirmación no es válida.',
  unknownCode: 'Código de respuesta de la pasarela desconocido.',
  amountMismatch: 'El valor pagado no corresponde al de la orden de compra.',
  notAwaiting: 'La orden de compra ya no está esperando este pago.',
} as const;
