import { jest } from '@jest/globals';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/sql';
import type { AppError } from '../errors/errors.js';
import { createLicence } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { LicenceRepository } from './licence.repository.js';
import { LicenceService } from './licence.service.js';
import type { ConsumeInput, ConsumeResult } from './licence.types.js';

/**
 * The group commit of consumptions on PostgreSQL: concurrent calls arrive while a group is in
 * flight and are applied together in one statement; each must come out as if it had run alone,
 * in its order of arrival.
 */
describe('LicenceService.consume: group commit on the database', () => {
  const t = useTestApp();
  const service = () => t.app.get(LicenceService);
  const run = <T>(call: (licences: LicenceService) => Promise<T>): Promise<T> => RequestContext.create(t.app.get(MikroORM).em, () => call(service()));
  const sql = <T>(query: string, params: unknown[] = []) => t.app.get(EntityManager).fork().execute<T[]>(query, params);
  const failure = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? (result.reason as AppError) : undefined);
  const consumption = (customerId: number, code: string, over: Partial<ConsumeInput> = {}): ConsumeInput => ({
    customerId,
    serviceFeatureCode: code,
    quantity: 1,
    createdBy: 'pruebas',
    ...over,
  });

  /** The group statements' sizes while `call` runs. */
  async function groups<T>(call: () => Promise<T>): Promise<{ result: T; sizes: number[]; customers: number[][] }> {
    const repository = t.app.get(LicenceRepository);
    const spy = jest.spyOn(repository, 'consumeMany');
    try {
      const result = await call();
      return {
        result,
        sizes: spy.mock.calls.map(([entries]) => entries.length),
        customers: spy.mock.calls.map(([entries]) => entries.map((e) => e.customerId)),
      };
    } finally {
      spy.mockRestore();
    }
  }

  async function balanceAndLedger(balanceId: number) {
    const [row] = await sql<{ used: number; ledger: string; movements: string }>(
      `select b.used, (select coalesce(sum(quantity), 0) from licence_movement m where m.balance_id = b.id and m.kind = 'CONSUMPTION') as ledger,
              (select count(*) from licence_movement m where m.balance_id = b.id and m.kind = 'CONSUMPTION') as movements
         from licence_balance b where b.id = ?`,
      [balanceId],
    );
    return { used: Number(row.used), ledger: Number(row.ledger), movements: Number(row.movements) };
  }

  it('200 concurrent consumptions on a balance of 150: exactly 150 accepted, in groups, each with its own balance after it; 50 get Sin disponibilidad', async () => {
    const licence = await createLicence(t, { quantity: 150 });
    const [balance] = licence.balances;
    const { result: results, sizes } = await groups(() =>
      Promise.allSettled(Array.from({ length: 200 }, () => run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode))))),
    );
    const accepted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.map(failure).filter((e) => e !== undefined);
    expect(accepted).toHaveLength(150);
    expect(refused).toHaveLength(50);
    expect(new Set(refused.map((e) => `${e.status} ${e.message}`))).toEqual(new Set(['422 Sin disponibilidad']));
    // Many went together: one statement for a whole group.
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    // Each accepted one answers the balance just after it: 1 to 150, once each.
    expect(accepted.map((r) => r.balance.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    for (const r of accepted) expect(r.balance.available).toBe(150 - r.balance.used);
    expect(new Set(accepted.map((r) => r.movementId)).size).toBe(150);
    expect(await balanceAndLedger(balance.id)).toEqual({ used: 150, ledger: 150, movements: 150 });
  });

  it('prices each consumption of a group by the range its own count reaches', async () => {
    const ranges = [
      { rangeMinimum: 1, rangeMaximum: 3, rangePrice: '100.00' },
      { rangeMinimum: 4, rangeMaximum: 9, rangePrice: '80.50' },
      { rangeMinimum: 10, rangeMaximum: 100, rangePrice: '50.00' },
    ];
    const licence = await createLicence(t, { quantity: 100, transactionRanges: ranges });
    const [balance] = licence.balances;
    const quantities = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3];
    const { result: results, sizes } = await groups(() =>
      Promise.all(quantities.map((quantity) => run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode, { quantity }))))),
    );
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    const priceAt = (used: number) => ranges.find((r) => used >= r.rangeMinimum && used <= r.rangeMaximum)?.rangePrice ?? null;
    for (const r of results) expect(r.unitPrice).toBe(priceAt(r.balance.used));
    // In the order they were applied, each count is the previous plus its own quantity.
    const applied = [...results].sort((a, b) => a.balance.used - b.balance.used);
    let used = 0;
    for (const r of applied) {
      used += r.quantity;
      expect(r.balance.used).toBe(used);
    }
    expect(used).toBe(24);
    const movements = await sql<{ id: string; unit_price: string }>(
      `select id, unit_price from licence_movement where balance_id = ? and kind = 'CONSUMPTION'`,
      [balance.id],
    );
    const stored = new Map(movements.map((m) => [Number(m.id), m.unit_price]));
    for (const r of results) expect(stored.get(r.movementId)).toBe(r.unitPrice);
    expect(await balanceAndLedger(balance.id)).toEqual({ used: 24, ledger: 24, movements: 12 });
  });

  it('a mixed group resolves each consumption as if alone: other balances, an overdraw, a later one that still fits, a future date, a bad quantity', async () => {
    const filler = await createLicence(t, { quantity: 100 });
    const small = await createLicence(t, { quantity: 5 });
    const other = await createLicence(t, { quantity: 10 });
    const code = (l: typeof filler) => l.balances[0].serviceFeatureCode;
    const calls: ConsumeInput[] = [
      // The first ones run at once (groups are free); the rest arrive meanwhile and go together.
      consumption(filler.customerId, code(filler)),
      consumption(filler.customerId, code(filler)),
      consumption(small.customerId, code(small), { quantity: 3, reference: 'a' }),
      consumption(small.customerId, code(small), { quantity: 3, reference: 'overdraw' }),
      consumption(other.customerId, code(other), { quantity: 4 }),
      consumption(small.customerId, code(small), { quantity: 2, reference: 'still fits' }),
      consumption(other.customerId, code(other), { quantity: 1, occurredAt: new Date(Date.now() + 3_600_000) }),
      consumption(other.customerId, code(other), { quantity: 0 }),
      consumption(other.customerId, code(other), { quantity: 6 }),
    ];
    const { result: results, customers } = await groups(() => Promise.allSettled(calls.map((c) => run((s) => s.consume(c)))));
    // The five that reach the database went in one statement (a filler may have joined them).
    expect(customers.some((g) => g.filter((id) => id === small.customerId || id === other.customerId).length === 5)).toBe(true);
    const value = (i: number) => {
      const r = results[i];
      if (r.status !== 'fulfilled') throw new Error(`call ${i} failed: ${String((r.reason as Error).message)}`);
      return r.value;
    };
    const error = (i: number) => failure(results[i]);
    expect(value(2).balance).toEqual({ total: 5, used: 3, available: 2, unlimited: false });
    expect(`${error(3)?.status} ${error(3)?.message}`).toBe('422 Sin disponibilidad');
    expect(value(4).balance).toEqual({ total: 10, used: 4, available: 6, unlimited: false });
    expect(value(5).balance).toEqual({ total: 5, used: 5, available: 0, unlimited: false });
    expect(`${error(6)?.status} ${error(6)?.message}`).toBe('422 La fecha del consumo (occurredAt) no puede ser futura.');
    expect(error(7)?.status).toBe(400);
    expect(value(8).balance).toEqual({ total: 10, used: 10, available: 0, unlimited: false });
    const references = await sql<{ reference: string | null }>(
      `select reference from licence_movement where balance_id = ? and kind = 'CONSUMPTION' order by id`,
      [small.balances[0].id],
    );
    expect(references.map((r) => r.reference)).toEqual(['a', 'still fits']);
    expect(await balanceAndLedger(small.balances[0].id)).toEqual({ used: 5, ledger: 5, movements: 2 });
    expect(await balanceAndLedger(other.balances[0].id)).toEqual({ used: 10, ledger: 10, movements: 2 });
  });

  it('a database error of the group statement sends every member the single way: nothing lost, nothing twice', async () => {
    const licence = await createLicence(t, { quantity: 20 });
    const [balance] = licence.balances;
    const repository = t.app.get(LicenceRepository);
    const spy = jest.spyOn(repository, 'consumeMany').mockRejectedValueOnce(new Error('could not serialize access'));
    try {
      const results: ConsumeResult[] = await Promise.all(
        Array.from({ length: 8 }, () => run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode)))),
      );
      expect(spy).toHaveBeenCalled();
      expect(results.map((r) => r.balance.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      spy.mockRestore();
    }
    expect(await balanceAndLedger(balance.id)).toEqual({ used: 8, ledger: 8, movements: 8 });
  });
});
