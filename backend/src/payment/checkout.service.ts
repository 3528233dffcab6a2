import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type PaymentGatewayCode } from '../config/config.js';

/** Where the buyer goes on from RegisterPurchaseOrder (store §4 "Online"), per gateway. */
export const CHECKOUT_URLS: Readonly<Record<PaymentGatewayCode, string>> = {
  SANDBOX: '/api/v1/payments/checkout',
  EPAYCO: '/api/v1/payments/checkout',
  PAGUEATIEMPO: '/api/v1/payments/pagueatiempo/form',
};

/** What the checkout page is opened with (store §4: paymentId, signToken, docType, docNumber). */
export interface CheckoutParams {
  paymentId: string;
  signToken: string;
  docType: string;
  docNumber: string;
}

/** An online order's payment session, as RegisterPurchaseOrder answers it. */
export interface CheckoutSession {
  paymentGateway: PaymentGatewayCode;
  /** signToken */
  token: string;
  /** paymentId: the order's referenceUuid */
  epaycoPaymentCode: string;
  checkoutUrl: string;
}

/**
 * The online checkout's session (issue 13 item 1): which gateway a brand pays through, and the
 * signToken that binds a checkout link to its gateway, order and buyer's document, so a link
 * cannot be written for another order or replayed on another gateway's page. Stateless: the
 * token is recomputed, nothing is stored. Used by orders (RegisterPurchaseOrder) and payments.
 */
@Injectable()
export class PaymentCheckoutService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The gateway a brand's checkout uses (PAYMENT_GATEWAYS, else PAYMENT_GATEWAY_DEFAULT). */
  gatewayFor(appName: string): PaymentGatewayCode {
    const { gatewayByBrand, defaultGateway } = this.config.payments;
    return gatewayByBrand[appName.toLowerCase()] ?? defaultGateway;
  }

  session(order: { referenceUuid: string; appName: string; documentType: string; documentNumber: string }): CheckoutSession {
    const paymentGateway = this.gatewayFor(order.appName);
    return {
      paymentGateway,
      token: this.sign(paymentGateway, order.referenceUuid, order.documentType, order.documentNumber),
      epaycoPaymentCode: order.referenceUuid,
      checkoutUrl: CHECKOUT_URLS[paymentGateway],
    };
  }

  /** Whether a checkout link was issued for this order's brand gateway (compared in constant time). */
  verify(params: CheckoutParams, appName: string): boolean {
    const expected = Buffer.from(this.sign(this.gatewayFor(appName), params.paymentId.toLowerCase(), params.docType, params.docNumber), 'hex');
    const given = Buffer.from(params.signToken.toLowerCase(), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(gateway: PaymentGatewayCode, referenceUuid: string, docType: string, docNumber: string): string {
    return createHmac('sha256', this.config.payments.checkoutKey).update([gateway, referenceUuid, docType, docNumber].join('^')).digest('hex');
  }
}
