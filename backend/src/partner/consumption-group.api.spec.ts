import { jest } from '@jest/globals';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import type { PartnerCaller } from '../auth/auth-user.js';
import type { AppError } from '../errors/errors.js';
import { createApiClient, createCustomer, createLicence, createService, createServiceFeature, partnerToken, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { ConsumptionRepository } from './consumption.repository.js';
import { ConsumptionService } from './consumption.service.js';

interface Setup {
  nit: string;
  code: string;
  licenceId: number;
  balanceId: number;
}

/**
 * The partner API's group commit on PostgreSQL: requests that arrive while a group is in flight
 * share one transaction (claims, consumptions and key records by set-based statements), and each
 * answers what it would have answered alone.
 */
describe('partner consumptions: group commit', () => {
  const t = useTestApp();
  let token: string;
  let caller: PartnerCaller;

  beforeAll(async () => {
    token = (await partnerToken(t, { appName: 'colnomina' })).token;
    const client = await createApiClient(t, { appName: 'colnomina' });
    caller = { apiClientId: client.id, clientId: client.clientId, appName: 'colnomina', privileges: ['BALANCES_READ', 'CONSUMPTIONS_WRITE'] };
  });

  async function setup(quantity: number | null = 100): Promise<Setup> {
    const service = await createService(t, { appName: 'colnomina' });
    const feature = await createServiceFeature(t, { serviceId: service.id });
    const customer = await createCustomer(t);
    const licence = await createLicence(t, { customerId: customer.id, serviceId: service.id, features: [{ serviceFeatureId: feature.id, quantity }] });
    return { nit: customer.documentNumber, code: feature.serviceFeatureCode, licenceId: licence.id, balanceId: licence.balances[0].id };
  }

  const body = (s: Setup, over: Record<string, unknown> = {}) => ({
    documentType: 'NIT',
    documentNumber: s.nit,
    serviceFeatureCode: s.code,
    quantity: 1,
    ...over,
  });
  const post = (s: Setup, key: string, over: Record<string, unknown> = {}) =>
    t.api.post('/api/v1/consumptions', token).set('Idempotency-Key', key).send(body(s, over));
  /** The service as a request calls it, in its own context. */
  const consume = (key: string, request: ReturnType<typeof body>) =>
    RequestContext.create(t.app.get(MikroORM).em, () => t.app.get(ConsumptionService).consume(caller, key, request));

  async function ledger(balanceId: number): Promise<{ used: number; ledger: number; movements: number; keys: number }> {
    const [row] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ used: number; ledger: string; movements: string; keys: string }[]>(
        `select b.used, (select coalesce(sum(quantity), 0) from licence_movement m where m.balance_id = b.id and m.kind = 'CONSUMPTION') as ledger,
                (select count(*) from licence_movement m where m.balance_id = b.id and m.kind = 'CONSUMPTION') as movements,
                (select count(*) from licence_movement m join partner_consumption o on o.movement_id = m.id where m.balance_id = b.id) as keys
           from licence_balance b where b.id = ?`,
        [balanceId],
      );
    return { used: Number(row!.used), ledger: Number(row!.ledger), movements: Number(row!.movements), keys: Number(row!.keys) };
  }

  /** The sizes of the groups whose claims went in one statement while `call` runs. */
  async function claimGroups<T>(call: () => Promise<T>): Promise<{ result: T; groups: string[][] }> {
    const spy = jest.spyOn(t.app.get(ConsumptionRepository), 'claimKeys');
    try {
      const result = await call();
      return { result, groups: spy.mock.calls.map(([requests]) => requests.map((r) => r.key)) };
    } finally {
      spy.mockRestore();
    }
  }

  it('200 concurrent POSTs on a balance of 150: exactly 150 created in groups, 50 get 422 Sin disponibilidad, used = the ledger', async () => {
    const s = await setup(150);
    const { result: answers, groups } = await claimGroups(() => Promise.all(Array.from({ length: 200 }, (_, i) => post(s, `grupo-${i}-${s.nit}`))));
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 422);
    expect(created).toHaveLength(150);
    expect(refused).toHaveLength(50);
    for (const r of refused) expect(r.body.statusMessage).toBe('Sin disponibilidad');
    // On PostgreSQL they arrive while groups are in flight; the embedded single-connection
    // database (no DATABASE_URL) serializes requests before they reach the group commit.
    if (t.config.databaseUrl) expect(Math.max(0, ...groups.map((g) => g.length))).toBeGreaterThan(1);
    expect(created.map((r) => r.body.balance.used as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(await ledger(s.balanceId)).toEqual({ used: 150, ledger: 150, movements: 150, keys: 150 });
  });

  it('a mixed group resolves each request as if alone: other balances, an overdraw, a later one that fits, a replay, a reused key, a key twice, an unknown feature', async () => {
    const filler = await setup(100);
    const small = await setup(5);
    const other = await setup(10);
    const replayKey = unique('replay-');
    const first = await consume(replayKey, body(other, { quantity: 2 }));
    const reusedKey = unique('reused-');
    await consume(reusedKey, body(other, { quantity: 1 }));
    const twice = unique('twice-');
    const keys = {
      fits: unique('fits-'),
      overdraw: unique('overdraw-'),
      other: unique('other-'),
      later: unique('later-'),
      unknown: unique('unknown-'),
    };
    const { result: results, groups } = await claimGroups(() =>
      Promise.allSettled([
        // The first ones run at once (groups are free); the rest arrive meanwhile and go together.
        consume(unique('filler-'), body(filler)),
        consume(unique('filler-'), body(filler)),
        consume(keys.fits, body(small, { quantity: 3 })),
        consume(keys.overdraw, body(small, { quantity: 3 })),
        consume(keys.other, body(other, { quantity: 4 })),
        consume(replayKey, body(other, { quantity: 2 })),
        consume(reusedKey, body(other, { quantity: 5 })),
        consume(twice, body(other, { quantity: 1 })),
        consume(twice, body(other, { quantity: 1 })),
        consume(keys.later, body(small, { quantity: 2 })),
        consume(keys.unknown, body(other, { serviceFeatureCode: 'NO_EXISTE_NUNCA' })),
      ]),
    );
    // One group claimed them all (a filler may have joined it), the key sent twice only once.
    const mixed = [keys.fits, keys.overdraw, keys.other, replayKey, reusedKey, twice, keys.later, keys.unknown];
    const group = groups.find((g) => mixed.every((k) => g.includes(k)));
    expect(group?.filter((k) => k === twice)).toEqual([twice]);
    const value = (i: number) => {
      const r = results[i];
      if (r.status !== 'fulfilled') throw new Error(`request ${i} failed: ${String((r.reason as Error).message)}`);
      return r.value;
    };
    const error = (i: number) => {
      const r = results[i];
      return r.status === 'rejected' ? `${(r.reason as AppError).status} ${(r.reason as AppError).message}` : `answered ${JSON.stringify(r.value)}`;
    };
    expect(value(2)).toEqual({ replayed: false, consumption: expect.objectContaining({ balance: { total: 5, used: 3, available: 2, unlimited: false } }) });
    expect(error(3)).toBe('422 Sin disponibilidad');
    expect(value(4).consumption.quantity).toBe(4);
    expect(value(5)).toEqual({ replayed: true, consumption: first.consumption });
    expect(error(6)).toBe('422 Esta Idempotency-Key ya se usó con otra solicitud.');
    // The same key twice: the second runs after the group and replays the first.
    expect(value(7).replayed).toBe(false);
    expect(value(8)).toEqual({ replayed: true, consumption: value(7).consumption });
    expect(value(9).consumption.balance).toEqual({ total: 5, used: 5, available: 0, unlimited: false });
    expect(error(10)).toBe('404 La característica no existe');
    expect(await ledger(small.balanceId)).toEqual({ used: 5, ledger: 5, movements: 2, keys: 2 });
    // other: 2 (replayed key) + 1 (reused key's first) + 4 + 1 (twice, once).
    expect(await ledger(other.balanceId)).toEqual({ used: 8, ledger: 8, movements: 4, keys: 4 });
  });

  it("a database error loses only the group's transaction: its members run again one by one, each answered once", async () => {
    const s = await setup(20);
    const spy = jest.spyOn(t.app.get(ConsumptionRepository), 'recordMany').mockRejectedValueOnce(new Error('deadlock detected'));
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => consume(`error-${i}-${s.nit}`, body(s))));
      expect(spy).toHaveBeenCalled();
      expect(answers.map((a) => a.consumption.balance.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      spy.mockRestore();
    }
    expect(await ledger(s.balanceId)).toEqual({ used: 8, ledger: 8, movements: 8, keys: 8 });
  });
});
