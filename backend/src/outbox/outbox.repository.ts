import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { StatementPart } from '../database/statement-part.js';
import type { DeliveryState, OutboxEventRecord } from './outbox.types.js';

/** A delivery taken by a worker, with its event. */
export interface ClaimedDelivery {
  id: number;
  handler: string;
  target: string;
  attempts: number;
  event: OutboxEventRecord;
}

interface ClaimRow {
  id: string | number;
  handler: string;
  target: string;
  attempts: number;
  event_id: string | number;
  type: string;
  dedupe_key: string;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
}

/** Counts of deliveries by state (for tests, benchmarks and health). */
export type DeliveryCounts = Record<DeliveryState, number>;

/** The outbox's SQL: every statement takes the EntityManager of the transaction it belongs to. */
@Injectable()
export class OutboxRepository {
  /**
   * Inserts the event unless one of that type and key exists (then nothing: null), in the
   * caller's transaction. A concurrent insert of the same key waits for the other transaction and
   * then does nothing, so a key is enqueued once whatever the concurrency.
   */
  async insertEvent(em: EntityManager, type: string, dedupeKey: string, payload: object): Promise<number | null> {
    const rows = await em.execute<{ id: string | number }[]>(
      `insert into outbox_event (type, dedupe_key, payload) values (?, ?, ?::jsonb)
       on conflict (type, dedupe_key) do nothing returning id`,
      [type, dedupeKey, JSON.stringify(payload)],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  async insertDeliveries(em: EntityManager, eventId: number, deliveries: { handler: string; target: string }[]): Promise<void> {
    if (!deliveries.length) return;
    await em.execute(
      `insert into outbox_delivery (event_id, handler, target)
       select ?, d.handler, d.target from jsonb_to_recordset(?::jsonb) as d(handler text, target text)
       on conflict do nothing`,
      [eventId, JSON.stringify(deliveries)],
    );
  }

  /**
   * One statement: `row` (an `insert ... returning id`, `on conflict do nothing` allowed), the
   * event that names its id (dedupe key `keyPrefix` + id, payload `{ [payloadKey]: id }`), the
   * event's deliveries and, when there are any, the `notify` wake-up (delivered after commit). The
   * row's id, or null when the row was not inserted (then nothing else is).
   */
  async insertRowWithEvent(
    em: EntityManager,
    row: { sql: string; params: unknown[] },
    event: { type: string; keyPrefix: string; payloadKey: string },
    deliveries: { handler: string; target: string }[],
    notify: { channel: string; payload: string },
  ): Promise<number | null> {
    const part = rowWithEventPart('r', row, event, deliveries, notify);
    const [inserted] = await em.execute<{ id: string | number }[]>(`with ${part.ctes} select r_row.id, ${part.select} as woke from r_row`, [
      ...part.ctesParams,
      ...part.selectParams,
    ]);
    return inserted ? Number(inserted.id) : null;
  }

  /**
   * Takes the oldest due deliveries no other transaction holds (FOR UPDATE SKIP LOCKED), at most
   * `limit`: the locks last until the caller's transaction ends, so no other worker, on any
   * instance, takes them. The same statement makes the transaction's commit asynchronous: losing
   * it in a database crash loses "done" together with what the handlers wrote, so those
   * deliveries run again, as after a crash before the commit (the outbox is at least once).
   */
  async claim(em: EntityManager, handlers: readonly string[], limit: number): Promise<ClaimedDelivery[]> {
    if (!handlers.length) return [];
    const rows = await em.execute<ClaimRow[]>(
      `select d.id, d.handler, d.target, d.attempts, e.id as event_id, e.type, e.dedupe_key, e.payload, e.created_at
         from (select set_config('synchronous_commit', 'off', true)) s,
              outbox_delivery d join outbox_event e on e.id = d.event_id
        where d.state = 'PENDING' and d.next_attempt_at <= now() and d.handler in (select jsonb_array_elements_text(?::jsonb))
        order by d.next_attempt_at, d.id
        limit ?
        for update of d skip locked`,
      [JSON.stringify(handlers), limit],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      handler: row.handler,
      target: row.target,
      attempts: row.attempts,
      event: {
        id: Number(row.event_id),
        type: row.type,
        dedupeKey: row.dedupe_key,
        payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
        createdAt: new Date(row.created_at),
      },
    }));
  }

  /** Marks these deliveries done, in one statement, which also writes the handlers' `parts` (their deferred settles). */
  async markDone(em: EntityManager, ids: readonly number[], parts: readonly StatementPart[] = []): Promise<void> {
    if (!ids.length) return;
    await em.execute(
      `with done as (update outbox_delivery set state = 'DONE', attempts = attempts + 1, done_at = now(), last_error = null
                      where id in (select jsonb_array_elements_text(?::jsonb)::bigint) returning 1)${parts.map((p) => `, ${p.ctes}`).join('')}
       select (select count(*) from done) as done${parts.map((p, i) => `, ${p.select} as part${i}`).join('')}`,
      [JSON.stringify(ids), ...parts.flatMap((p) => p.ctesParams), ...parts.flatMap((p) => p.selectParams)],
    );
  }

  /** Records a failed attempt: due again after `delayMs`, or FAILED for good when `final`. */
  async markFailed(em: EntityManager, id: number, error: string, delayMs: number, final: boolean): Promise<void> {
    await em.execute(
      `update outbox_delivery
          set attempts = attempts + 1, last_error = ?,
              state = case when ? then 'FAILED' else state end,
              next_attempt_at = clock_timestamp() + make_interval(secs => ?)
        where id = ? and state = 'PENDING'`,
      [error.slice(0, 2000), final, delayMs / 1000, id],
    );
  }

  /** Milliseconds until the next pending delivery of these handlers is due (null: none pending). */
  async msUntilNextDue(em: EntityManager, handlers: readonly string[]): Promise<number | null> {
    if (!handlers.length) return null;
    const [row] = await em.execute<{ ms: string | number | null }[]>(
      `select extract(epoch from (min(next_attempt_at) - now())) * 1000 as ms
         from outbox_delivery where state = 'PENDING' and handler in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(handlers)],
    );
    return row?.ms == null ? null : Math.max(0, Number(row.ms));
  }

  async counts(em: EntityManager): Promise<DeliveryCounts> {
    const rows = await em.execute<{ state: DeliveryState; n: string | number }[]>('select state, count(*) as n from outbox_delivery group by state');
    const counts: DeliveryCounts = { PENDING: 0, DONE: 0, FAILED: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return counts;
  }

  /** Deletes events older than `days` whose deliveries are all done (FAILED ones are kept to be looked at). */
  async purge(em: EntityManager, days: number): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `delete from outbox_event e
        where e.created_at < now() - make_interval(days => ?)
          and not exists (select 1 from outbox_delivery d where d.event_id = e.id and d.state <> 'DONE')
        returning e.id`,
      [days],
    );
    return rows.length;
  }
}

/**
 * A row's insert (`… returning id`), its event keyed by the row's id, the event's deliveries and
 * the workers' wake-up (NOTIFY, sent at commit), as CTEs named `${prefix}_row`, `_event`,
 * `_delivery`; `select` counts the wake-ups sent.
 */
export function rowWithEventPart(
  prefix: string,
  row: { sql: string; params: unknown[] },
  event: { type: string; keyPrefix: string; payloadKey: string },
  deliveries: { handler: string; target: string }[],
  notify: { channel: string; payload: string },
): StatementPart {
  return {
    ctes: `${prefix}_row as (${row.sql}),
       ${prefix}_event as (insert into outbox_event (type, dedupe_key, payload)
             select ?, ? || ${prefix}_row.id, jsonb_build_object(?::text, ${prefix}_row.id) from ${prefix}_row
             on conflict (type, dedupe_key) do nothing returning id),
       ${prefix}_delivery as (insert into outbox_delivery (event_id, handler, target)
             select ${prefix}_event.id, x.handler, x.target from ${prefix}_event cross join jsonb_to_recordset(?::jsonb) as x(handler text, target text)
             on conflict do nothing)`,
    ctesParams: [...row.params, event.type, event.keyPrefix, event.payloadKey, JSON.stringify(deliveries)],
    select: `(select count(*) from (select pg_notify(?, ?) from ${prefix}_event where ?) n)`,
    selectParams: [notify.channel, notify.payload, deliveries.length > 0],
  };
}
