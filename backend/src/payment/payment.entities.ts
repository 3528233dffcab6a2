import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { PurchaseOrder } from '../order/order.entities.js';
import { CONFIRMATION_GATEWAYS, PAYMENT_OUTCOMES } from './payment.types.js';

/**
 * Each processed gateway confirmation, written in the transaction that moves the order: the
 * unique (gateway, reference, outcome) makes a repeat or a concurrent copy a no-op, while the
 * same payment's later news (pending then approved, approved then reversed) is still processed.
 */
export const PaymentConfirmation = defineEntity({
  name: 'PaymentConfirmation',
  tableName: 'payment_confirmation',
  uniques: [{ name: 'payment_confirmation_gateway_reference_unique', properties: ['gateway', 'gatewayReference', 'outcome'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    gateway: p.enum(CONFIRMATION_GATEWAYS),
    gatewayReference: p.string().length(100),
    transactionId: p.string().length(100),
    outcome: p.enum(PAYMENT_OUTCOMES),
    responseCode: p.smallint(),
    purchaseOrderId: () => p.manyToOne(PurchaseOrder).mapToPk().fieldName('purchase_order_id').index(),
    amount: p.decimal('string').precision(20).scale(2),
    currency: p.string().length(3),
    /** The order's state once this confirmation was processed: what a repeat answers. */
    orderState: p.string().length(30),
    /** Everything the gateway posted, as posted. */
    payload: p.json<Record<string, unknown>>(),
    receivedAt: p.datetime(),
  },
});
export type PaymentConfirmation = InferEntity<typeof PaymentConfirmation>;

export const PAYMENT_ENTITIES = [PaymentConfirmation];
