import { type EntityManager, MikroORM as MikroORMToken } from '@mikro-orm/sql';
import { describeOnServer, useInstances } from '../test-support/instance.js';
import { eventually, killMidWork, waitForOutbox, withDatabase } from '../test-support/outbox.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { OutboxService } from './outbox.service.js';
import { WITNESS_EVENT, WITNESS_TABLE_SQL, type WitnessPayload } from './testing/witness.handlers.js';

const WITNESS = { OUTBOX_TEST_HANDLERS: 'witness', OUTBOX_CONCURRENCY: '4', OUTBOX_POLL_MS: '1000' };

/**
 * The outbox shared by backend processes on one PostgreSQL database. The `witness` handler (see
 * testing/witness.handlers.ts) records each delivery as a row in the delivery's transaction, with
 * its process id: exactly one row per event means delivered exactly once.
 */
describeOnServer(
  'outbox across instances',
  { what: 'multi-instance and crash tests of the outbox', why: 'Several processes cannot share the embedded database.' },
  () => {
    const instances = useInstances(2, WITNESS);
    // Inner block: the producer closes before the instances' database is dropped.
    describe('with a producer', () => {
      /** An app in this process on the same database that only enqueues (its worker is off). */
      let producer: TestApp;

      beforeAll(async () => {
        producer = await startTestApp({ OUTBOX_WORKER: 'false', ...WITNESS }, { url: instances.databaseUrl() });
        await withDatabase(instances.databaseUrl(), (db) => db.query(WITNESS_TABLE_SQL));
      }, 120_000);
      afterAll(async () => {
        await producer?.close();
      });

      /** `count` events in transactions of `perTransaction`, `parallel` transactions at a time; answers their ids. */
      async function enqueue(count: number, payload: Omit<WitnessPayload, 'n'>, perTransaction = 10, parallel = 5): Promise<number[]> {
        const outbox = producer.app.get(OutboxService);
        const batches = Array.from({ length: Math.ceil(count / perTransaction) }, (_, b) =>
          Array.from({ length: Math.min(perTransaction, count - b * perTransaction) }, (_, i) => b * perTransaction + i),
        );
        const ids: number[] = [];
        for (let i = 0; i < batches.length; i += parallel) {
          await Promise.all(
            batches.slice(i, i + parallel).map((batch) =>
              producer.app
                .get(MikroORMToken)
                .em.fork()
                .transactional(async (tx: EntityManager) => {
                  for (const n of batch) ids.push((await outbox.enqueue(tx, { type: WITNESS_EVENT, payload: { n, ...payload } }))!);
                }),
            ),
          );
        }
        return ids;
      }

      /** Witness rows per event among `ids`: how many times each was delivered, and by which processes. */
      async function witnessed(ids: number[]) {
        return withDatabase(instances.databaseUrl(), async (db) => {
          const { rows } = await db.query<{ event_id: string; n: string; pids: number[] }>(
            'select event_id, count(*) as n, array_agg(distinct pid) as pids from outbox_witness where event_id = any($1::bigint[]) group by event_id',
            [ids],
          );
          const times = new Map(rows.map((r) => [Number(r.event_id), Number(r.n)]));
          return {
            once: ids.filter((id) => times.get(id) === 1).length,
            lost: ids.filter((id) => !times.has(id)),
            doubled: ids.filter((id) => (times.get(id) ?? 0) > 1),
            pids: new Set(rows.flatMap((r) => r.pids)),
          };
        });
      }

      it('two instances deliver 500 events, each exactly once, sharing the work', async () => {
        const ids = await enqueue(500, {});
        const counts = await withDatabase(instances.databaseUrl(), (db) => waitForOutbox(db));
        expect(counts).toEqual({ PENDING: 0, DONE: 500, FAILED: 0 });
        const seen = await witnessed(ids);
        expect(seen.lost).toEqual([]);
        expect(seen.doubled).toEqual([]);
        expect(seen.once).toBe(500);
        // Both processes took deliveries (woken by the NOTIFY of the producer's commits).
        expect([...seen.pids].sort()).toEqual(instances.list.map((i) => i.pid).sort());
      }, 180_000);

      it('a kill -9 mid-delivery loses and doubles nothing once a replacement restarts', async () => {
        const [victim] = instances.list;
        // Each delivery holds its transaction for 40 ms, so the killed process has deliveries in flight.
        const ids = await enqueue(400, { sleepMs: 40 });
        const replacement = await killMidWork(instances, victim!, () =>
          withDatabase(instances.databaseUrl(), async (db) => {
            // This test's events only: the first test's rows by the same process would make it kill at once.
            const { rows } = await db.query<{ n: string }>('select count(*) as n from outbox_witness where pid = $1 and event_id = any($2::bigint[])', [
              victim!.pid,
              ids,
            ]);
            return Number(rows[0]!.n) >= 20;
          }),
        );
        const counts = await withDatabase(instances.databaseUrl(), (db) => waitForOutbox(db));
        expect(counts.PENDING).toBe(0);
        expect(counts.FAILED).toBe(0);
        const seen = await witnessed(ids);
        expect(seen.lost).toEqual([]);
        expect(seen.doubled).toEqual([]);
        expect(seen.once).toBe(400);
        expect(seen.pids.has(victim!.pid)).toBe(true);
        // The replacement took part after the restart.
        await eventually('the replacement to be healthy', async () => (await fetch(`${replacement.url}/health`)).ok);
      }, 240_000);
    });
  },
);
