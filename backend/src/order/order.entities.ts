import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { searchTextIndex } from '../database/entity-columns.js';
import { Package } from '../package/package.entity.js';
import { PromotionalCode } from '../promo-code/promo-code.entity.js';
import { Service } from '../service/service.entity.js';
import { ORDER_STATES, PAYMENT_METHODS, type OrderCustomerSnapshot } from './order.types.js';

/** A customer snapshot's searchable fields as one text (names and document). */
const SNAPSHOT_TEXT = (column: string) =>
  ['legalName', 'firstName', 'lastName', 'documentNumber'].map((field) => `coalesce("${column}" ->> '${field}', '')`).join(` || ' ' || `);

/**
 * A purchase order (store §3): who buys and for whom, the payment method, every figure the
 * server computed (the summary and the payment request read them, never the browser's), and its
 * state, which only moves by conditional update (OrderService.transition).
 */
export const PurchaseOrder = defineEntity({
  name: 'PurchaseOrder',
  tableName: 'purchase_order',
  uniques: [
    { name: 'purchase_order_reference_unique', properties: ['referenceUuid'] },
    // A customer takes a code once per period: of two concurrent orders, the second's insert fails.
    {
      name: 'purchase_order_customer_code_unique',
      expression: `create unique index "purchase_order_customer_code_unique" on "purchase_order" ("promotional_code_id", "promo_period_start", "buyer_customer_id") where "buyer_customer_id" is not null and "promotional_code_id" is not null and "state" not in ('REJECTED', 'CANCELLED')`,
    },
  ],
  indexes: [
    { name: 'purchase_order_promo_period_index', properties: ['promotionalCodeId', 'promoPeriodStart'] },
    // The back office's order list (/api/v1/orders): days of creation, and a customer's document (billing or activation).
    { name: 'purchase_order_created_at_index', properties: ['createdAt'] },
    {
      name: 'purchase_order_billing_document_index',
      expression: `create index "purchase_order_billing_document_index" on "purchase_order" (("customer_billing" ->> 'documentNumber'))`,
    },
    {
      name: 'purchase_order_service_document_index',
      expression: `create index "purchase_order_service_document_index" on "purchase_order" (("customer_service" ->> 'documentNumber'))`,
    },
    searchTextIndex('purchase_order'),
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    referenceUuid: p.uuid(),
    appName: p.string().length(40),
    serviceId: () => p.manyToOne(Service).mapToPk().fieldName('service_id').index(),
    state: p.enum(ORDER_STATES),
    paymentMethod: p.enum(PAYMENT_METHODS),
    customerBilling: p.json<OrderCustomerSnapshot>(),
    customerService: p.json<OrderCustomerSnapshot>(),
    buyerEmail: p.string().length(100),
    /** The signed-in customer's company (its previous uses of a code count), or null for a visitor. */
    buyerCustomerId: p.integer().nullable().index(),
    userRegisterPurchase: p.string().length(100).nullable(),
    additionalInfo: p.string().length(100).nullable(),
    promotionalCodeId: () => p.manyToOne(PromotionalCode).mapToPk().fieldName('promotional_code_id').nullable(),
    /** The start of the code's window in force (its quota's period). */
    promoPeriodStart: p.datetime().nullable(),
    subTotal: p.decimal('string').precision(20).scale(2),
    totalDiscount: p.decimal('string').precision(20).scale(2),
    taxIva: p.decimal('string').precision(20).scale(2),
    taxReteIva: p.decimal('string').precision(20).scale(2),
    taxReteIca: p.decimal('string').precision(20).scale(2),
    taxReteFuente: p.decimal('string').precision(20).scale(2),
    total: p.decimal('string').precision(20).scale(2),
    sendEmailActivationLicense: p.boolean().default(false),
    checkUserActivation: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    /** Reference, uuid, both customers' names and documents and the buyer's e-mail, without accents, lower-case: what the back office's `q` searches. */
    searchText: p
      .text()
      .generated(
        `(immutable_unaccent(lower('oc-' || "id" || ' ' || "reference_uuid" || ' ' || ${SNAPSHOT_TEXT('customer_billing')} || ' ' || ${SNAPSHOT_TEXT('customer_service')} || ' ' || "buyer_email"))) stored`,
      )
      .nullable()
      .lazy()
      .hidden(),
  },
});
export type PurchaseOrder = InferEntity<typeof PurchaseOrder>;

/** One package of an order with the catalogue's figures when it was registered. */
export const PurchaseOrderLine = defineEntity({
  name: 'PurchaseOrderLine',
  tableName: 'purchase_order_line',
  properties: {
    id: p.integer().primary().autoincrement(),
    purchaseOrderId: () => p.manyToOne(PurchaseOrder).mapToPk().fieldName('purchase_order_id').index(),
    packageId: () => p.manyToOne(Package).mapToPk().fieldName('package_id').index(),
    packageCode: p.string().length(50),
    packageName: p.string().length(200),
    packageTypeId: p.smallint(),
    quantity: p.integer(),
    employee: p.boolean(),
    /** The price shown, IVA included, of one unit (of the line for an employee package). */
    price: p.decimal('string').precision(20).scale(2),
    ivaRate: p.decimal('string').precision(5).scale(2),
    unitPrice: p.decimal('string').precision(20).scale(2),
    gross: p.decimal('string').precision(20).scale(2),
    offerDiscount: p.decimal('string').precision(20).scale(2),
    promoDiscount: p.decimal('string').precision(20).scale(2),
    discount: p.decimal('string').precision(20).scale(2),
    newBase: p.decimal('string').precision(20).scale(2),
    ivaValue: p.decimal('string').precision(20).scale(2),
    total: p.decimal('string').precision(20).scale(2),
    /** The package and its features as sold (the catalogue may change later). */
    snapshot: p.json<Record<string, unknown>>(),
  },
});
export type PurchaseOrderLine = InferEntity<typeof PurchaseOrderLine>;

/** Every state an order went through, who moved it and why. */
export const PurchaseOrderStateChange = defineEntity({
  name: 'PurchaseOrderStateChange',
  tableName: 'purchase_order_state_change',
  properties: {
    id: p.integer().primary().autoincrement(),
    purchaseOrderId: () => p.manyToOne(PurchaseOrder).mapToPk().fieldName('purchase_order_id').index(),
    fromState: p.enum(ORDER_STATES).nullable(),
    toState: p.enum(ORDER_STATES),
    changedBy: p.string().length(100),
    reason: p.string().length(300).nullable(),
    changedAt: p.datetime(),
  },
});
export type PurchaseOrderStateChange = InferEntity<typeof PurchaseOrderStateChange>;

/** How many orders took a code in one of its periods: the quota is decided by a conditional update of this row. */
export const PromotionCodeUse = defineEntity({
  name: 'PromotionCodeUse',
  tableName: 'promotion_code_use',
  checks: [{ name: 'promotion_code_use_used_check', expression: 'used >= 0' }],
  properties: {
    promotionalCodeId: () => p.manyToOne(PromotionalCode).mapToPk().primary().fieldName('promotional_code_id'),
    periodStart: p.datetime().primary(),
    used: p.integer().default(0),
  },
});
export type PromotionCodeUse = InferEntity<typeof PromotionCodeUse>;

/** An Idempotency-Key of RegisterPurchaseOrder and the answer it gave (store: double click, retry). */
export const OrderIdempotencyKey = defineEntity({
  name: 'OrderIdempotencyKey',
  tableName: 'order_idempotency_key',
  properties: {
    idempotencyKey: p.string().length(255).primary(),
    fingerprint: p.string().length(64),
    purchaseOrderId: () => p.manyToOne(PurchaseOrder).mapToPk().fieldName('purchase_order_id'),
    response: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().index(),
  },
});
export type OrderIdempotencyKey = InferEntity<typeof OrderIdempotencyKey>;

export const ORDER_ENTITIES = [PurchaseOrder, PurchaseOrderLine, PurchaseOrderStateChange, PromotionCodeUse, OrderIdempotencyKey];
