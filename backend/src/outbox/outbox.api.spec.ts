import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { useTestApp } from '../test-support/fixture.js';
import { eventually } from '../test-support/outbox.js';
import { OutboxService } from './outbox.service.js';
import type { DeliveryContext, OutboxEventRecord, OutboxHandler } from './outbox.types.js';
import { OutboxWorker } from './outbox.worker.js';

interface Call {
  handler: string;
  eventId: number;
  payload: Record<string, unknown>;
  target: string;
  attempt: number;
  at: number;
}

/**
 * The outbox in one process, on the test database (PostgreSQL with DATABASE_URL, else the embedded
 * one): events are handled after commit, once per handler and key, retried with backoff.
 */
describe('transactional outbox', () => {
  // A loaded machine (the whole suite on two cores) can take a batch past its 1 s budget, splitting the batches these tests read.
  const t = useTestApp({ OUTBOX_POLL_MS: '200', OUTBOX_BATCH_BUDGET_MS: '60000' });
  const calls: Call[] = [];
  let outbox: OutboxService;

  /** A handler of `types` recording its calls; `fail(attempt, target)` true makes that attempt throw. */
  function handler(name: string, types: string[], extra: Partial<OutboxHandler> & { fail?: (attempt: number, target: string) => boolean } = {}): OutboxHandler {
    const h: OutboxHandler = {
      name,
      types,
      retry: { baseDelayMs: 100, maxDelayMs: 1000, maxAttempts: 5 },
      ...extra,
      async handle(event: OutboxEventRecord, ctx: DeliveryContext) {
        calls.push({ handler: name, eventId: event.id, payload: event.payload, target: ctx.target, attempt: ctx.attempt, at: Date.now() });
        if (extra.fail?.(ctx.attempt, ctx.target)) throw new Error(`${name} refused attempt ${ctx.attempt}`);
      },
    };
    outbox.register(h);
    return h;
  }

  const callsOf = (name: string) => calls.filter((c) => c.handler === name);
  const em = () => t.app.get(MikroORM).em.fork();
  const enqueue = (type: string, payload: object, dedupeKey?: string) =>
    em().transactional((tx: EntityManager) => outbox.enqueue(tx, { type, payload, dedupeKey }));
  async function delivery(eventId: number, handlerName: string) {
    const [row] = await em().execute<{ state: string; attempts: number; last_error: string | null }[]>(
      'select state, attempts, last_error from outbox_delivery where event_id = ? and handler = ?',
      [eventId, handlerName],
    );
    return row;
  }

  beforeAll(() => {
    outbox = t.app.get(OutboxService);
  });

  it('hands an event to each of its handlers once, after the transaction commits', async () => {
    handler('mail-a', ['order.paid']);
    handler('hook-a', ['order.paid', 'order.rejected']);
    handler('other-a', ['licence.granted']);
    let seenBeforeCommit = -1;
    const id = await em().transactional(async (tx: EntityManager) => {
      const eventId = await outbox.enqueue(tx, { type: 'order.paid', payload: { orderId: 7 } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      seenBeforeCommit = calls.length;
      return eventId;
    });
    expect(seenBeforeCommit).toBe(0);
    await eventually('both deliveries', async () => callsOf('mail-a').length + callsOf('hook-a').length === 2);
    expect(callsOf('mail-a')).toEqual([expect.objectContaining({ eventId: id, payload: { orderId: 7 }, target: '', attempt: 1 })]);
    expect(callsOf('hook-a')).toEqual([expect.objectContaining({ eventId: id, attempt: 1 })]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsOf('mail-a')).toHaveLength(1);
    expect(callsOf('other-a')).toHaveLength(0);
    expect(await delivery(id!, 'mail-a')).toEqual({ state: 'DONE', attempts: 1, last_error: null });
  });

  it('keeps nothing of a transaction that rolls back', async () => {
    handler('mail-b', ['rolled.back']);
    await expect(
      em().transactional(async (tx: EntityManager) => {
        await outbox.enqueue(tx, { type: 'rolled.back', payload: {} });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await t.app.get(OutboxWorker).drain();
    const [row] = await em().execute<{ n: string }[]>(`select count(*) as n from outbox_event where type = 'rolled.back'`);
    expect(Number(row.n)).toBe(0);
    expect(callsOf('mail-b')).toHaveLength(0);
  });

  it('refuses an enqueue outside a transaction (it would not commit with the cause)', async () => {
    await expect(outbox.enqueue(em(), { type: 'x', payload: {} })).rejects.toThrow(/transaction/);
  });

  it('enqueues an event once per dedupe key, also from concurrent transactions', async () => {
    handler('mail-c', ['order.placed']);
    const first = await enqueue('order.placed', { orderId: 1 }, 'order:1');
    expect(first).toEqual(expect.any(Number));
    expect(await enqueue('order.placed', { orderId: 1 }, 'order:1')).toBeNull();
    // The same key under another type is another event.
    handler('mail-c2', ['order.cancelled']);
    expect(await enqueue('order.cancelled', { orderId: 1 }, 'order:1')).toEqual(expect.any(Number));

    const racing = await Promise.all(Array.from({ length: 20 }, () => enqueue('order.placed', { orderId: 2 }, 'order:2')));
    expect(racing.filter((id) => id !== null)).toHaveLength(1);
    await eventually('the deliveries', async () => callsOf('mail-c').length === 2 && callsOf('mail-c2').length === 1);
    await t.app.get(OutboxWorker).drain();
    expect(callsOf('mail-c').map((c) => c.payload)).toEqual(expect.arrayContaining([{ orderId: 1 }, { orderId: 2 }]));
    expect(callsOf('mail-c')).toHaveLength(2);
  });

  it('retries a failing handler with growing delays and does not repeat the others', async () => {
    handler('hook-d', ['payment.rejected'], { fail: (attempt) => attempt <= 3, retry: { baseDelayMs: 200, maxDelayMs: 5000, maxAttempts: 6 } });
    handler('mail-d', ['payment.rejected']);
    const id = await enqueue('payment.rejected', { orderId: 9 });
    await eventually('the webhook to go through', async () => (await delivery(id!, 'hook-d'))?.state === 'DONE', 30_000);
    const at = callsOf('hook-d').map((c) => c.at);
    const gaps = at.slice(1).map((time, i) => time - at[i]);
    // 200, 400, 800 ms ± 20 % jitter (and a little scheduling).
    expect(gaps[0]).toBeGreaterThanOrEqual(150);
    expect(gaps[1]).toBeGreaterThanOrEqual(300);
    expect(gaps[2]).toBeGreaterThanOrEqual(600);
    expect(gaps[2]).toBeGreaterThan(gaps[0]);
    expect(callsOf('hook-d').map((c) => c.attempt)).toEqual([1, 2, 3, 4]);
    expect(callsOf('mail-d')).toHaveLength(1);
    expect(await delivery(id!, 'hook-d')).toEqual({ state: 'DONE', attempts: 4, last_error: null });
    expect(await delivery(id!, 'mail-d')).toEqual({ state: 'DONE', attempts: 1, last_error: null });
  });

  it('gives up after the last attempt and keeps the error', async () => {
    handler('hook-e', ['always.fails'], { fail: () => true, retry: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 3 } });
    const id = await enqueue('always.fails', {});
    await eventually('the delivery to fail for good', async () => (await delivery(id!, 'hook-e'))?.state === 'FAILED', 30_000);
    expect(await delivery(id!, 'hook-e')).toEqual({ state: 'FAILED', attempts: 3, last_error: 'Error: hook-e refused attempt 3' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsOf('hook-e')).toHaveLength(3);
  });

  it('rolls back what a failed attempt wrote and keeps what the successful one wrote', async () => {
    await em().execute('create table if not exists outbox_spec_effect (event_id bigint not null, attempt int not null)');
    outbox.register({
      name: 'writer-f',
      types: ['writes'],
      retry: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 5 },
      async handle(event, { em: tx, attempt }) {
        await tx.execute('insert into outbox_spec_effect (event_id, attempt) values (?, ?)', [event.id, attempt]);
        if (attempt < 3) throw new Error('not yet');
      },
    });
    const id = await enqueue('writes', {});
    await eventually('the write', async () => (await delivery(id!, 'writer-f'))?.state === 'DONE', 30_000);
    const rows = await em().execute<{ attempt: number }[]>('select attempt from outbox_spec_effect where event_id = ?', [id]);
    expect(rows).toEqual([{ attempt: 3 }]);
  });

  it('delivers to each target apart: a failing target is retried alone', async () => {
    handler('hook-g', ['fanned.out'], {
      targets: async (event) => (event.payload as { subscribers: string[] }).subscribers,
      fail: (attempt, target) => target === 'client-b' && attempt === 1,
    });
    const id = await enqueue('fanned.out', { subscribers: ['client-a', 'client-b', 'client-c', 'client-a'] });
    await eventually('four calls', async () => callsOf('hook-g').length === 4, 30_000);
    await t.app.get(OutboxWorker).drain();
    expect(
      callsOf('hook-g')
        .map((c) => `${c.target}#${c.attempt}`)
        .sort(),
    ).toEqual(['client-a#1', 'client-b#1', 'client-b#2', 'client-c#1']);
    expect(callsOf('hook-g').every((c) => c.eventId === id)).toBe(true);
  });

  it('counts a handler that runs past its timeout as failed', async () => {
    let slow = true;
    let aborted = false;
    outbox.register({
      name: 'slow-h',
      types: ['slow'],
      timeoutMs: 200,
      retry: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 3 },
      async handle(_event, { em: tx, signal }) {
        if (slow) {
          slow = false;
          await new Promise((resolve) => setTimeout(resolve, 600));
          // The attempt's transaction ended at the timeout; a handler that honours the signal writes nothing after it.
          aborted = signal.aborted;
          if (!signal.aborted) await tx.execute('insert into outbox_spec_effect (event_id, attempt) values (-1, -1)');
        }
      },
    });
    const id = await enqueue('slow', {});
    await eventually('the second attempt', async () => (await delivery(id!, 'slow-h'))?.state === 'DONE', 30_000);
    expect(await delivery(id!, 'slow-h')).toEqual({ state: 'DONE', attempts: 2, last_error: null });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(aborted).toBe(true);
    expect(await em().execute('select * from outbox_spec_effect where event_id = -1')).toEqual([]);
  });

  /** Registers `name` for `type`: records each call with its top-level transaction's id, then runs `act`. */
  function batchHandler(name: string, type: string, extra: Partial<OutboxHandler>, act: (n: number, ctx: DeliveryContext) => Promise<void>) {
    const seen: { n: number; attempt: number; xid: string }[] = [];
    outbox.register({
      name,
      types: [type],
      retry: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 5 },
      ...extra,
      async handle(event, ctx) {
        const [{ xid }] = await ctx.em.execute<{ xid: string }[]>('select txid_current()::text as xid');
        const n = Number(event.payload.n);
        seen.push({ n, attempt: ctx.attempt, xid });
        await act(n, ctx);
      },
    });
    return seen;
  }
  /** `count` events of `type` in one transaction (one commit, so one batch finds them all). */
  const enqueueMany = (type: string, count: number) =>
    em().transactional(async (tx: EntityManager) => {
      const ids: number[] = [];
      for (let n = 0; n < count; n++) ids.push((await outbox.enqueue(tx, { type, payload: { n } }))!);
      return ids;
    });
  const allDone = (ids: number[], name: string) => async () => (await Promise.all(ids.map((id) => delivery(id, name)))).every((d) => d?.state === 'DONE');

  it('takes the due deliveries in one transaction, and a failing one is retried alone', async () => {
    const seen = batchHandler('batch-a', 'batched', {}, async (n, { attempt }) => {
      if (n === 2 && attempt === 1) throw new Error('not this time');
    });
    const ids = await enqueueMany('batched', 5);
    await eventually('the five deliveries', allDone(ids, 'batch-a'), 30_000);
    const first = seen.filter((s) => s.attempt === 1);
    expect(first.map((s) => s.n)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(first.map((s) => s.xid)).size).toBe(1);
    expect(seen.map((s) => `${s.n}#${s.attempt}`)).toEqual(['0#1', '1#1', '2#1', '3#1', '4#1', '2#2']);
    expect(await delivery(ids[2], 'batch-a')).toEqual({ state: 'DONE', attempts: 2, last_error: null });
    expect(await delivery(ids[4], 'batch-a')).toEqual({ state: 'DONE', attempts: 1, last_error: null });
  });

  it('counts a handler past its timeout that stops when told as failed, and keeps the rest of its batch', async () => {
    const seen = batchHandler('batch-b', 'batched.slow', { timeoutMs: 150 }, async (n, { attempt, signal }) => {
      if (n !== 1 || attempt !== 1) return;
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      throw signal.reason;
    });
    const ids = await enqueueMany('batched.slow', 3);
    await eventually('the three deliveries', allDone(ids, 'batch-b'), 30_000);
    expect(seen.map((s) => `${s.n}#${s.attempt}`)).toEqual(['0#1', '1#1', '2#1', '1#2']);
    expect(new Set(seen.slice(0, 3).map((s) => s.xid)).size).toBe(1);
    expect(await delivery(ids[1], 'batch-b')).toEqual({ state: 'DONE', attempts: 2, last_error: null });
  });

  it('ends the batch of a handler that will not stop: its attempt counts as failed, the deliveries before it run again', async () => {
    const seen = batchHandler('batch-c', 'batched.stuck', { timeoutMs: 100 }, async (n, { attempt }) => {
      // Ignores its signal past the grace the worker gives it (2 s).
      if (n === 1 && attempt === 1) await new Promise((resolve) => setTimeout(resolve, 2_600));
    });
    const ids = await enqueueMany('batched.stuck', 3);
    await eventually('the three deliveries', allDone(ids, 'batch-c'), 30_000);
    // At least once: the batch that held 0 was rolled back, so 0 ran again; 2 never ran in it.
    const runs = seen.map((s) => `${s.n}#${s.attempt}`);
    expect(runs.slice(0, 2)).toEqual(['0#1', '1#1']);
    expect(runs.slice(2).sort()).toEqual(['0#1', '1#2', '2#1']);
    expect(await delivery(ids[0], 'batch-c')).toEqual({ state: 'DONE', attempts: 1, last_error: null });
    expect(await delivery(ids[1], 'batch-c')).toEqual({ state: 'DONE', attempts: 2, last_error: null });
  });

  it('runs a handler whose one write comes last without a savepoint; when one of its statements fails, the batch runs again with savepoints', async () => {
    await em().execute('create table if not exists outbox_spec_effect (event_id bigint not null, attempt int not null)');
    const marker = (n: number) => -(7000 + n);
    const seen = batchHandler('batch-d', 'batched.direct', { writesOnceLast: true }, async (n, { em: tx, attempt }) => {
      if (n === 1 && attempt === 1) await tx.execute('select 1 / 0');
      await tx.execute('insert into outbox_spec_effect (event_id, attempt) values (?, ?)', [marker(n), attempt]);
    });
    const ids = await enqueueMany('batched.direct', 3);
    await eventually('the three deliveries', allDone(ids, 'batch-d'), 30_000);
    // 1's failed statement ended the first batch's transaction (0's write with it); the batch ran
    // again with a savepoint each, where 1 failed alone and was retried.
    expect(seen.map((s) => `${s.n}#${s.attempt}`)).toEqual(['0#1', '1#1', '0#1', '1#1', '2#1', '1#2']);
    expect(seen[0].xid).not.toBe(seen[2].xid);
    expect(new Set(seen.slice(2, 5).map((s) => s.xid)).size).toBe(1);
    const effects = await em().execute<{ marker: string; attempt: number }[]>(
      'select event_id::text as marker, attempt from outbox_spec_effect where event_id between ? and ? order by event_id desc',
      [marker(2), marker(0)],
    );
    expect(effects).toEqual([
      { marker: String(marker(0)), attempt: 1 },
      { marker: String(marker(1)), attempt: 2 },
      { marker: String(marker(2)), attempt: 1 },
    ]);
    expect(await delivery(ids[1], 'batch-d')).toEqual({ state: 'DONE', attempts: 2, last_error: null });
  });

  it("reads a batch's needs ahead in one call per handler; a failed read leaves each delivery to read alone", async () => {
    const reads: number[][] = [];
    const given: unknown[] = [];
    batchHandler(
      'batch-e',
      'batched.ahead',
      {
        prefetch: (_tx, events) => {
          reads.push(events.map((event) => Number(event.payload.n)));
          return Promise.resolve(new Map(events.map((event) => [event.id, `lo leído para ${String(event.payload.n)}`])));
        },
      },
      (_n, ctx) => Promise.resolve(void given.push(ctx.prefetched)),
    );
    const ids = await enqueueMany('batched.ahead', 4);
    await eventually('the four deliveries', allDone(ids, 'batch-e'), 30_000);
    expect(reads).toEqual([[0, 1, 2, 3]]);
    expect(given).toEqual(['lo leído para 0', 'lo leído para 1', 'lo leído para 2', 'lo leído para 3']);
    // Alone in its batch, a delivery reads for itself: a read ahead would only add its savepoint.
    const single = await enqueueMany('batched.ahead', 1);
    await eventually('the single delivery', allDone(single, 'batch-e'), 30_000);
    expect(reads).toHaveLength(1);
    expect(given.at(-1)).toBeUndefined();

    const failedReads: number[] = [];
    const alone: unknown[] = [];
    batchHandler(
      'batch-f',
      'batched.ahead.fails',
      {
        async prefetch(tx, events) {
          failedReads.push(events.length);
          await tx.execute('select 1 / 0');
          return new Map();
        },
      },
      (_n, ctx) => Promise.resolve(void alone.push(ctx.prefetched)),
    );
    const more = await enqueueMany('batched.ahead.fails', 3);
    await eventually('the three deliveries', allDone(more, 'batch-f'), 30_000);
    expect(failedReads).toEqual([3]);
    expect(alone).toEqual([undefined, undefined, undefined]);
  });

  it("writes a batch's deferred settles in the statement that marks it done; when that statement fails, the batch runs again with savepoints", async () => {
    await em().execute('create table if not exists outbox_spec_effect (event_id bigint not null, attempt int not null)');
    type Settle = { marker: number; attempt: number };
    const marker = (n: number) => -(8000 + n);
    const effects = (from: number, to: number) =>
      em().execute<{ marker: string; attempt: number }[]>(
        'select event_id::text as marker, attempt from outbox_spec_effect where event_id between ? and ? order by event_id desc, attempt',
        [marker(to), marker(from)],
      );
    const settleInto = (cte: string, fail: boolean) => (settles: readonly unknown[]) => ({
      ctes: `${cte} as (insert into outbox_spec_effect (event_id, attempt)
               select (x->>'marker')::bigint, (x->>'attempt')::int ${fail ? '/ 0' : ''} from jsonb_array_elements(?::jsonb) x returning 1)`,
      ctesParams: [JSON.stringify(settles)],
      select: `(select count(*) from ${cte})`,
      selectParams: [],
    });
    const batches: number[][] = [];
    const act = (n: number, { em: tx, attempt, defer }: DeliveryContext) => {
      if (!defer) return tx.execute('insert into outbox_spec_effect (event_id, attempt) values (?, ?)', [marker(n), attempt]).then(() => undefined);
      defer({ marker: marker(n), attempt } satisfies Settle);
      // A deferred settle of a failed attempt is not written.
      if (n === 1 && attempt === 1) throw new Error('not this time');
      return Promise.resolve();
    };
    const seen = batchHandler(
      'batch-g',
      'batched.settle',
      {
        writesOnceLast: true,
        settleBatch: (settles) => {
          batches.push(settles.map((x) => (x as Settle).marker));
          return settleInto('batch_g_settled', false)(settles);
        },
      },
      act,
    );
    const ids = await enqueueMany('batched.settle', 3);
    await eventually('the three deliveries', allDone(ids, 'batch-g'), 30_000);
    expect(seen.map((x) => `${x.n}#${x.attempt}`)).toEqual(['0#1', '1#1', '2#1', '1#2']);
    expect(batches).toEqual([[marker(0), marker(2)], [marker(1)]]);
    expect(await effects(0, 2)).toEqual([
      { marker: String(marker(0)), attempt: 1 },
      { marker: String(marker(1)), attempt: 2 },
      { marker: String(marker(2)), attempt: 1 },
    ]);
    expect(await delivery(ids[1], 'batch-g')).toEqual({ state: 'DONE', attempts: 2, last_error: null });

    // The settles' statement fails: nothing of the batch is kept, and it runs again with a savepoint a delivery, each writing its own.
    const failing = batchHandler('batch-h', 'batched.settle.fails', { writesOnceLast: true, settleBatch: settleInto('batch_h_settled', true) }, (n, ctx) =>
      act(n + 10, ctx),
    );
    const more = await enqueueMany('batched.settle.fails', 2);
    await eventually('the two deliveries', allDone(more, 'batch-h'), 30_000);
    expect(failing.map((x) => `${x.n}#${x.attempt}`)).toEqual(['0#1', '1#1', '0#1', '1#1']);
    expect(failing[0].xid).not.toBe(failing[2].xid);
    expect(await effects(10, 11)).toEqual([
      { marker: String(marker(10)), attempt: 1 },
      { marker: String(marker(11)), attempt: 1 },
    ]);
  });

  it('adds no delivery for an event no handler takes', async () => {
    const id = await enqueue('nobody.listens', {});
    expect(await em().execute('select id from outbox_delivery where event_id = ?', [id])).toEqual([]);
  });
});

describe('an outbox batch past its time budget', () => {
  const t = useTestApp({ OUTBOX_POLL_MS: '200', OUTBOX_BATCH_BUDGET_MS: '100' });

  it('takes no further delivery: the rest wait, unlocked, for the next batch', async () => {
    const outbox = t.app.get(OutboxService);
    const em = () => t.app.get(MikroORM).em.fork();
    const seen: { n: number; xid: string }[] = [];
    outbox.register({
      name: 'slow-batch',
      types: ['batched.budget'],
      async handle(event, ctx) {
        const [{ xid }] = await ctx.em.execute<{ xid: string }[]>('select txid_current()::text as xid');
        seen.push({ n: Number(event.payload.n), xid });
        await new Promise((resolve) => setTimeout(resolve, 150));
      },
    });
    const ids = await em().transactional(async (tx: EntityManager) => {
      const made: number[] = [];
      for (let n = 0; n < 3; n++) made.push((await outbox.enqueue(tx, { type: 'batched.budget', payload: { n } }))!);
      return made;
    });
    const states = () => em().execute<{ state: string }[]>(`select state from outbox_delivery where event_id in (?, ?, ?) and handler = 'slow-batch'`, ids);
    await eventually('the three deliveries', async () => (await states()).every((d) => d.state === 'DONE'), 30_000);
    // Each delivery outlasts the budget, so each ran in a batch of its own.
    expect(seen.map((s) => s.n).sort()).toEqual([0, 1, 2]);
    expect(new Set(seen.map((s) => s.xid)).size).toBe(3);
  });
});
