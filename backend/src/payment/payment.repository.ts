import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { OrderState } from '../order/order.types.js';
import type { ConfirmationGateway, ConfirmationView, PaymentOutcome, VerifiedConfirmation } from './payment.types.js';

/** A processed confirmation as a repeat reads it back. */
export interface RecordedConfirmation {
  purchaseOrderId: number;
  outcome: PaymentOutcome;
  orderState: OrderState;
}

/** The data access of payments: the unique constraint decides which copy of a confirmation is processed. */
@Injectable()
export class PaymentRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Claims the confirmation: true when this call wrote it, false when it was already there. A
   * concurrent copy waits on the unique index until the first transaction ends.
   */
  async claim(c: VerifiedConfirmation, purchaseOrderId: number, orderState: OrderState, payload: Record<string, unknown>, at: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>(
      `insert into payment_confirmation (gateway, gateway_reference, transaction_id, outcome, response_code, purchase_order_id, amount, currency, order_state, payload, received_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict on constraint payment_confirmation_gateway_reference_unique do nothing
       returning id`,
      [
        c.gateway,
        c.gatewayReference,
        c.transactionId,
        c.outcome,
        c.responseCode,
        purchaseOrderId,
        c.amount,
        c.currency,
        orderState,
        JSON.stringify(payload),
        at,
      ],
    );
    return rows.length > 0;
  }

  /** The state the claimed confirmation leaves the order in, once known. */
  async settle(c: VerifiedConfirmation, orderState: OrderState): Promise<void> {
    await this.em.execute(`update payment_confirmation set order_state = ? where gateway = ? and gateway_reference = ? and outcome = ?`, [
      orderState,
      c.gateway,
      c.gatewayReference,
      c.outcome,
    ]);
  }

  async find(c: VerifiedConfirmation): Promise<RecordedConfirmation | null> {
    const [row] = await this.em.execute<{ purchase_order_id: number; outcome: PaymentOutcome; order_state: OrderState }[]>(
      `select purchase_order_id, outcome, order_state from payment_confirmation where gateway = ? and gateway_reference = ? and outcome = ?`,
      [c.gateway, c.gatewayReference, c.outcome],
    );
    return row ? { purchaseOrderId: row.purchase_order_id, outcome: row.outcome, orderState: row.order_state } : null;
  }

  /** The confirmations processed for an order, oldest first (its purchase_order_id index). */
  async forOrder(purchaseOrderId: number): Promise<ConfirmationView[]> {
    const rows = await this.em.execute<
      {
        gateway: ConfirmationGateway;
        gateway_reference: string;
        transaction_id: string;
        outcome: PaymentOutcome;
        response_code: number;
        amount: string;
        currency: string;
        received_at: Date | string;
      }[]
    >(
      `select gateway, gateway_reference, transaction_id, outcome, response_code, amount::text as amount, currency, received_at
         from payment_confirmation where purchase_order_id = ? order by received_at, id`,
      [purchaseOrderId],
    );
    return rows.map((r) => ({
      gateway: r.gateway,
      gatewayReference: r.gateway_reference,
      transactionId: r.transaction_id,
      outcome: r.outcome,
      responseCode: Number(r.response_code),
      amount: r.amount,
      currency: r.currency,
      receivedAt: new Date(r.received_at),
    }));
  }

  /** Whether the gateway's reference was already confirmed for another order (the signature does not cover x_id_invoice). */
  async referenceOfAnotherOrder(c: VerifiedConfirmation, purchaseOrderId: number): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `select 1 from payment_confirmation where gateway = ? and gateway_reference = ? and purchase_order_id <> ? limit 1`,
      [c.gateway, c.gatewayReference, purchaseOrderId],
    );
    return rows.length > 0;
  }
}
