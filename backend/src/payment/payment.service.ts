import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance } from 'fastify';
import { Decimal } from 'decimal.js';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG, type AppConfig, type PaymentGatewayCode } from '../config/config.js';
import { BusinessRuleError, ConflictError, ForbiddenError, UnauthenticatedError } from '../errors/errors.js';
import { MailService } from '../mail/mail.service.js';
import { OrderService } from '../order/order.service.js';
import type { OrderState, OrderView } from '../order/order.types.js';
import { ServiceService } from '../service/service.service.js';
import { providerFailurePage } from './checkout-page.js';
import { type CheckoutParams, PaymentCheckoutService } from './checkout.service.js';
import { PAGUEATIEMPO_EMULATOR_BASE_PATH } from './pagueatiempo-emulator.js';
import { PagueatiempoGateway, PaymentProviderError } from './pagueatiempo.gateway.js';
import { PaymentRepository } from './payment.repository.js';
import {
  type CheckoutPage,
  type ConfirmationGateway,
  type ConfirmationView,
  PAYMENT_GATEWAYS,
  PAYMENT_MESSAGES,
  type PaymentGateway,
  type PaymentOutcome,
  type SignedRequest,
  type VerifiedConfirmation,
} from './payment.types.js';
import { SandboxGateway, type SandboxDecision } from './sandbox.gateway.js';

/** Where ePayco (and the sandbox) post their confirmations. */
const EPAYCO_CONFIRMATION_PATH = '/api/v1/payments/epayco/confirmation';

/** Where the storefront sends a PagueATiempo buyer (RegisterPurchaseOrder's checkoutUrl). */
const PAGUEATIEMPO_FORM_PATH = '/api/v1/payments/pagueatiempo/form';

/** The order's currency: the store sells in Colombian pesos only. */
const ORDER_CURRENCY = 'COP';

/** Where an outcome moves an order awaiting its online payment; pending and reversed move nothing. */
const TARGET_STATE: Readonly<Record<PaymentOutcome, OrderState | null>> = { APPROVED: 'PAID', REJECTED: 'REJECTED', PENDING: null, REVERSED: null };

/** Where the buyer goes from PagueATiempo's form: the provider's page, or a page saying it could not be reached. */
export type PagueatiempoStart = { redirect: string } | { failure: { status: 502 | 503; html: string } };

export interface ConfirmationAnswer {
  replayed: boolean;
  result: { referenceUuid: string; gateway: ConfirmationGateway; gatewayReference: string; outcome: PaymentOutcome; state: OrderState };
}

/**
 * Gateway confirmations (issue 13 item 1): verified by the gateway's strategy, checked against
 * the order, and processed once per gateway reference and outcome in the transaction that moves
 * the order (OrderService.transition). The browser's return page is never an input here.
 */
@Injectable()
export class PaymentService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentRepository,
    private readonly orders: OrderService,
    private readonly checkout: PaymentCheckoutService,
    private readonly sandbox: SandboxGateway,
    private readonly mail: MailService,
    private readonly http: HttpAdapterHost,
    private readonly pagueatiempo: PagueatiempoGateway,
    private readonly services: ServiceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_GATEWAYS) private readonly gateways: readonly PaymentGateway[],
  ) {}

  /** The gateway confirmations processed for order `orderId`, oldest first (the order's detail). */
  forOrder(orderId: number): Promise<ConfirmationView[]> {
    return this.payments.forOrder(orderId);
  }

  /**
   * PagueATiempo's hand-off (store §4 "Online", §7): the form is posted server to server and the
   * buyer goes to the url it answers. If the provider cannot be reached in time (503) or answers
   * no page (502) the buyer is told so on a page that retries the same link: the order stays
   * REGISTERED. An order already decided goes to its status page.
   */
  async startPagueatiempo(params: CheckoutParams): Promise<PagueatiempoStart> {
    const order = await this.linkedOrder(params);
    if (this.checkout.gatewayFor(order.appName) !== 'PAGUEATIEMPO') throw new ForbiddenError(PAYMENT_MESSAGES.badCheckoutLink);
    if (order.state !== 'REGISTERED') return { redirect: statusPath(order.referenceUuid) };
    const lines = await this.orders.lines(order.id);
    const service = (await this.services.namesOf([order.serviceId])).get(order.serviceId) ?? order.appName;
    const fullReference = `OC-${order.id}`;
    try {
      const url = await this.pagueatiempo.createForm(
        {
          fullReference,
          redirectionUrl: this.mail.brandUrl(order.appName, statusPath(order.referenceUuid)),
          taxes: {
            subTotal: order.subTotal,
            totalDiscount: order.totalDiscount,
            taxIva: order.taxIva,
            taxReteFuente: order.taxReteFuente,
            taxReteIva: order.taxReteIva,
            taxReteIca: order.taxReteIca,
            total: order.total,
          },
          user: { documentType: params.docType, documentNumber: params.docNumber },
          productsList: lines.map((l) => ({ reference: l.packageCode, quantity: l.quantity, unitPrice: l.unitPrice })),
          service,
        },
        this.pagueatiempoBase(),
      );
      return { redirect: url };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.warn('PagueATiempo payment form failed', { order: order.referenceUuid, reference: fullReference, kind: error.kind, detail: error.message });
      const retry = `${PAGUEATIEMPO_FORM_PATH}?${new URLSearchParams({ ...params }).toString()}`;
      return {
        failure: {
          status: error.kind === 'UNAVAILABLE' ? 503 : 502,
          html: providerFailurePage(PAYMENT_MESSAGES.providerUnavailable, retry, statusPath(order.referenceUuid)),
        },
      };
    }
  }

  /** PAGUEATIEMPO_URL, else the built-in emulator over HTTP at this application's own listening address. */
  private pagueatiempoBase(): string {
    const { url, emulator } = this.config.payments.pagueatiempo;
    if (url) return url;
    if (!emulator) throw new Error('PAGUEATIEMPO_URL is not set and the emulator is off');
    const address = this.http.httpAdapter.getHttpServer().address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') throw new Error('The application does not listen on a TCP port: set PAGUEATIEMPO_URL');
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${PAGUEATIEMPO_EMULATOR_BASE_PATH}`;
  }

  /**
   * The hosted checkout page of an online order awaiting its payment, opened with the link
   * RegisterPurchaseOrder gave (403 when the link was not issued for the order's gateway). An
   * order already decided sends the buyer to its status page instead.
   */
  async checkoutPage(params: CheckoutParams): Promise<{ redirect: string } | { page: CheckoutPage }> {
    const order = await this.linkedOrder(params);
    if (order.state !== 'REGISTERED') return { redirect: statusPath(order.referenceUuid) };
    const gateway = this.gateway(this.checkout.gatewayFor(order.appName));
    if (!gateway.checkoutPage) throw new BusinessRuleError(PAYMENT_MESSAGES.noCheckoutPage);
    const lines = await this.orders.lines(order.id);
    return {
      page: gateway.checkoutPage({
        referenceUuid: order.referenceUuid,
        appName: order.appName,
        fullReference: `OC-${order.id}`,
        total: order.total,
        withholdings: new Decimal(order.taxReteFuente).plus(order.taxReteIva).plus(order.taxReteIca).toFixed(2),
        docType: params.docType,
        docNumber: params.docNumber,
        lines,
        statusUrl: this.mail.brandUrl(order.appName, statusPath(order.referenceUuid)),
        confirmationUrl: this.mail.brandUrl(order.appName, EPAYCO_CONFIRMATION_PATH),
        signToken: params.signToken,
      }),
    };
  }

  /**
   * The sandbox page's choice: its confirmation goes to the ePayco endpoint over HTTP (through this
   * application's own server, as ePayco's would arrive: the same route, checks and signature), and
   * the buyer goes to the status page whatever it answered, which reads the order's state.
   */
  async sandboxDecision(params: CheckoutParams, decision: SandboxDecision, now = new Date()): Promise<string> {
    const order = await this.linkedOrder(params);
    if (this.checkout.gatewayFor(order.appName) !== 'SANDBOX') throw new ForbiddenError(PAYMENT_MESSAGES.badCheckoutLink);
    const fields = this.sandbox.confirmation(order, params, decision, now);
    const answer = await this.http.httpAdapter.getInstance<FastifyInstance>().inject({
      method: 'POST',
      url: EPAYCO_CONFIRMATION_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    if (answer.statusCode !== 200) this.warn('Sandbox confirmation not processed', { order: order.referenceUuid, decision, status: answer.statusCode });
    return statusPath(order.referenceUuid);
  }

  /** The order of a checkout link whose signToken this application issued. */
  private async linkedOrder(params: CheckoutParams): Promise<OrderView> {
    const order = await this.orders.get(params.paymentId.toLowerCase());
    if (order.paymentMethod !== 'EN_LINEA' || !this.checkout.verify(params, order.appName)) {
      this.warn('Checkout link refused', { order: order.referenceUuid });
      throw new ForbiddenError(PAYMENT_MESSAGES.badCheckoutLink);
    }
    return order;
  }

  async confirm(code: ConfirmationGateway, body: Record<string, unknown>, signed?: SignedRequest, now = new Date()): Promise<ConfirmationAnswer> {
    const gateway = this.gateway(code);
    if (!gateway.verifyConfirmation) throw new Error(`The payment gateway ${code} takes no confirmations`);
    const verified = gateway.verifyConfirmation(body, signed);
    const named = { gateway: code, reference: String(body.x_ref_payco ?? body.transactionId), order: String(body.x_id_invoice ?? body.fullReference) };
    if (verified === 'BAD_SIGNATURE') {
      this.warn('Confirmation refused: bad signature', named);
      // ePayco's contract answers 401; PagueATiempo's 403 (a signed request, not a session, is missing).
      if (code === 'PAGUEATIEMPO') throw new ForbiddenError(PAYMENT_MESSAGES.badSignature);
      throw new UnauthenticatedError(PAYMENT_MESSAGES.badSignature);
    }
    if (verified === 'STALE') {
      this.warn('Confirmation refused: stale timestamp', { ...named, timestamp: signed?.timestamp });
      throw new ForbiddenError(PAYMENT_MESSAGES.staleNotification);
    }
    if (verified === 'UNKNOWN_CODE') {
      this.warn('Confirmation refused: unknown code', { ...named, responseCode: String(body.x_cod_response ?? body.status) });
      throw new BusinessRuleError(PAYMENT_MESSAGES.unknownCode);
    }
    const order = await this.orderOf(verified);
    // A gateway confirms only the orders of brands that pay through it (PagueATiempo's secret is no key to ePayco's orders).
    if (code === 'PAGUEATIEMPO' && (order.paymentMethod !== 'EN_LINEA' || this.checkout.gatewayFor(order.appName) !== 'PAGUEATIEMPO'))
      throw this.refused(verified, order, "order's brand does not pay through this gateway");
    if (verified.currency !== ORDER_CURRENCY || !new Decimal(verified.amount).equals(order.total)) {
      this.warn('Confirmation refused: amount or currency differs from the order', {
        gateway: code,
        reference: verified.gatewayReference,
        order: order.referenceUuid,
        amount: verified.amount,
        currency: verified.currency,
        total: order.total,
      });
      throw new BusinessRuleError(PAYMENT_MESSAGES.amountMismatch);
    }
    const processed = await this.em.transactional(() => this.process(verified, order, body, now));
    const recorded = processed ?? (await this.payments.find(verified));
    if (!recorded || recorded.purchaseOrderId !== order.id) throw this.refused(verified, order, 'reference already confirmed for another order');
    return {
      replayed: processed === null,
      result: {
        referenceUuid: order.referenceUuid,
        gateway: verified.gateway,
        gatewayReference: verified.gatewayReference,
        outcome: verified.outcome,
        state: recorded.orderState,
      },
    };
  }

  /** The order a confirmation names: ePayco by its referenceUuid, PagueATiempo by its id (OC-{id}). */
  private orderOf(c: VerifiedConfirmation): Promise<OrderView> {
    return 'referenceUuid' in c.order ? this.orders.get(c.order.referenceUuid) : this.orders.getById(c.order.id);
  }

  /** Claims the confirmation and applies it; null when it had already been processed. */
  private async process(c: VerifiedConfirmation, order: OrderView, payload: Record<string, unknown>, now: Date) {
    if (await this.payments.referenceOfAnotherOrder(c, order.id)) throw this.refused(c, order, 'reference already confirmed for another order');
    const target = TARGET_STATE[c.outcome];
    if (!(await this.payments.claim(c, order.id, target ?? order.state, payload, now))) return null;
    const state = target ? await this.move(c, order, target, now) : (await this.orders.get(order.referenceUuid)).state;
    if (c.outcome === 'REVERSED') this.warn('Payment reversed', { gateway: c.gateway, reference: c.gatewayReference, order: order.referenceUuid, state });
    await this.payments.settle(c, state);
    return { purchaseOrderId: order.id, outcome: c.outcome, orderState: state };
  }

  /** Online orders await their payment in REGISTERED; any other state means another answer came first. */
  private async move(c: VerifiedConfirmation, order: OrderView, target: OrderState, now: Date): Promise<OrderState> {
    try {
      const reason = `${c.gateway} ${c.gatewayReference} (${c.responseCode})`;
      return (await this.orders.transition(order.referenceUuid, 'REGISTERED', target, c.gateway, reason, now)).state;
    } catch (error) {
      if (error instanceof ConflictError) throw this.refused(c, order, 'order not awaiting an online payment');
      throw error;
    }
  }

  private refused(c: VerifiedConfirmation, order: OrderView, why: string): ConflictError {
    this.warn(`Confirmation refused: ${why}`, { gateway: c.gateway, reference: c.gatewayReference, order: order.referenceUuid, outcome: c.outcome });
    return new ConflictError(PAYMENT_MESSAGES.notAwaiting);
  }

  /** One line per refused or unusual confirmation, with what identifies it (never the signature). */
  private warn(event: string, fields: Record<string, unknown>): void {
    this.logger.warn(`${event} ${JSON.stringify(fields)}`);
  }

  private gateway(code: PaymentGatewayCode): PaymentGateway {
    const gateway = this.gateways.find((g) => g.code === code);
    if (!gateway) throw new Error(`No payment gateway ${code} is registered`);
    return gateway;
  }
}

/** The store's payment status page of an order (never trusted as a return: it only reads the state). */
function statusPath(referenceUuid: string): string {
  return `/registerPurchaseOrder/statusOrder/${referenceUuid}`;
}
