import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { OrderState } from './order.types.js';

/** An Idempotency-Key's claim: whether this request holds it, and the answer already given under it. */
export interface OrderKeyClaim {
  locked: boolean;
  known: { fingerprint: string; response: Record<string, unknown> } | null;
}

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

  /** The key's claim and its record in one statement (as partners' consumptions do). */
  async claimKey(key: string): Promise<OrderKeyClaim> {
    const [row] = await this.em.execute<{ locked: boolean; fingerprint: string | null; response: Record<string, unknown> | string | null }[]>(
      `select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked, k.fingerprint, k.response
         from (select 1) as one left join order_idempotency_key k on k.idempotency_key = ?`,
      [`order ${key}`, key],
    );
    if (!row?.locked) return { locked: false, known: null };
    if (row.fingerprint === null || row.response === null) return { locked: true, known: null };
    const response = typeof row.response === 'string' ? (JSON.parse(row.response) as Record<string, unknown>) : row.response;
    return { locked: true, known: { fingerprint: row.fingerprint, response } };
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
}
