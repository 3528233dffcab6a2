import type { PaymentGatewayCode } from '../config/config.js';

/** The gateways whose confirmations this application receives (the sandbox posts ePayco's). */
export const CONFIRMATION_GATEWAYS = ['EPAYCO', 'PAGUEATIEMPO'] as const;
export type ConfirmationGateway = (typeof CONFIRMATION_GATEWAYS)[number];

/** What a gateway says of a payment (store §4: approved, rejected or failed, pending, reversed). */
export const PAYMENT_OUTCOMES = ['APPROVED', 'REJECTED', 'PENDING', 'REVERSED'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** A confirmation whose signature the gateway verified, in the gateway's own words and ours. */
export interface VerifiedConfirmation {
  gateway: ConfirmationGateway;
  /** The gateway's reference of the payment (ePayco: x_ref_payco). */
  gatewayReference: string;
  transactionId: string;
  /** The order: its referenceUuid (ePayco's x_id_invoice), or its id (PagueATiempo's fullReference OC-{id}). */
  order: { referenceUuid: string } | { id: number };
  /** As posted (decimal text); compared exactly with the order's total. */
  amount: string;
  currency: string;
  responseCode: number;
  outcome: PaymentOutcome;
}

/** A processed confirmation as an order's detail shows it (amount as numeric text). */
export interface ConfirmationView {
  gateway: ConfirmationGateway;
  gatewayReference: string;
  transactionId: string;
  outcome: PaymentOutcome;
  responseCode: number;
  amount: string;
  currency: string;
  receivedAt: Date;
}

/** Why a confirmation is refused before anything is written. */
export type ConfirmationRefusal = 'BAD_SIGNATURE' | 'STALE' | 'UNKNOWN_CODE';

/** What a signature over the request itself needs (PagueATiempo signs its timestamp and the body's bytes). */
export interface SignedRequest {
  rawBody: string;
  timestamp: string;
  signature: string;
  now: Date;
}

/** An online order as its checkout page shows it (amounts as numeric text). */
export interface CheckoutView {
  referenceUuid: string;
  appName: string;
  /** The payment reference the buyer was given (OC-{id}). */
  fullReference: string;
  /** What the buyer pays: the lines' total less the withholdings its company applies. */
  total: string;
  /** Retefuente + reteIVA + reteICA ('0.00' for most buyers). */
  withholdings: string;
  docType: string;
  docNumber: string;
  lines: { packageName: string; quantity: number; total: string }[];
  /** The absolute URLs the gateway needs (ePayco's response and confirmation). */
  statusUrl: string;
  confirmationUrl: string;
  /** Echoed in the sandbox's decision form. */
  signToken: string;
}

/** A hosted checkout page: its HTML and the Content-Security-Policy it needs (null: the application's). */
export interface CheckoutPage {
  html: string;
  contentSecurityPolicy: string | null;
}

/**
 * A payment gateway (Vendure-style strategy): one implementation per provider, chosen per brand
 * by configuration (PAYMENT_GATEWAYS, PaymentCheckoutService.gatewayFor).
 */
export interface PaymentGateway {
  readonly code: PaymentGatewayCode;
  /**
   * Checks the posted confirmation's signature and reads it; never trusts an unsigned field.
   * Absent where the gateway's confirmations arrive as another's (the sandbox posts ePayco's).
   */
  verifyConfirmation?(body: Record<string, unknown>, signed?: SignedRequest): VerifiedConfirmation | ConfirmationRefusal;
  /** The page the buyer pays on, opened from RegisterPurchaseOrder's checkoutUrl (absent: the gateway has its own flow). */
  checkoutPage?(view: CheckoutView): CheckoutPage;
}

/** Injection token: every gateway the application knows. */
export const PAYMENT_GATEWAYS = Symbol('PAYMENT_GATEWAYS');

export const PAYMENT_MESSAGES = {
  badSignature: 'La firma de la confirmación no es válida.',
  unknownCode: 'Código de respuesta de la pasarela desconocido.',
  amountMismatch: 'El valor pagado no corresponde al de la orden de compra.',
  notAwaiting: 'La orden de compra ya no está esperando este pago.',
  badCheckoutLink: 'El enlace de pago no es válido.',
  noCheckoutPage: 'La pasarela de pago de esta orden no usa esta página.',
  staleNotification: 'La notificación está vencida: su marca de tiempo no es reciente.',
  providerUnavailable: 'No pudimos conectar con la pasarela de pago. Tu orden de compra sigue registrada: intenta de nuevo en unos minutos.',
  badProviderToken: 'El token de la pasarela de pago no es válido.',
} as const;
