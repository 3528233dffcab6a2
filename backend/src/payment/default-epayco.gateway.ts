import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EPAYCO_PAGE_CSP, epaycoCheckoutPage } from './checkout-page.js';
import type { CheckoutPage, CheckoutView, ConfirmationRefusal, PaymentGateway, PaymentOutcome, VerifiedConfirmation } from './payment.types.js';

/** ePayco's x_cod_response (store §4; issue 13): the codes not listed are refused, never guessed. */
export const EPAYCO_RESPONSE_CODES: Readonly<Record<number, PaymentOutcome>> = {
  1: 'APPROVED',
  2: 'REJECTED',
  4: 'REJECTED',
  10: 'REJECTED',
  11: 'REJECTED',
  3: 'PENDING',
  7: 'PENDING',
  6: 'REVERSED',
};

/** x_signature as ePayco computes it: SHA-256 hex of the six values joined by '^'. */
export function epaycoSignature(customerId: string, pKey: string, refPayco: string, transactionId: string, amount: string, currency: string): string {
  return createHash('sha256').update([customerId, pKey, refPayco, transactionId, amount, currency].join('^')).digest('hex');
}

/** ePayco: its standard checkout page, and its signed confirmation (the sandbox posts the same fields with the same signature). */
@Injectable()
export class DefaultEpaycoGateway implements PaymentGateway {
  readonly code = 'EPAYCO' as const;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  checkoutPage(view: CheckoutView): CheckoutPage {
    const { epaycoPublicKey, epaycoTest } = this.config.payments;
    return { html: epaycoCheckoutPage(view, epaycoPublicKey, epaycoTest), contentSecurityPolicy: EPAYCO_PAGE_CSP };
  }

  verifyConfirmation(body: Record<string, unknown>): VerifiedConfirmation | ConfirmationRefusal {
    const field = (name: string) => String(body[name] ?? '');
    const { epaycoCustomerId, epaycoPKey } = this.config.payments;
    const expected = Buffer.from(
      epaycoSignature(epaycoCustomerId, epaycoPKey, field('x_ref_payco'), field('x_transaction_id'), field('x_amount'), field('x_currency_code')),
      'hex',
    );
    const given = Buffer.from(field('x_signature').toLowerCase(), 'hex');
    // Constant time, so the comparison does not reveal how much of a forged signature was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'BAD_SIGNATURE';
    const responseCode = Number(field('x_cod_response'));
    const outcome = EPAYCO_RESPONSE_CODES[responseCode];
    if (!outcome) return 'UNKNOWN_CODE';
    return {
      gateway: this.code,
      gatewayReference: field('x_ref_payco'),
      transactionId: field('x_transaction_id'),
      order: { referenceUuid: field('x_id_invoice').toLowerCase() },
      amount: field('x_amount'),
      currency: field('x_currency_code'),
      responseCode,
      outcome,
    };
  }
}
