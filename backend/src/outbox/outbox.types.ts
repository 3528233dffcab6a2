import type { EntityManager } from '@mikro-orm/sql';
import type { StatementPart } from '../database/statement-part.js';

export const DELIVERY_STATES = ['PENDING', 'DONE', 'FAILED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What a caller enqueues: the event's type, its JSON payload and the key that makes it happen once. */
export interface OutboxEventInput<P extends object = Record<string, unknown>> {
  type: string;
  payload: P;
  /**
   * Enqueued once per (type, dedupeKey): a second enqueue with the same key, in this transaction
   * or any other, adds nothing (e.g. `order:123`). Without one, every enqueue is a new event.
   */
  dedupeKey?: string;
}

/** An event as a handler receives it. */
export interface OutboxEventRecord<P extends object = Record<string, unknown>> {
  id: number;
  type: string;
  dedupeKey: string;
  payload: P;
  createdAt: Date;
}

export interface DeliveryContext<Prefetched = unknown, Settle = unknown> {
  /**
   * The transaction that marks this delivery done (a savepoint of it): what the handler writes
   * here commits together with "delivered", or not at all. A crash mid-handler rolls both back.
   */
  em: EntityManager;
  /** The delivery's target ('' for a handler with one target). */
  target: string;
  /** 1 on the first attempt. */
  attempt: number;
  deliveryId: number;
  /**
   * Aborted when the attempt runs past the handler's timeout: the transaction has then ended, so
   * pass it to network calls (fetch, SMTP) and write nothing after it fires.
   */
  signal: AbortSignal;
  /**
   * What the handler's `prefetch` read for this event with the rest of its batch; undefined when
   * it did not run (or failed): the handler then reads alone.
   */
  prefetched?: Prefetched;
  /**
   * Present when the handler has `settleBatch` and its batch runs without savepoints: the handler
   * passes its last write here instead of writing it, and the batch writes those of all its
   * successful deliveries in the statement that marks them done.
   */
  defer?(settle: Settle): void;
}

export interface RetryPolicy {
  /** Attempts before the delivery is left FAILED. */
  maxAttempts: number;
  /** Delay before the second attempt; each later one doubles it (with ±20 % jitter) up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Something done after commit for events of some types: send an e-mail, call a webhook, push to
 * the hub. Register it with OutboxService.register (usually in onModuleInit). Its deliveries are
 * created when an event of its types is enqueued, one per target.
 */
export interface OutboxHandler<Prefetched = unknown, Settle = unknown> {
  /** Stable name stored with each delivery (at most 60 characters). */
  readonly name: string;
  /** Event types it handles. */
  readonly types: readonly string[];
  /** Overrides the configured retry policy. */
  readonly retry?: Partial<RetryPolicy>;
  /** Longest a handler may run before its attempt counts as failed (default 30 s). */
  readonly timeoutMs?: number;
  /**
   * True when the handler writes no table behind a cache topic (ReadCache.writesNoCachedTable):
   * its delivery's commit skips reading the topics it made stale, one statement per delivery.
   */
  readonly writesNoCachedTable?: boolean;
  /**
   * True when the handler's one write is its last statement and it fails only before it: its
   * attempt runs in the batch's transaction without a savepoint of its own (two statements fewer
   * a delivery). Should one of its statements fail anyway, the batch is rolled back whole and
   * taken again with a savepoint for every delivery.
   */
  readonly writesOnceLast?: boolean;
  /**
   * Reads in one statement, before the batch's deliveries run, what those of this handler need
   * (by event id); each finds its part in `context.prefetched`. A failed read is passed over, and
   * a delivery alone in its batch reads for itself.
   */
  prefetch?(em: EntityManager, events: readonly OutboxEventRecord[]): Promise<ReadonlyMap<number, Prefetched>>;
  /**
   * The writes its successful deliveries deferred (`context.defer`), as a part of the statement
   * that marks the batch done (CTE names prefixed by the handler's name). Should that statement
   * fail, the batch is taken again with savepoints, where each delivery writes its own.
   */
  settleBatch?(settles: readonly Settle[]): StatementPart;
  /**
   * The targets of one event (e.g. the webhook subscriptions of its brand), computed in the
   * enqueuing transaction; none means no delivery. Without it, one delivery with target ''.
   */
  targets?(event: OutboxEventInput, em: EntityManager): Promise<string[]>;
  /**
   * Does the work; throwing (or timing out) schedules a retry and rolls back what it wrote.
   * Answering `{ failed }` also schedules a retry but keeps what it wrote (e.g. a log of the
   * attempt), committed with the failure.
   */
  handle(event: OutboxEventRecord, context: DeliveryContext<Prefetched, Settle>): Promise<void | { failed: string }>;
}
