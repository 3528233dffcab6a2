import type { TriggerDef } from '@mikro-orm/core';
import { type CacheInvalidatedEvent, type CacheTopic, EVENTS_CHANNEL } from '../events/events.js';

/**
 * A statement trigger that publishes `cache.invalidated` for `topics` whenever its table is
 * written, in the writing transaction: PostgreSQL delivers the NOTIFY after commit to every
 * instance (EventBus), and folds repeats within one transaction into one. The database publishes
 * it, so no writer (an operation, a seed, an operator's SQL) can forget to.
 */
export function invalidatesCache(table: string, topics: readonly CacheTopic[]): TriggerDef {
  const event: CacheInvalidatedEvent = { type: 'cache.invalidated', topics: [...topics] };
  return {
    name: `${table}_invalidates_cache`,
    timing: 'after',
    events: ['insert', 'update', 'delete'],
    forEach: 'statement',
    body: `perform pg_notify('${EVENTS_CHANNEL}', '${JSON.stringify(event)}'); return null;`,
  };
}
