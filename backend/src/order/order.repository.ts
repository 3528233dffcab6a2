import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { StatementPart } from '../database/statement-part.js';
import type { ActivationLine } from './order-activation.rules.js';
import type { OrderCustomerSnapshot, OrderLineRow, OrderState, PAYMENT_METHODS } from './order.types.js';

/** A paid order as activation reads it. */
export interface OrderToActivate {
  id: number;
  referenceUuid: string;
  appName: string;
  serviceId: number;
  paymentMethod: string;
  customerService: OrderCustomerSnapshot;
  buyerEmail: string;
  lines: (ActivationLine & { packageName: string })[];
}

/** A json column as the driver gives it (parsed, or text). */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** An Idempotency-Key's claim: whether this request holds it, and the answer already given under it. */
export interface OrderKeyClaim {
  locked: boolean;
  known: { fingerprint: string; response: Record<string, unknown> } | null;
  /** The id the order takes (from its sequence), null when not locked. */
  orderId: number | null;
}

/** A document's key in `customerIdsByDocument`'s answer (the number without spaces). */
export const documentKey = (documentTypeCode: string, documentNumber: string) => `${documentTypeCode} ${documentNumber.replace(/\s+/g, '')}`;

/** A new order's row as `insertOrder` writes it (money as exact decimal text). */
export interface NewOrder {
  id: number | null;
  referenceUuid: string;
  appName: string;
  serviceId: number;
  state: OrderState;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  customerBilling: OrderCustomerSnapshot;
  customerService: OrderCustomerSnapshot;
  buyerEmail: string;
  buyerCustomerId: number | null;
  userRegisterPurchase: string | null;
  additionalInfo: string | null;
  promotionalCodeId: number | null;
  promoPeriodStart: Date | null;
  subTotal: string;
  totalDiscount: string;
  taxIva: string;
  taxReteIva: string;
  taxReteIca: string;
  taxReteFuente: string;
  total: string;
  sendEmailActivationLicense: boolean;
  checkUserActivation: boolean;
  createdAt: Date;
}

/** One line of a new order with the catalogue's figures (money as exact decimal text). */
export interface NewOrderLine {
  packageId: number;
  packageCode: string;
  packageName: string;
  packageTypeId: number;
  quantity: number;
  employee: boolean;
  price: string;
  ivaRate: string;
  unitPrice: string;
  gross: string;
  offerDiscount: string;
  promoDiscount: string;
  discount: string;
  newBase: string;
  ivaValue: string;
  total: string;
  snapshot: Record<string, unknown>;
}

/** The answer an Idempotency-Key keeps. */
export interface NewKeyAnswer {
  key: string;
  fingerprint: string;
  response: unknown;
}

const ORDER_COLUMNS = `id, reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
  buyer_customer_id, user_register_purchase, additional_info, promotional_code_id, promo_period_start, sub_total, total_discount, tax_iva,
  tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, send_email_activation_license, check_user_activation, created_at, updated_at`;
const ORDER_VALUES = `coalesce(?::int, nextval('purchase_order_id_seq')::int), ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?`;

const orderParams = (order: NewOrder) => [
  order.id,
  order.referenceUuid,
  order.appName,
  order.serviceId,
  order.state,
  order.paymentMethod,
  JSON.stringify(order.customerBilling),
  JSON.stringify(order.customerService),
  order.buyerEmail,
  order.buyerCustomerId,
  order.userRegisterPurchase,
  order.additionalInfo,
  order.promotionalCodeId,
  order.promoPeriodStart,
  order.subTotal,
  order.totalDiscount,
  order.taxIva,
  order.taxReteIva,
  order.taxReteIca,
  order.taxReteFuente,
  order.total,
  order.sendEmailActivationLicense,
  order.checkUserActivation,
  order.createdAt,
  order.createdAt,
];

/** The order's first state change (`c`) and its lines (`l`), in the cart's order, from the inserted order `o`. */
const HISTORY_AND_LINES = `c as (insert into purchase_order_state_change (purchase_order_id, from_state, to_state, changed_by, reason, changed_at)
             select o.id, null, ?, ?, null, ? from o),
       l as (insert into purchase_order_line (purchase_order_id, package_id, package_code, package_name, package_type_id, quantity, employee, price, iva_rate,
                                              unit_price, gross, offer_discount, promo_discount, discount, new_base, iva_value, total, snapshot)
             select o.id, (x.e->>'packageId')::int, x.e->>'packageCode', x.e->>'packageName', (x.e->>'packageTypeId')::smallint, (x.e->>'quantity')::int,
                    (x.e->>'employee')::boolean, (x.e->>'price')::numeric, (x.e->>'ivaRate')::numeric, (x.e->>'unitPrice')::numeric, (x.e->>'gross')::numeric,
                    (x.e->>'offerDiscount')::numeric, (x.e->>'promoDiscount')::numeric, (x.e->>'discount')::numeric, (x.e->>'newBase')::numeric,
                    (x.e->>'ivaValue')::numeric, (x.e->>'total')::numeric, x.e->'snapshot'
               from o cross join jsonb_array_elements(?::jsonb) with ordinality as x(e, n) order by x.n)`;

const historyAndLinesParams = (order: NewOrder, lines: NewOrderLine[], change: { changedBy: string }) => [
  order.state,
  change.changedBy,
  order.createdAt,
  JSON.stringify(lines),
];

/** The data access of orders: plain statements where the database decides a race. */
@Injectable()
export class OrderRepository {
  constructor(private readonly em: EntityManager) {}

  /** Orders that took a code in one of its periods (the quota's count). */
  async usesInPeriod(codeId: number, periodStart: Date): Promise<number> {
    const [row] = await this.em.execute<{ used: number }[]>(`select used from promotion_code_use where promotional_code_id = ? and period_start = ?`, [
      codeId,
      periodStart,
    ]);
    return row ? Number(row.used) : 0;
  }

  /** Whether a customer already took the code in that period with an order still standing. */
  async customerUsed(codeId: number, periodStart: Date, customerId: number): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `select 1 from purchase_order where promotional_code_id = ? and promo_period_start = ? and buyer_customer_id = ?
          and state not in ('REJECTED', 'CANCELLED') limit 1`,
      [codeId, periodStart, customerId],
    );
    return rows.length > 0;
  }

  /**
   * Takes one use of the code's period if the quota allows it: one statement, the row's lock
   * orders concurrent buyers and the condition is read again after the wait, so exactly `quota`
   * of them get it. False when none is left.
   */
  async claimUse(codeId: number, periodStart: Date, quota: number): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `insert into promotion_code_use as u (promotional_code_id, period_start, used) values (?, ?, 1)
       on conflict (promotional_code_id, period_start) do update set used = u.used + 1 where u.used < ?
       returning u.used`,
      [codeId, periodStart, quota],
    );
    return quota >= 1 && rows.length > 0;
  }

  /** Gives a use back (an order rejected or cancelled). */
  async releaseUse(codeId: number, periodStart: Date): Promise<void> {
    await this.em.execute(`update promotion_code_use set used = used - 1 where promotional_code_id = ? and period_start = ? and used > 0`, [
      codeId,
      periodStart,
    ]);
  }

  /** The answer already given under a key, read before the order's rules (a retry replays even when they would now refuse). */
  async knownKey(key: string): Promise<{ fingerprint: string; response: Record<string, unknown> } | null> {
    const [row] = await this.em.execute<{ fingerprint: string; response: Record<string, unknown> | string }[]>(
      `select fingerprint, response from order_idempotency_key where idempotency_key = ?`,
      [key],
    );
    if (!row) return null;
    return { fingerprint: row.fingerprint, response: typeof row.response === 'string' ? (JSON.parse(row.response) as Record<string, unknown>) : row.response };
  }

  /** The customer of a document (type code and number), read from the view the customer domain publishes; null when none. */
  async customerIdByDocument(documentTypeCode: string, documentNumber: string): Promise<number | null> {
    return (await this.customerIdsByDocument([{ documentTypeCode, documentNumber }])).get(documentKey(documentTypeCode, documentNumber)) ?? null;
  }

  /** The customers of several documents in one read, by `documentKey` (a document of no customer is absent). */
  async customerIdsByDocument(documents: { documentTypeCode: string; documentNumber: string }[]): Promise<Map<string, number>> {
    const distinct = [...new Map(documents.map((d) => [documentKey(d.documentTypeCode, d.documentNumber), d])).values()];
    const rows = await this.em.execute<{ document_type_code: string; document_number: string; customer_id: number }[]>(
      `select document_type_code, document_number, customer_id from customer_document
        where (document_type_code, document_number) in (${distinct.map(() => '(?, ?)').join(', ')})`,
      distinct.flatMap((d) => [d.documentTypeCode, d.documentNumber.replace(/\s+/g, '')]),
    );
    return new Map(rows.map((r) => [documentKey(r.document_type_code, r.document_number), Number(r.customer_id)]));
  }

  /**
   * Claims a key for this transaction in one statement: sets `lock_timeout` (the wait's bound,
   * then 409), waits for the key's transaction-scoped advisory lock (a double click waits for the
   * first submission instead of failing), reads the key's record and takes the order's id. The
   * read's snapshot was taken before the wait, so an answer the holder committed meanwhile is not
   * seen here: that request's key insert then finds it (`insertOrder` answers `keyed: false`),
   * the transaction rolls back and the next claim, a new statement, reads it.
   */
  async claimKey(key: string): Promise<OrderKeyClaim> {
    try {
      const [row] = await this.em.execute<{ order_id: string | number; fingerprint: string | null; response: Record<string, unknown> | string | null }[]>(
        `select n.order_id, k.fingerprint, k.response
           from (select pg_advisory_xact_lock(hashtextextended(?, 0)) as locked from (select set_config('lock_timeout', '10s', true)) t) l
           cross join (select nextval('purchase_order_id_seq') as order_id) n
           left join order_idempotency_key k on k.idempotency_key = ?`,
        [`order ${key}`, key],
      );
      const known = row?.fingerprint
        ? {
            fingerprint: row.fingerprint,
            response: typeof row.response === 'string' ? (JSON.parse(row.response) as Record<string, unknown>) : (row.response ?? {}),
          }
        : null;
      return { locked: true, known, orderId: Number(row?.order_id) };
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return { locked: false, known: null, orderId: null };
      throw error;
    }
  }

  /**
   * The order, its first state change, its lines (in the cart's order) and, when given, the key's
   * answer, in one statement. `order.id` null: a new id from the sequence. `keyed` is false when
   * the key's answer was recorded by a request this one's claim did not see (nothing is then kept:
   * the caller rolls back). `also`: another domain's writes in the same statement (the buyer's e-mail).
   */
  async insertOrder(
    order: NewOrder,
    lines: NewOrderLine[],
    change: { changedBy: string },
    key: NewKeyAnswer | null,
    also?: StatementPart,
  ): Promise<{ id: number; keyed: boolean }> {
    const [row] = await this.em.execute<{ id: number; keyed: string | number }[]>(
      `with o as (insert into purchase_order (${ORDER_COLUMNS}) values (${ORDER_VALUES}) returning id),
       ${HISTORY_AND_LINES},
       k as (insert into order_idempotency_key (idempotency_key, fingerprint, purchase_order_id, response, created_at)
             select ?, ?, o.id, ?::jsonb, ? from o where ? on conflict do nothing returning 1)${also ? `, ${also.ctes}` : ''}
       select o.id, (select count(*) from k) as keyed${also ? `, ${also.select} as also` : ''} from o`,
      [
        ...orderParams(order),
        ...historyAndLinesParams(order, lines, change),
        key?.key ?? '',
        key?.fingerprint ?? '',
        JSON.stringify(key?.response ?? {}),
        order.createdAt,
        key !== null,
        ...(also ? [...also.ctesParams, ...also.selectParams] : []),
      ],
    );
    if (!row) throw new Error('The order insert returned no row');
    return { id: Number(row.id), keyed: Number(row.keyed) > 0 };
  }

  /**
   * `insertOrder` for an order whose id and answer are known beforehand, in one statement outside
   * any transaction: the key's answer is inserted first and the order only if it was (`k` feeds
   * `o`), so a key another request holds makes the statement wait for that request and write
   * nothing (null: the caller replays the answer recorded under it). `also` must write only
   * `when` its host's order was (`o`); the foreign key from the key to the order is checked at the
   * statement's end, when both rows exist.
   */
  async insertOrderAtOnce(
    order: NewOrder & { id: number },
    lines: NewOrderLine[],
    change: { changedBy: string },
    key: NewKeyAnswer | null,
    also?: StatementPart,
  ): Promise<number | null> {
    const keyCte = key
      ? `k as (insert into order_idempotency_key (idempotency_key, fingerprint, purchase_order_id, response, created_at)
               values (?, ?, ?, ?::jsonb, ?) on conflict do nothing returning 1), `
      : '';
    const [row] = await this.em.execute<{ id: number }[]>(
      `with ${keyCte}o as (insert into purchase_order (${ORDER_COLUMNS}) select ${ORDER_VALUES}${key ? ' from k' : ''} returning id),
       ${HISTORY_AND_LINES}${also ? `, ${also.ctes}` : ''}
       select o.id${also ? `, ${also.select} as also` : ''} from o`,
      [
        ...(key ? [key.key, key.fingerprint, order.id, JSON.stringify(key.response), order.createdAt] : []),
        ...orderParams(order),
        ...historyAndLinesParams(order, lines, change),
        ...(also ? [...also.ctesParams, ...also.selectParams] : []),
      ],
    );
    return row ? Number(row.id) : null;
  }

  /** `count` order ids from the order's sequence, in one statement (OrderIds keeps them). */
  async takeOrderIds(count: number): Promise<number[]> {
    const rows = await this.em.execute<{ id: string | number }[]>(`select nextval('purchase_order_id_seq') as id from generate_series(1, ?)`, [count]);
    return rows.map((r) => Number(r.id));
  }

  /** Records the key's answer; false when a request this one's claim did not see recorded it meanwhile. */
  async recordKey(key: string, fingerprint: string, orderId: number, response: unknown, at: Date): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `insert into order_idempotency_key (idempotency_key, fingerprint, purchase_order_id, response, created_at) values (?, ?, ?, ?, ?)
       on conflict do nothing returning 1`,
      [key, fingerprint, orderId, JSON.stringify(response), at],
    );
    return rows.length > 0;
  }

  /**
   * Moves an order from one state to another if it is still in the first (conditional update),
   * recording the change; null when it was not in that state (someone moved it first).
   */
  async transition(
    referenceUuid: string,
    from: OrderState,
    to: OrderState,
    by: string,
    reason: string | null,
    at: Date,
  ): Promise<{ id: number; promotionalCodeId: number | null; promoPeriodStart: Date | null } | null> {
    const [row] = await this.em.execute<{ id: number; promotional_code_id: number | null; promo_period_start: Date | null }[]>(
      `with moved as (update purchase_order set state = ?, updated_at = ? where reference_uuid = ? and state = ?
                      returning id, promotional_code_id, promo_period_start),
            logged as (insert into purchase_order_state_change (purchase_order_id, from_state, to_state, changed_by, reason, changed_at)
                       select id, ?, ?, ?, ?, ? from moved)
       select * from moved`,
      [to, at, referenceUuid, from, from, to, by, reason, at],
    );
    return row
      ? { id: row.id, promotionalCodeId: row.promotional_code_id, promoPeriodStart: row.promo_period_start ? new Date(row.promo_period_start) : null }
      : null;
  }

  /** The order's lines with the figures stored at registration, in the cart's order (plain rows). */
  async lines(orderId: number): Promise<OrderLineRow[]> {
    const rows = await this.em.execute<
      {
        id: number;
        package_id: number;
        package_code: string;
        package_name: string;
        quantity: number;
        unit_price: string;
        gross: string;
        discount: string;
        iva_value: string;
        total: string;
      }[]
    >(
      `select id, package_id, package_code, package_name, quantity, unit_price::text as unit_price, gross::text as gross,
              discount::text as discount, iva_value::text as iva_value, total::text as total
         from purchase_order_line where purchase_order_id = ? order by id`,
      [orderId],
    );
    return rows.map((l) => ({
      id: Number(l.id),
      packageId: Number(l.package_id),
      packageCode: l.package_code,
      packageName: l.package_name,
      quantity: Number(l.quantity),
      unitPrice: l.unit_price,
      gross: l.gross,
      discount: l.discount,
      ivaValue: l.iva_value,
      total: l.total,
    }));
  }

  /** What activation reads of an order: whom it is for, its brand and service, and its lines as sold (in `id` order). */
  async activationOf(orderId: number): Promise<OrderToActivate | null> {
    const [order] = await this.em.execute<
      { id: number; reference_uuid: string; app_name: string; service_id: number; payment_method: string; customer_service: unknown; buyer_email: string }[]
    >(`select id, reference_uuid, app_name, service_id, payment_method, customer_service, buyer_email from purchase_order where id = ?`, [orderId]);
    if (!order) return null;
    const lines = await this.em.execute<{ id: number; package_id: number; package_name: string; quantity: number; employee: boolean; snapshot: unknown }[]>(
      `select id, package_id, package_name, quantity, employee, snapshot from purchase_order_line where purchase_order_id = ? order by id`,
      [orderId],
    );
    return {
      id: order.id,
      referenceUuid: order.reference_uuid,
      appName: order.app_name,
      serviceId: order.service_id,
      paymentMethod: order.payment_method,
      customerService: json(order.customer_service) as OrderCustomerSnapshot,
      buyerEmail: order.buyer_email,
      lines: lines.map((l) => ({
        id: l.id,
        packageId: l.package_id,
        packageName: l.package_name,
        quantity: l.quantity,
        employee: l.employee,
        snapshot: json(l.snapshot) as ActivationLine['snapshot'],
      })),
    };
  }

  /** Deletes up to `limit` key records created before `cutoff`, oldest first, skipping those another purge holds; answers how many. */
  async purgeKeys(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.em.execute<unknown[]>(
      `delete from order_idempotency_key where idempotency_key in (
         select idempotency_key from order_idempotency_key where created_at < ? order by created_at limit ? for update skip locked)
       returning 1`,
      [cutoff, limit],
    );
    return rows.length;
  }
}
