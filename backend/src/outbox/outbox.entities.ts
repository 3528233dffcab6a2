import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { DELIVERY_STATES } from './outbox.types.js';

/**
 * Something that happened, written in the transaction that caused it (DESIGN.md, "Events after
 * commit"). Enqueued once per (type, dedupe key): a second enqueue with the same key is a no-op.
 */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  uniques: [{ name: 'outbox_event_dedupe_unique', properties: ['type', 'dedupeKey'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    type: p.string().length(100),
    dedupeKey: p.string().length(200),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type OutboxEvent = InferEntity<typeof OutboxEvent>;

/**
 * One handler's (and target's) delivery of an event, tracked apart from the others so a failing
 * webhook never repeats an e-mail. Taken with FOR UPDATE SKIP LOCKED by any instance; the row
 * lock is held while the handler runs, in the transaction that marks the delivery done.
 */
export const OutboxDelivery = defineEntity({
  name: 'OutboxDelivery',
  tableName: 'outbox_delivery',
  uniques: [{ name: 'outbox_delivery_handler_unique', properties: ['eventId', 'handler', 'target'] }],
  indexes: [{ name: 'outbox_delivery_due_index', properties: ['state', 'nextAttemptAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    eventId: () => p.manyToOne(OutboxEvent).mapToPk().fieldName('event_id').deleteRule('cascade'),
    handler: p.string().length(60),
    /** What the handler delivers to (a webhook subscription, ...); '' for a handler with one target. */
    target: p.string().length(200).default(''),
    state: p.enum(DELIVERY_STATES).default('PENDING'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    lastError: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    doneAt: p.datetime().nullable(),
  },
});
export type OutboxDelivery = InferEntity<typeof OutboxDelivery>;

export const OUTBOX_ENTITIES = [OutboxEvent, OutboxDelivery];
