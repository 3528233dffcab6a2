import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { Decimal } from 'decimal.js';
import { APP_CONFIG, type AppConfig, type PaymentGatewayCode } from '../config/config.js';
import { BusinessRuleError, ConflictError, UnauthenticatedError } from '../errors/errors.js';
import { OrderService } from '../order/order.service.js';
import type { OrderState, OrderView } from '../order/order.types.js';
import { PaymentRepository } from './payment.repository.js';
import { PAYMENT_GATEWAYS, PAYMENT_MESSAGES, type PaymentGateway, type PaymentOutcome, type VerifiedConfirmation } from './payment.types.js';

/** The order's currency: the store sells in Colombian pesos only. */
const ORDER_CURRENCY = 'COP';

/** Where an outcome moves an order awaiting its online payment; pending and reversed move nothing. */
const TARGET_STATE: Readonly<Record<PaymentOutcome, OrderState | null>> = { APPROVED: 'PAID', REJECTED: 'REJECTED', PENDING: null, REVERSED: null };

export interface ConfirmationAnswer {
  replayed: boolean;
  result: { referenceUuid: string; gateway: PaymentGatewayCode; gatewayReference: string; outcome: PaymentOutcome; state: OrderState };
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
    @Inject(PAYMENT_GATEWAYS) private readonly gateways: readonly PaymentGateway[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The gateway a brand's checkout uses (PAYMENT_GATEWAYS, else PAYMENT_GATEWAY_DEFAULT). */
  gatewayFor(appName: string): PaymentGateway {
    const { gatewayByBrand, defaultGateway } = this.config.payments;
    return this.gateway(gatewayByBrand[appName.toLowerCase()] ?? defaultGateway);
  }

  async confirm(code: PaymentGatewayCode, body: Record<string, unknown>, now = new Date()): Promise<ConfirmationAnswer> {
    const verified = this.gateway(code).verifyConfirmation(body);
    if (verified === 'BAD_SIGNATURE') {
      this.warn('Confirmation refused: bad signature', { gateway: code, reference: String(body.x_ref_payco), invoice: String(body.x_id_invoice) });
      throw new UnauthenticatedError(PAYMENT_MESSAGES.badSignature);
    }
    if (verified === 'UNKNOWN_CODE') {
      this.warn('Confirmation refused: unknown code', { gateway: code, reference: String(body.x_ref_payco), responseCode: String(body.x_cod_response) });
      throw new BusinessRuleError(PAYMENT_MESSAGES.unknownCode);
    }
    const order = await this.orders.get(verified.referenceUuid);
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
