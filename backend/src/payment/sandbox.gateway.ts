import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { sandboxCheckoutPage } from './checkout-page.js';
import { epaycoSignature } from './default-epayco.gateway.js';
import type { CheckoutPage, CheckoutView, PaymentGateway } from './payment.types.js';

/** The sandbox page's three choices, as ePayco's x_cod_response and x_response say them. */
export const SANDBOX_DECISIONS = {
  APPROVE: { code: '1', text: 'Aceptada' },
  DECLINE: { code: '2', text: 'Rechazada' },
  PENDING: { code: '3', text: 'Pendiente' },
} as const;
export type SandboxDecision = keyof typeof SANDBOX_DECISIONS;

/**
 * The built-in gateway (the default outside production): a hosted page of this application, and
 * the confirmation ePayco would post for the buyer's choice, signed with the same two values
 * (EPAYCO_CUSTOMER_ID, EPAYCO_P_KEY). One payment per order (x_ref_payco SBX-{order}), so
 * "leave pending" then "approve" is the same payment's later news, as with ePayco.
 */
@Injectable()
export class SandboxGateway implements PaymentGateway {
  readonly code = 'SANDBOX' as const;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  checkoutPage(view: CheckoutView): CheckoutPage {
    return { html: sandboxCheckoutPage(view), contentSecurityPolicy: null };
  }

  /** ePayco's confirmation fields for the choice, x_signature included. */
  confirmation(
    order: { id: number; referenceUuid: string; total: string },
    view: { docType: string; docNumber: string },
    decision: SandboxDecision,
    now: Date,
  ) {
    const { epaycoCustomerId, epaycoPKey } = this.config.payments;
    const { code, text } = SANDBOX_DECISIONS[decision];
    const fields: Record<string, string> = {
      x_cust_id_cliente: epaycoCustomerId,
      x_ref_payco: `SBX-${order.id}`,
      x_transaction_id: `SBX-${order.id}-TX`,
      x_id_invoice: order.referenceUuid,
      x_id_factura: order.referenceUuid,
      x_amount: order.total,
      x_amount_ok: order.total,
      x_currency_code: 'COP',
      x_cod_response: code,
      x_cod_respuesta: code,
      x_response: text,
      x_respuesta: text,
      x_transaction_date: now.toISOString(),
      x_franchise: 'SANDBOX',
      x_customer_doctype: view.docType,
      x_customer_document: view.docNumber,
      x_test_request: 'TRUE',
    };
    fields.x_signature = epaycoSignature(
      epaycoCustomerId,
      epaycoPKey,
      fields.x_ref_payco as string,
      fields.x_transaction_id as string,
      fields.x_amount as string,
      fields.x_currency_code as string,
    );
    return fields;
  }
}
