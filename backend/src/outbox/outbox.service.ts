import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EventBus } from '../events/event-bus.js';
import { EVENTS_CHANNEL, type OutboxEnqueuedEvent } from '../events/events.js';
import type { StatementPart } from '../database/statement-part.js';
import { type DeliveryCounts, OutboxRepository, rowWithEventPart } from './outbox.repository.js';
import { type DomainEvent, domainEventKey } from './domain-events.js';
import type { OutboxEventInput, OutboxHandler, RetryPolicy } from './outbox.types.js';

const NAME = /^[a-z0-9][a-z0-9._-]{0,59}$/;

/**
 * The transactional outbox (DESIGN.md, "Events after commit"): `enqueue` writes an event and one
 * delivery per subscribed handler in the caller's transaction and publishes a wake-up that
 * PostgreSQL delivers only after commit; OutboxWorker, on every instance, then runs the handlers.
 */
@Injectable()
export class OutboxService {
  private readonly handlers = new Map<string, OutboxHandler>();

  constructor(
    private readonly repo: OutboxRepository,
    private readonly events: EventBus,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Subscribes a handler to its event types (before events of those types are enqueued). */
  register(handler: OutboxHandler): void {
    if (!NAME.test(handler.name)) throw new Error(`Outbox handler name "${handler.name}" must be 1-60 lower-case letters, digits, '.', '_' or '-'`);
    const known = this.handlers.get(handler.name);
    if (known && known !== handler) throw new Error(`Outbox handler "${handler.name}" is registered twice`);
    this.handlers.set(handler.name, handler);
  }

  handler(name: string): OutboxHandler | undefined {
    return this.handlers.get(name);
  }

  handlerNames(): string[] {
    return [...this.handlers.keys()];
  }

  retryPolicy(handler: OutboxHandler): RetryPolicy {
    const c = this.config.outbox;
    return { maxAttempts: c.maxAttempts, baseDelayMs: c.retryBaseMs, maxDelayMs: c.retryMaxMs, ...handler.retry };
  }

  /**
   * Writes the event in `em`'s transaction (which must be open: use it inside em.transactional)
   * with a delivery for each handler of its type, and wakes the workers after commit. Returns the
   * event id, or null when an event of that type and dedupe key already exists (nothing added).
   */
  async enqueue<P extends object>(em: EntityManager, input: OutboxEventInput<P>): Promise<number | null> {
    if (!em.isInTransaction()) throw new Error('OutboxService.enqueue needs the caller transaction (call it inside em.transactional)');
    const dedupeKey = input.dedupeKey ?? randomUUID();
    if (dedupeKey.length > 200) throw new Error('Outbox dedupe keys are at most 200 characters');
    const eventId = await this.repo.insertEvent(em, input.type, dedupeKey, input.payload);
    if (eventId === null) return null;
    const deliveries: { handler: string; target: string }[] = [];
    for (const handler of this.handlers.values()) {
      if (!handler.types.includes(input.type)) continue;
      const targets = handler.targets ? await handler.targets(input as OutboxEventInput, em) : [''];
      for (const target of new Set(targets)) deliveries.push({ handler: handler.name, target });
    }
    await this.repo.insertDeliveries(em, eventId, deliveries);
    if (deliveries.length) await this.events.publish(em, { type: 'outbox.enqueued' });
    return eventId;
  }

  /**
   * Writes a row and an event that names it in one statement, in `em`'s transaction (the mail
   * queue's message and its `mail.send`): `row` is an `insert ... returning id`; the event's dedupe
   * key is `keyPrefix` + the id and its payload `{ [payloadKey]: id }`. For event types whose
   * handlers all have one target (no `targets`); otherwise the row and the event are two statements.
   * Answers the row's id, or null when the row was not inserted (nothing enqueued).
   */
  async enqueueWithRow(
    em: EntityManager,
    row: { sql: string; params: unknown[] },
    event: { type: string; keyPrefix: string; payloadKey: string },
  ): Promise<number | null> {
    if (!em.isInTransaction()) throw new Error('OutboxService.enqueueWithRow needs the caller transaction (call it inside em.transactional)');
    const handlers = [...this.handlers.values()].filter((h) => h.types.includes(event.type));
    if (handlers.some((h) => h.targets)) {
      const [inserted] = await em.execute<{ id: string | number }[]>(row.sql, row.params);
      if (!inserted) return null;
      const id = Number(inserted.id);
      await this.enqueue(em, { type: event.type, dedupeKey: `${event.keyPrefix}${id}`, payload: { [event.payloadKey]: id } });
      return id;
    }
    return this.repo.insertRowWithEvent(em, row, event, ...this.singleTargets(handlers));
  }

  /**
   * `enqueueWithRow` as a part of the caller's own statement (one round trip for both), with CTE
   * names prefixed by `prefix`; null when a handler of the event has targets of its own (they are
   * computed in the transaction, after the row: `enqueueWithRow` then).
   */
  rowWithEventPart(
    prefix: string,
    row: { sql: string; params: unknown[] },
    event: { type: string; keyPrefix: string; payloadKey: string },
  ): StatementPart | null {
    const handlers = [...this.handlers.values()].filter((h) => h.types.includes(event.type));
    if (handlers.some((h) => h.targets)) return null;
    return rowWithEventPart(prefix, row, event, ...this.singleTargets(handlers));
  }

  /** The deliveries of handlers with one target each, and the workers' wake-up. */
  private singleTargets(handlers: OutboxHandler[]): [{ handler: string; target: string }[], { channel: string; payload: string }] {
    const wake: OutboxEnqueuedEvent = { type: 'outbox.enqueued' };
    return [handlers.map((h) => ({ handler: h.name, target: '' })), { channel: EVENTS_CHANNEL, payload: JSON.stringify(wake) }];
  }

  /**
   * Writes a domain event (order paid, payment rejected, licence granted) in `em`'s transaction,
   * once per its natural key (an order is paid once): a second publish adds nothing. Its payload
   * gets an id, the same for every handler and attempt, that webhooks send as their dedupe key.
   */
  publish(em: EntityManager, event: DomainEvent, now = new Date()): Promise<number | null> {
    return this.enqueue(em, this.eventInput(event, now));
  }

  /** What `publish` writes of a domain event, for a caller that writes many events in one statement (the agreement alert sweep). */
  eventInput(event: DomainEvent, now = new Date()): OutboxEventInput & { dedupeKey: string } {
    return { type: event.type, dedupeKey: domainEventKey(event), payload: { id: randomUUID(), occurredAt: now.toISOString(), data: event.data } };
  }

  /** Deliveries by state, over every event. */
  counts(): Promise<DeliveryCounts> {
    return this.repo.counts(this.em.fork());
  }
}
