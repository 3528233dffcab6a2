import type { TriggerDef } from '@mikro-orm/core';
import { type CacheInvalidatedEvent, type CacheTopic, EVENTS_CHANNEL } from '../events/events.js';

/** The transaction-local setting where the triggers of a transaction list the topics it made stale. */
export const STALE_TOPICS_SETTING = 'app.stale_cache_topics';

/**
 * A statement trigger that publishes `cache.invalidated` for `topics` whenever its table is
 * written, in the writing transaction: PostgreSQL delivers the NOTIFY after commit to every
 * instance (EventBus), and folds repeats within one transaction into one. The database publishes
 * it, so no writer (an operation, a seed, an operator's SQL) can forget to. It also notes the
 * topics in a transaction-local setting, which the writing instance reads before its commit to
 * drop its own answers at once (ReadCache: read-your-writes without waiting for the NOTIFY).
 */
export function invalidatesCache(table: string, topics: readonly CacheTopic[]): TriggerDef {
  const event: CacheInvalidatedEvent = { type: 'cache.invalidated', topics: [...topics] };
  const noted = `coalesce(current_setting('${STALE_TOPICS_SETTING}', true), '')`;
  const list = `,${topics.join(',')}`;
  return {
    name: `${table}_invalidates_cache`,
    timing: 'after',
    events: ['insert', 'update', 'delete'],
    forEach: 'statement',
    body:
      `perform pg_notify('${EVENTS_CHANNEL}', '${JSON.stringify(event)}'); ` +
      `perform set_config('${STALE_TOPICS_SETTING}', ${noted} || '${list}', true) where position('${list}' in ${noted}) = 0; return null;`,
  };
}
