import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionPropagation } from '@mikro-orm/core';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { ReadCache } from '../cache/read-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/orm.js';
import { EventBus } from '../events/event-bus.js';
import { type ClaimedDelivery, OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';
import type { RetryPolicy } from './outbox.types.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const PURGE_INTERVAL_MS = 60 * 60_000;
/** How long a timed-out handler is given to stop after its signal fires before its batch is ended whole. */
const STOP_GRACE_MS = 2_000;

/** The delay before attempt `attempt + 1` after `attempt` failures: base × 2^(attempt-1), capped, ±20 % jitter. */
export function retryDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exact = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exact * (0.8 + 0.4 * random()));
}

class HandlerTimeout extends Error {}

/** A failure the handler reported (`{ failed }`) rather than threw. */
class AttemptFailed extends Error {
  override name = 'AttemptFailed';
}

/** The handler ran past its timeout and did not stop within the grace after its signal fired. */
class HandlerStuck extends Error {}

/** A delivery run without a savepoint failed in a way that ended its transaction: the batch is taken again with savepoints. */
class BatchAborted extends Error {}

/**
 * Runs `work` with a signal aborted after `ms`. Then it rejects with HandlerTimeout once the work
 * has stopped (it honoured the signal), or with HandlerStuck when it is still running `grace` ms
 * later: its transaction can then only be ended whole.
 */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, grace = STOP_GRACE_MS): Promise<T> {
  const controller = new AbortController();
  const running = work(controller.signal);
  let timer: NodeJS.Timeout | undefined;
  const after = (wait: number) =>
    new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), wait);
    });
  try {
    const first = await Promise.race([running.then((value) => ({ value })), after(ms)]);
    if (first !== 'late') return first.value;
    const error = new HandlerTimeout(`handler did not finish within ${ms} ms`);
    controller.abort(error);
    clearTimeout(timer);
    const stopped = await Promise.race([
      running.then(
        () => 'stopped' as const,
        () => 'stopped' as const,
      ),
      after(grace),
    ]);
    throw stopped === 'stopped' ? error : new HandlerStuck(error.message);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Runs the outbox's deliveries on this instance. One transaction takes a batch: the oldest due
 * deliveries (up to OUTBOX_BATCH) with FOR UPDATE SKIP LOCKED; each handler runs in its own
 * savepoint, a failure is recorded with when to retry, the successes are marked done together,
 * and one commit ends it. So any number of instances share the work, and a crash rolls the batch
 * back to pending with whatever its handlers wrote. Woken by the NOTIFY that `enqueue` publishes
 * (after commit), by a timer at the next retry, and by a fallback poll.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly concurrency: number;
  private readonly batchSize: number;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private purger?: NodeJS.Timeout;

  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly repo: OutboxRepository,
    private readonly events: EventBus,
    private readonly cache: ReadCache,
    @Inject(DATABASE) db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // The embedded database has one connection: a second lane would only wait for the first.
    this.concurrency = db.kind === 'pglite' ? 1 : (config.outbox.concurrency ?? 4);
    this.batchSize = config.outbox.batch;
  }

  onApplicationBootstrap(): void {
    if (!this.config.outbox.worker) return;
    this.stopped = false;
    this.events.subscribe((event) => {
      if (event.type === 'outbox.enqueued') this.wake();
    });
    this.purger = setInterval(() => void this.purge(), PURGE_INTERVAL_MS).unref();
    this.wake();
  }

  /** Stops taking deliveries and waits for the ones running (before the database closes). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.purger);
    await this.running;
  }

  /** Looks for due deliveries now (again after the current pass, if one is running). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch((error: unknown) => this.logger.error({ err: error }, 'Outbox pass failed'))
      .finally(() => {
        this.running = undefined;
        void this.schedule();
      });
  }

  /**
   * Delivers until nothing is due (also when the worker is off: tests and scripts call it).
   * Returns how many deliveries were attempted.
   */
  async drain(): Promise<number> {
    let attempted = 0;
    // Lanes join as work shows up: a wake-up for one delivery costs one look, not one per lane
    // (each look is a transaction), and a lane stops when its batch found no more due.
    const lanes: Promise<void>[] = [];
    const lane = async () => {
      for (;;) {
        const { ran, more } = await this.processBatch();
        attempted += ran;
        if (!more) return;
        if (lanes.length < this.concurrency) lanes.push(lane());
      }
    };
    lanes.push(lane());
    for (let i = 0; i < lanes.length; i++) await lanes[i];
    return attempted;
  }

  private async pass(): Promise<void> {
    do {
      this.again = false;
      await this.drain();
    } while (this.again && !this.stopped);
  }

  /** The next look: at the next retry's due time, at the latest after the poll interval. */
  private async schedule(): Promise<void> {
    if (this.stopped) return;
    let wait = this.config.outbox.pollMs;
    try {
      const due = await this.repo.msUntilNextDue(this.orm.em.fork(), this.outbox.handlerNames());
      if (due !== null) wait = Math.min(wait, Math.max(due, 5));
    } catch (error) {
      this.logger.warn(`Could not read the next due delivery: ${describe(error)}`);
    }
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), wait).unref();
  }

  /**
   * One batch in one transaction: how many deliveries ran, and whether more may be due (the batch
   * was full, or stopped at its time budget and left the rest pending for the next).
   */
  private async processBatch(withSavepoints = false): Promise<{ ran: number; more: boolean }> {
    if (this.stopped && this.config.outbox.worker) return { ran: 0, more: false };
    const names = this.outbox.handlerNames();
    let stuck: { delivery: ClaimedDelivery; error: HandlerStuck; ran: number } | undefined;
    let aborted: BatchAborted | undefined;
    try {
      return await this.orm.em.fork().transactional(async (tx: EntityManager) => {
        const batch = await this.repo.claim(tx, names, this.batchSize);
        // An empty look wrote nothing, and some handlers write no cached table: commit then skips the stale-topics read.
        if (batch.every((delivery) => this.outbox.handler(delivery.handler)?.writesNoCachedTable)) this.cache.writesNoCachedTable(tx);
        const prefetched = await this.prefetch(tx, batch);
        const started = Date.now();
        const done: number[] = [];
        // The settles handlers deferred, by handler: written with "done" (settleBatch).
        const settles = new Map<string, unknown[]>();
        let ran = 0;
        for (const delivery of batch) {
          if (ran > 0 && (Date.now() - started > this.config.outbox.batchBudgetMs || (this.stopped && this.config.outbox.worker))) break;
          ran++;
          try {
            if (await this.attempt(tx, delivery, prefetched.get(delivery.id), withSavepoints, settles)) done.push(delivery.id);
          } catch (error) {
            if (error instanceof BatchAborted) aborted = error;
            if (!(error instanceof HandlerStuck)) throw error;
            // The handler may still be running on this transaction: end it whole, record apart.
            stuck = { delivery, error, ran };
            throw error;
          }
        }
        const parts = [...settles].map(([name, values]) => this.outbox.handler(name)!.settleBatch!(values));
        try {
          await this.repo.markDone(tx, done, parts);
        } catch (error) {
          if (!parts.length) throw error;
          aborted = new BatchAborted(`the batch's deferred settles: ${describe(error)}`, { cause: error });
          throw aborted;
        }
        return { ran, more: batch.length === this.batchSize || ran < batch.length };
      });
    } catch (error) {
      if (aborted && error === aborted) {
        this.logger.warn(`A delivery ended its batch's transaction; the batch runs again with savepoints: ${aborted.message}`);
        return this.processBatch(true);
      }
      if (!stuck || error !== stuck.error) throw error;
      const { delivery } = stuck;
      const handler = this.outbox.handler(delivery.handler)!;
      if (stuck.ran > 1) this.logger.warn(`A stuck handler ended its batch: ${stuck.ran - 1} delivery(ies) before it will run again`);
      await this.orm.em
        .fork()
        .transactional((tx: EntityManager) =>
          this.recordFailure(tx, delivery.id, delivery.attempts + 1, error, this.describeDelivery(delivery), this.outbox.retryPolicy(handler)),
        );
      return { ran: stuck.ran, more: true };
    }
  }

  /**
   * Runs one delivery's handler in a savepoint of the batch: true when it succeeded (to be marked
   * done); a failure is recorded, and what the handler wrote is rolled back unless it answered
   * `{ failed }`. Throws HandlerStuck when the handler ran past its timeout and would not stop.
   */
  private async attempt(
    tx: EntityManager,
    delivery: ClaimedDelivery,
    prefetched: unknown,
    withSavepoints: boolean,
    settles: Map<string, unknown[]>,
  ): Promise<boolean> {
    const handler = this.outbox.handler(delivery.handler)!;
    const attempt = delivery.attempts + 1;
    const policy = this.outbox.retryPolicy(handler);
    // Kept only if the attempt succeeds.
    const deferred: unknown[] = [];
    const defer = handler.settleBatch && !withSavepoints ? (settle: unknown) => void deferred.push(settle) : undefined;
    const run = (em: EntityManager) =>
      withTimeout(
        (signal) => handler.handle(delivery.event, { em, target: delivery.target, attempt, deliveryId: delivery.id, signal, prefetched, defer }),
        handler.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
    const direct = handler.writesOnceLast === true && !withSavepoints;
    const fail = async (error: unknown) => {
      try {
        await this.recordFailure(tx, delivery.id, attempt, error, this.describeDelivery(delivery), policy);
      } catch (recording) {
        // Without a savepoint a failed statement of the handler aborts the whole transaction.
        if (direct) throw new BatchAborted(`${this.describeDelivery(delivery)}: ${describe(error)}`, { cause: recording });
        throw recording;
      }
    };
    try {
      const outcome = direct ? await run(tx) : await tx.transactional(run, { propagation: TransactionPropagation.NESTED });
      if (!outcome) {
        if (deferred.length) settles.set(delivery.handler, (settles.get(delivery.handler) ?? []).concat(deferred));
        return true;
      }
      await fail(new AttemptFailed(outcome.failed));
    } catch (error) {
      if (error instanceof HandlerStuck || error instanceof BatchAborted) throw error;
      await fail(error);
    }
    return false;
  }

  /**
   * What the batch's handlers read ahead for their deliveries (by delivery id), each handler's
   * read in a savepoint: a failed one is passed over, and its deliveries read alone. A handler
   * with one delivery in the batch reads alone too (no savepoint for a read it makes anyway).
   */
  private async prefetch(tx: EntityManager, batch: readonly ClaimedDelivery[]): Promise<Map<number, unknown>> {
    const found = new Map<number, unknown>();
    const byHandler = new Map<string, ClaimedDelivery[]>();
    for (const delivery of batch) byHandler.set(delivery.handler, [...(byHandler.get(delivery.handler) ?? []), delivery]);
    for (const [name, deliveries] of byHandler) {
      const handler = this.outbox.handler(name);
      if (!handler?.prefetch || deliveries.length < 2) continue;
      const events = deliveries.map((d) => d.event);
      try {
        const read = await tx.transactional((inner: EntityManager) => handler.prefetch!(inner, events), { propagation: TransactionPropagation.NESTED });
        for (const delivery of deliveries) if (read.has(delivery.event.id)) found.set(delivery.id, read.get(delivery.event.id));
      } catch (error) {
        this.logger.warn(`The ${name} handler could not read its batch ahead; its deliveries read alone: ${describe(error)}`);
      }
    }
    return found;
  }

  private describeDelivery(delivery: ClaimedDelivery): string {
    return `${delivery.handler} of ${delivery.event.type} #${delivery.event.id}${delivery.target ? ` to ${delivery.target}` : ''}`;
  }

  private async recordFailure(tx: EntityManager, id: number, attempt: number, error: unknown, what: string, policy: RetryPolicy): Promise<void> {
    const final = attempt >= policy.maxAttempts;
    const message = describe(error);
    await this.repo.markFailed(tx, id, message, final ? 0 : retryDelay(attempt, policy), final);
    if (final) this.logger.error(`Delivery ${what} failed for good after ${attempt} attempts: ${message}`);
    else this.logger.warn(`Delivery ${what} failed (attempt ${attempt}), retrying: ${message}`);
  }

  private async purge(): Promise<void> {
    try {
      const removed = await this.repo.purge(this.orm.em.fork(), this.config.outbox.retentionDays);
      if (removed) this.logger.log(`Purged ${removed} delivered event(s) older than ${this.config.outbox.retentionDays} days`);
    } catch (error) {
      this.logger.warn(`Outbox purge failed: ${describe(error)}`);
    }
  }
}
