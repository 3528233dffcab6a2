import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { PurchaseOrder } from '../order/order.entities.js';
import { SUPPORT_TYPES } from './payment-support.types.js';

/**
 * A file a buyer attached to a cash order: its metadata here, its bytes in the storage adapter
 * under `storageKey`. One per order and support type (unique): a new upload replaces the row and
 * its old bytes are removed after commit.
 */
export const PaymentSupport = defineEntity({
  name: 'PaymentSupport',
  tableName: 'payment_support',
  uniques: [{ name: 'payment_support_order_type_unique', properties: ['purchaseOrderId', 'supportType'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    purchaseOrderId: () => p.manyToOne(PurchaseOrder).mapToPk().fieldName('purchase_order_id'),
    supportType: p.enum(SUPPORT_TYPES),
    fileName: p.string().length(200),
    contentType: p.string().length(40),
    size: p.integer(),
    sha256: p.string().length(64),
    storageKey: p.string().length(200),
    /** The signed-in uploader's user name, or 'tienda' for a visitor holding the order's link. */
    uploadedBy: p.string().length(100),
    uploadedAt: p.datetime(),
  },
});
export type PaymentSupport = InferEntity<typeof PaymentSupport>;

/**
 * The bytes of the database storage (PAYMENT_SUPPORT_STORAGE=database): what keeps instances
 * stateless when several serve one database (DESIGN "Scale": uploads live in PostgreSQL).
 */
export const PaymentSupportContent = defineEntity({
  name: 'PaymentSupportContent',
  tableName: 'payment_support_content',
  properties: {
    storageKey: p.string().length(200).primary(),
    content: p.blob().lazy(),
    createdAt: p.datetime(),
  },
});

export const PAYMENT_SUPPORT_ENTITIES = [PaymentSupport, PaymentSupportContent];
