import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { PurchaseOrder } from '../order/order.entities.js';
import { RejectType } from '../reference/reference.entities.js';
import { CASH_DECISIONS } from './cash-payment.types.js';

/**
 * The decision on a cash order's payment (store §2 'Pagos en efectivo'): one per order, enforced
 * by the unique key, written in the transaction that moves the order. Who decided, when, what and
 * why stay here for good (the audit log staff read in the order's detail, with the order's state
 * changes).
 */
export const CashPaymentDecision = defineEntity({
  name: 'CashPaymentDecision',
  tableName: 'cash_payment_decision',
  uniques: [{ name: 'cash_payment_decision_order_unique', properties: ['purchaseOrderId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    purchaseOrderId: () => p.manyToOne(PurchaseOrder).mapToPk().fieldName('purchase_order_id'),
    decision: p.enum(CASH_DECISIONS),
    rejectTypeId: () => p.manyToOne(RejectType).mapToPk().fieldName('reject_type_id').nullable(),
    /** The reject type's text when it was chosen (the catalogue may change later). */
    reason: p.string().length(200).nullable(),
    decidedBy: p.string().length(100),
    decidedByName: p.string().length(200),
    decidedAt: p.datetime(),
  },
});
export type CashPaymentDecision = InferEntity<typeof CashPaymentDecision>;

export const CASH_PAYMENT_ENTITIES = [CashPaymentDecision];
