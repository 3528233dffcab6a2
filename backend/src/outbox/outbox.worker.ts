import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionPropagation } from '@mikro-orm/core';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { ReadCache } from '../cache/read-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/orm.js';
import { EventBus } from '../events/event-bus.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';
import type { RetryPolicy } from './outbox.types.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const PURGE_INTERVAL_MS = 60 * 60_000;

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

/** Runs `work` with a signal aborted after `ms`; rejects with HandlerTimeout then. */
function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new HandlerTimeout(`handler did not finish within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Runs the outbox's deliveries on this instance. Each delivery is one transaction: take the oldest
 * due one with FOR UPDATE SKIP LOCKED, run its handler in a savepoint, mark it done (or record the
 * failure and when to retry), commit. So any number of instances share the work and a crash rolls
 * the delivery back to pending with whatever its handler wrote. Woken by the NOTIFY that
 * `enqueue` publishes (after commit), by a timer at the next retry, and by a fallback poll.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly concurrency: number;
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
    // Lanes join as work shows up: a wake-up for one delivery costs one look that finds nothing
    // more, not one per lane (each look is a transaction of three statements).
    const lanes: Promise<void>[] = [];
    const lane = async () => {
      while (await this.processOne()) {
        attempted++;
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

  /** One delivery in one transaction; false when none was due (or the worker is stopping). */
  private async processOne(): Promise<boolean> {
    if (this.stopped && this.config.outbox.worker) return false;
    const names = this.outbox.handlerNames();
    let timedOut: { id: number; attempt: number; error: HandlerTimeout; what: string; policy: RetryPolicy } | undefined;
    try {
      return await this.orm.em.fork().transactional(async (tx: EntityManager) => {
        const delivery = await this.repo.claim(tx, names);
        // An empty look wrote nothing; a handler may say it writes no cached table: either commit skips the stale-topics read.
        if (!delivery || this.outbox.handler(delivery.handler)?.writesNoCachedTable) this.cache.writesNoCachedTable(tx);
        if (!delivery) return false;
        const handler = this.outbox.handler(delivery.handler)!;
        const attempt = delivery.attempts + 1;
        const what = `${handler.name} of ${delivery.event.type} #${delivery.event.id}${delivery.target ? ` to ${delivery.target}` : ''}`;
        try {
          const outcome = await tx.transactional(
            (inner: EntityManager) =>
              withTimeout(
                (signal) => handler.handle(delivery.event, { em: inner, target: delivery.target, attempt, deliveryId: delivery.id, signal }),
                handler.timeoutMs ?? DEFAULT_TIMEOUT_MS,
              ),
            { propagation: TransactionPropagation.NESTED },
          );
          if (outcome) await this.recordFailure(tx, delivery.id, attempt, new AttemptFailed(outcome.failed), what, this.outbox.retryPolicy(handler));
          else await this.repo.markDone(tx, delivery.id);
        } catch (error) {
          const policy = this.outbox.retryPolicy(handler);
          if (error instanceof HandlerTimeout) {
            // The handler may still be running on this transaction: end it whole, record apart.
            timedOut = { id: delivery.id, attempt, error, what, policy };
            throw error;
          }
          await this.recordFailure(tx, delivery.id, attempt, error, what, policy);
        }
        return true;
      });
    } catch (error) {
      if (!timedOut || error !== timedOut.error) throw error;
      const { id, attempt, what, policy } = timedOut;
      await this.orm.em.fork().transactional((tx: EntityManager) => this.recordFailure(tx, id, attempt, error, what, policy));
      return true;
    }
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
