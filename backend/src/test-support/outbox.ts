import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { OutboxWorker } from '../outbox/outbox.worker.js';
import type { Instance, Instances } from './instance.js';

/** Runs `work` with a client of the database at `url` (a test's own database). */
export async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface OutboxCounts {
  PENDING: number;
  DONE: number;
  FAILED: number;
}

export async function outboxCounts(client: pg.Client): Promise<OutboxCounts> {
  const { rows } = await client.query<{ state: keyof OutboxCounts; n: string }>('select state, count(*) as n from outbox_delivery group by state');
  const counts: OutboxCounts = { PENDING: 0, DONE: 0, FAILED: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** Polls `check` every `everyMs` until it answers true; throws after `timeoutMs` with `what`. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until no outbox delivery is pending (every delivery DONE or FAILED) and answers the counts. */
export async function waitForOutbox(client: pg.Client, timeoutMs = 120_000): Promise<OutboxCounts> {
  let counts = await outboxCounts(client);
  await eventually(
    'the outbox to have no pending delivery',
    async () => {
      counts = await outboxCounts(client);
      return counts.PENDING === 0;
    },
    timeoutMs,
  );
  return counts;
}

/**
 * A crash in the middle of the work: once `midWork()` holds (polled every 10 ms), `victim` gets
 * SIGKILL (no shutdown hook runs, its open transactions are cut), and a replacement instance is
 * started on the same database (the restart). Answers the replacement.
 */
export async function killMidWork(instances: Instances, victim: Instance, midWork: () => Promise<boolean>, timeoutMs = 60_000): Promise<Instance> {
  await eventually('the moment to kill the instance', midWork, timeoutMs, 10);
  await victim.kill();
  return instances.start();
}

/** Delivers every outbox delivery due now in the app of this process (e-mails to the mailbox, ...); answers how many ran. */
export function drainOutbox(app: INestApplicationContext): Promise<number> {
  return app.get(OutboxWorker).drain();
}
