import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { ListQuery, Page } from '../database/list-query.js';
import { escapeLike } from '../database/list-filter.js';
import type { OrderCustomerSnapshot, OrderState, PaymentMethod } from './order.types.js';

export type OrderSortField = 'id' | 'reference' | 'createdAt' | 'updatedAt' | 'total' | 'state' | 'paymentMethod' | 'appName' | 'customer.legalName';

/** The list's filter as the repository takes it; days are already instants (Bogotá's start of each day). */
export interface OrderListFilter {
  q?: string;
  ids?: number[];
  states?: OrderState[];
  paymentMethod?: PaymentMethod;
  appName?: string;
  documentNumber?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  before?: Date;
}

/** One order as the list and the detail read it: only its columns, amounts as numeric text. */
export interface OrderRow {
  id: number;
  referenceUuid: string;
  appName: string;
  state: OrderState;
  paymentMethod: PaymentMethod;
  total: string;
  buyerEmail: string;
  billing: OrderCustomerSnapshot;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderFiguresRow extends OrderRow {
  activation: OrderCustomerSnapshot;
  subTotal: string;
  totalDiscount: string;
  taxIva: string;
  taxReteIva: string;
  taxReteIca: string;
  taxReteFuente: string;
}

export interface StateChangeRow {
  fromState: OrderState | null;
  toState: OrderState;
  changedBy: string;
  reason: string | null;
  changedAt: Date;
}

/** The name a list sorts and searches by: the legal name, else first and last name (billing). */
const BILLING_NAME = `coalesce(nullif(trim(o.customer_billing->>'legalName'), ''),
  trim(coalesce(o.customer_billing->>'firstName', '') || ' ' || coalesce(o.customer_billing->>'lastName', '')))`;

/** The declared sort fields and the only expressions a sort reaches. */
const SORT_COLUMNS: Readonly<Record<OrderSortField, string>> = {
  id: 'o.id',
  reference: 'o.id',
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  total: 'o.total',
  state: 'o.state',
  paymentMethod: 'o.payment_method',
  appName: 'o.app_name',
  'customer.legalName': BILLING_NAME,
};

const SUMMARY_COLUMNS = `o.id, o.reference_uuid, o.app_name, o.state, o.payment_method, o.total::text as total, o.buyer_email,
  o.customer_billing, o.created_at, o.updated_at`;

interface RawRow {
  id: number;
  reference_uuid: string;
  app_name: string;
  state: OrderState;
  payment_method: PaymentMethod;
  total: string;
  buyer_email: string;
  customer_billing: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

interface RawFiguresRow extends RawRow {
  customer_service: unknown;
  sub_total: string;
  total_discount: string;
  tax_iva: string;
  tax_rete_iva: string;
  tax_rete_ica: string;
  tax_rete_fuente: string;
}

/** A jsonb column as the driver gives it (parsed, or text on some paths). */
const snapshot = (value: unknown): OrderCustomerSnapshot => (typeof value === 'string' ? JSON.parse(value) : value) as OrderCustomerSnapshot;

const toRow = (r: RawRow): OrderRow => ({
  id: Number(r.id),
  referenceUuid: r.reference_uuid,
  appName: r.app_name,
  state: r.state,
  paymentMethod: r.payment_method,
  total: String(r.total),
  buyerEmail: r.buyer_email,
  billing: snapshot(r.customer_billing),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/**
 * The staff's reads of orders (`/api/v1/orders`): SQL projections of the order's own tables into
 * plain rows, never entities (docs/architecture.md "Performance"); what other domains hold of an
 * order (payments, decisions, proofs, licences) is read through their services.
 */
@Injectable()
export class OrderReadRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of orders: only declared fields reach the statement, every value is a parameter. */
  async list(query: ListQuery<OrderSortField, OrderListFilter>): Promise<Page<OrderRow>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const { q, ids, states, paymentMethod, appName, documentNumber, from, before } = query.filter;
    if (ids) {
      if (!ids.length) return { items: [], total: 0 };
      where.push(`o.id in (${ids.map(() => '?').join(', ')})`);
      params.push(...ids);
    }
    if (states?.length) {
      where.push(`o.state in (${states.map(() => '?').join(', ')})`);
      params.push(...states);
    }
    if (paymentMethod) {
      where.push('o.payment_method = ?');
      params.push(paymentMethod);
    }
    if (appName) {
      where.push('o.app_name = lower(?)');
      params.push(appName);
    }
    if (documentNumber) {
      where.push(`(o.customer_billing->>'documentNumber' = ? or o.customer_service->>'documentNumber' = ?)`);
      params.push(documentNumber, documentNumber);
    }
    if (from) {
      where.push('o.created_at >= ?');
      params.push(from);
    }
    if (before) {
      where.push('o.created_at < ?');
      params.push(before);
    }
    if (q?.trim()) {
      // The stored search column and its trigram index (order.entities.ts).
      where.push(`o.search_text like '%' || immutable_unaccent(lower(?)) || '%'`);
      params.push(escapeLike(q.trim()));
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const order = query.sort ? `${SORT_COLUMNS[query.sort.field]} ${query.sort.order === 'ASC' ? 'asc' : 'desc'} nulls last, o.id desc` : 'o.id desc';
    const rows = await this.em.execute<RawRow[]>(`select ${SUMMARY_COLUMNS} from purchase_order o ${clause} order by ${order} limit ? offset ?`, [
      ...params,
      query.limit,
      query.offset,
    ]);
    // A short page that starts inside the rows tells the total; otherwise it is counted apart (a
    // window count would carry every matching row, their jsonb included, through the sort).
    if (rows.length && rows.length < query.limit) return { items: rows.map(toRow), total: query.offset + rows.length };
    const [count] = await this.em.execute<{ n: string }[]>(`select count(*) as n from purchase_order o ${clause}`, params);
    return { items: rows.map(toRow), total: Number(count?.n ?? 0) };
  }

  /** One order with its figures and both customers, or null. */
  async byId(id: number): Promise<OrderFiguresRow | null> {
    const [r] = await this.em.execute<RawFiguresRow[]>(
      `select ${SUMMARY_COLUMNS}, o.customer_service, o.sub_total::text as sub_total, o.total_discount::text as total_discount,
              o.tax_iva::text as tax_iva, o.tax_rete_iva::text as tax_rete_iva, o.tax_rete_ica::text as tax_rete_ica,
              o.tax_rete_fuente::text as tax_rete_fuente
         from purchase_order o where o.id = ?`,
      [id],
    );
    if (!r) return null;
    return {
      ...toRow(r),
      activation: snapshot(r.customer_service),
      subTotal: r.sub_total,
      totalDiscount: r.total_discount,
      taxIva: r.tax_iva,
      taxReteIva: r.tax_rete_iva,
      taxReteIca: r.tax_rete_ica,
      taxReteFuente: r.tax_rete_fuente,
    };
  }

  /** Every state the order went through, oldest first. */
  async stateChanges(orderId: number): Promise<StateChangeRow[]> {
    const rows = await this.em.execute<
      { from_state: OrderState | null; to_state: OrderState; changed_by: string; reason: string | null; changed_at: Date | string }[]
    >(`select from_state, to_state, changed_by, reason, changed_at from purchase_order_state_change where purchase_order_id = ? order by changed_at, id`, [
      orderId,
    ]);
    return rows.map((r) => ({ fromState: r.from_state, toState: r.to_state, changedBy: r.changed_by, reason: r.reason, changedAt: new Date(r.changed_at) }));
  }
}
