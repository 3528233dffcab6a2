import type { OutboxEventRecord, OutboxHandler, DeliveryContext } from '../outbox.types.js';

/** The event type the witness handlers take. */
export const WITNESS_EVENT = 'test.witness';

/**
 * What a witness event asks of the handlers: to sleep (so a test can kill the process while
 * deliveries are in flight), or to fail its first `failTimes` attempts (handler `witness-flaky`).
 */
export interface WitnessPayload {
  n: number;
  sleepMs?: number;
  failTimes?: number;
}

/**
 * Test-only handlers (registered when OUTBOX_TEST_HANDLERS names them; refused in production).
 * Each records its delivery as a row of `outbox_witness` (a table the test creates) in the
 * delivery's transaction, with the process id: a delivery counted twice, or lost, shows as two
 * rows or none for an event.
 */
function witness(name: string, fails: boolean): OutboxHandler {
  return {
    name,
    types: [WITNESS_EVENT],
    retry: { baseDelayMs: 100, maxDelayMs: 2000, maxAttempts: 6 },
    async handle(event: OutboxEventRecord, { em, attempt }: DeliveryContext): Promise<void> {
      const payload = event.payload as unknown as WitnessPayload;
      if (fails && attempt <= (payload.failTimes ?? 0)) throw new Error(`witness failure ${attempt}`);
      await em.execute('insert into outbox_witness (event_id, handler, attempt, pid) values (?, ?, ?, ?)', [event.id, name, attempt, process.pid]);
      if (payload.sleepMs) await new Promise((resolve) => setTimeout(resolve, payload.sleepMs));
    },
  };
}

export const TEST_HANDLERS: Record<string, () => OutboxHandler> = {
  witness: () => witness('witness', false),
  'witness-flaky': () => witness('witness-flaky', true),
};

export const WITNESS_TABLE_SQL = `create table if not exists outbox_witness (
  id bigserial primary key, event_id bigint not null, handler text not null, attempt int not null, pid int not null,
  at timestamptz not null default clock_timestamp())`;
