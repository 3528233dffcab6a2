import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { ListQuery, Page } from '../database/list-query.js';
import { escapeLike } from '../database/list-filter.js';
import type { CashDecision, CashDecisionView, CashPaymentState } from './cash-payment.types.js';

/** One cash order with its decision, as the read model gives it. */
export interface CashRow {
  id: number;
  referenceUuid: string;
  appName: string;
  paymentMethod: string;
  orderState: string;
  buyerEmail: string;
  createdAt: Date;
  total: string;
  legalName: string;
  documentNumber: string;
  documentTypeCode: string;
  cashState: CashPaymentState | null;
  decision: CashDecision | null;
  rejectTypeId: number | null;
  reason: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
}

export interface CashListFilter {
  q?: string;
  ids?: number[];
  state?: CashPaymentState;
  appName?: string;
}

export type CashSortField =
  | 'id'
  | 'paymentReference'
  | 'purchaseDate'
  | 'supportDate'
  | 'totalPurchase'
  | 'customer.legalName'
  | 'customer.documentNumber'
  | 'customer.documentTypeLicense.documentTypeCode'
  | 'decidedAt';

/** The declared sort fields and the only columns a sort reaches (supportDate follows the order's date until proofs are read here). */
const SORT_COLUMNS: Readonly<Record<CashSortField, string>> = {
  id: 'id',
  paymentReference: 'id',
  purchaseDate: 'created_at',
  supportDate: 'created_at',
  totalPurchase: 'total',
  'customer.legalName': 'legal_name',
  'customer.documentNumber': 'document_number',
  'customer.documentTypeLicense.documentTypeCode': 'document_type_code',
  decidedAt: 'decided_at',
};

/**
 * Cash orders (payment method EFECTIVO) with their decision: PENDING while the order awaits its
 * proof and no decision exists, APPROVED or REJECTED by the decision; a cash order cancelled
 * undecided is in no tab. The customer is the order's billing snapshot.
 */
const CASH_VIEW = `
  select o.id, o.reference_uuid, o.app_name, o.payment_method, o.state as order_state, o.buyer_email, o.created_at, o.total,
         coalesce(nullif(trim(o.customer_billing->>'legalName'), ''),
                  trim(coalesce(o.customer_billing->>'firstName', '') || ' ' || coalesce(o.customer_billing->>'lastName', ''))) as legal_name,
         coalesce(o.customer_billing->>'documentNumber', '') as document_number,
         coalesce(dt.document_type_code, '') as document_type_code,
         case when d.decision is not null then d.decision when o.state = 'AWAITING_CASH_PROOF' then 'PENDING' end as cash_state,
         d.decision, d.reject_type_id, d.reason, d.decided_by, d.decided_by_name, d.decided_at
    from purchase_order o
    left join cash_payment_decision d on d.purchase_order_id = o.id
    left join document_type dt on dt.id = case when o.customer_billing->>'documentTypeId' ~ '^[0-9]{1,9}$' then (o.customer_billing->>'documentTypeId')::int end`;

interface RawRow {
  id: number;
  reference_uuid: string;
  app_name: string;
  payment_method: string;
  order_state: string;
  buyer_email: string;
  created_at: Date | string;
  total: string;
  legal_name: string;
  document_number: string;
  document_type_code: string;
  cash_state: CashPaymentState | null;
  decision: CashDecision | null;
  reject_type_id: number | null;
  reason: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  total_rows?: string | number;
}

const toRow = (r: RawRow): CashRow => ({
  id: Number(r.id),
  referenceUuid: r.reference_uuid,
  appName: r.app_name,
  paymentMethod: r.payment_method,
  orderState: r.order_state,
  buyerEmail: r.buyer_email,
  createdAt: new Date(r.created_at),
  total: String(r.total),
  legalName: r.legal_name,
  documentNumber: r.document_number,
  documentTypeCode: r.document_type_code,
  cashState: r.cash_state,
  decision: r.decision,
  rejectTypeId: r.reject_type_id === null ? null : Number(r.reject_type_id),
  reason: r.reason,
  decidedBy: r.decided_by,
  decidedByName: r.decided_by_name,
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at),
});

/** Data access of cash payments: the read model over orders and decisions, and the decision's claim. */
@Injectable()
export class CashPaymentRepository {
  constructor(private readonly em: EntityManager) {}

  /** Any order by id, cash or not (the service tells which), or null. */
  async byId(id: number): Promise<CashRow | null> {
    const [row] = await this.em.execute<RawRow[]>(`select * from (${CASH_VIEW}) c where c.id = ?`, [id]);
    return row ? toRow(row) : null;
  }

  /** The decision on order `orderId`'s cash payment (its unique row), or null. */
  async decisionOf(orderId: number): Promise<CashDecisionView | null> {
    const [row] = await this.em.execute<
      { decision: CashDecision; reject_type_id: number | null; reason: string | null; decided_by: string; decided_by_name: string; decided_at: Date | string }[]
    >(`select decision, reject_type_id, reason, decided_by, decided_by_name, decided_at from cash_payment_decision where purchase_order_id = ?`, [orderId]);
    if (!row) return null;
    return {
      decision: row.decision,
      rejectTypeId: row.reject_type_id === null ? null : Number(row.reject_type_id),
      reason: row.reason,
      decidedBy: row.decided_by,
      decidedByName: row.decided_by_name,
      decidedAt: new Date(row.decided_at),
    };
  }

  /** A page of cash payments: only declared fields reach the statement, every value is a parameter. */
  async list(query: ListQuery<CashSortField, CashListFilter>): Promise<Page<CashRow>> {
    const where: string[] = [`c.payment_method = 'EFECTIVO'`, `c.cash_state is not null`];
    const params: unknown[] = [];
    const { q, ids, state, appName } = query.filter;
    if (state) {
      where.push('c.cash_state = ?');
      params.push(state);
    }
    if (ids) {
      if (!ids.length) return { items: [], total: 0 };
      where.push(`c.id in (${ids.map(() => '?').join(', ')})`);
      params.push(...ids);
    }
    if (appName) {
      where.push('lower(c.app_name) = lower(?)');
      params.push(appName);
    }
    if (q?.trim()) {
      where.push(`immutable_unaccent(lower(concat_ws(' ', 'OC-' || c.id, c.reference_uuid, c.legal_name, c.document_type_code, c.document_number, c.total::text)))
                  like '%' || immutable_unaccent(lower(?)) || '%'`);
      params.push(escapeLike(q.trim()));
    }
    const order = query.sort ? `${SORT_COLUMNS[query.sort.field]} ${query.sort.order === 'ASC' ? 'asc' : 'desc'} nulls last, id desc` : 'id desc';
    const rows = await this.em.execute<RawRow[]>(
      `select c.*, count(*) over () as total_rows from (${CASH_VIEW}) c where ${where.join(' and ')} order by ${order} limit ? offset ?`,
      [...params, query.limit, query.offset],
    );
    if (!rows.length && query.offset > 0) {
      const [count] = await this.em.execute<{ n: string }[]>(`select count(*) as n from (${CASH_VIEW}) c where ${where.join(' and ')}`, params);
      return { items: [], total: Number(count?.n ?? 0) };
    }
    return { items: rows.map(toRow), total: Number(rows[0]?.total_rows ?? 0) };
  }

  /**
   * Records the order's decision unless one exists: the unique key makes a concurrent second
   * insert wait for the first transaction and then do nothing. False when another decision holds.
   */
  async claim(input: {
    orderId: number;
    decision: CashDecision;
    rejectTypeId: number | null;
    reason: string | null;
    by: string;
    byName: string;
    at: Date;
  }): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `insert into cash_payment_decision (purchase_order_id, decision, reject_type_id, reason, decided_by, decided_by_name, decided_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (purchase_order_id) do nothing returning id`,
      [input.orderId, input.decision, input.rejectTypeId, input.reason, input.by, input.byName, input.at],
    );
    return rows.length > 0;
  }
}
