import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/sql';
import { AppError } from '../errors/errors.js';
import { createCustomer, createLicence, createServiceFeature, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { LicenceService } from './licence.service.js';
import type { ConsumeInput } from './licence.types.js';

/**
 * Medium tier: LicenceService on a real database (PostgreSQL with DATABASE_URL), data from the
 * factories. The races are real concurrent transactions on the connection pool.
 */
describe('LicenceService (grant, consume, reverse, expire) on the database', () => {
  const t = useTestApp();
  const service = () => t.app.get(LicenceService);
  /** Runs a call as a request does: in its own context of the entity manager. */
  const run = <T>(call: (licences: LicenceService) => Promise<T>): Promise<T> => RequestContext.create(t.app.get(MikroORM).em, () => call(service()));
  const settle = <T>(calls: ((licences: LicenceService) => Promise<T>)[]) => Promise.allSettled(calls.map((call) => run(call)));
  const sql = <T>(query: string, params: unknown[] = []) => t.app.get(EntityManager).fork().execute<T[]>(query, params);
  const failure = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? (result.reason as AppError) : undefined);

  /** Sum of the movements of a balance, each counter as the ledger tells it. */
  async function ledger(balanceId: number) {
    const [row] = await sql<{ granted: string; used: string; expired: string }>(
      `select coalesce(sum(quantity) filter (where kind in ('GRANT', 'ADJUSTMENT')), 0) as granted,
              coalesce(sum(quantity) filter (where kind = 'CONSUMPTION'), 0) - coalesce(sum(quantity) filter (where kind = 'REVERSAL'), 0) as used,
              coalesce(sum(quantity) filter (where kind = 'EXPIRY'), 0) as expired
         from licence_movement where balance_id = ?`,
      [balanceId],
    );
    return { granted: Number(row.granted), used: Number(row.used), expired: Number(row.expired) };
  }

  async function balanceRow(balanceId: number) {
    const [row] = await sql<{ total: number; used: number; expired: number }>('select total, used, expired from licence_balance where id = ?', [balanceId]);
    return { total: Number(row.total), used: Number(row.used), expired: Number(row.expired) };
  }

  const consumption = (customerId: number, code: string, over: Partial<ConsumeInput> = {}): ConsumeInput => ({
    customerId,
    serviceFeatureCode: code,
    quantity: 1,
    createdBy: 'pruebas',
    ...over,
  });

  it('grants a licence with a balance and a GRANT movement per feature', async () => {
    const licence = await createLicence(t, { quantity: 40 });
    expect(licence.state).toBe('ACTIVE');
    expect(licence.packageSnapshot.features).toEqual([expect.objectContaining({ quantity: 40, unlimited: false })]);
    const [balance] = licence.balances;
    expect(balance).toMatchObject({ total: 40, used: 0, available: 40, unlimited: false, percentageUsed: 0, availability: null });
    expect(await ledger(balance.id)).toEqual({ granted: 40, used: 0, expired: 0 });
  });

  it('500 concurrent consumptions of 1 on a balance of 100: exactly 100 succeed, the rest get Sin disponibilidad, used = the ledger', async () => {
    const licence = await createLicence(t, { quantity: 100 });
    const [balance] = licence.balances;
    const results = await settle(
      Array.from({ length: 500 }, () => (s: LicenceService) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode))),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.map(failure).filter((e) => e !== undefined);
    expect(succeeded).toHaveLength(100);
    expect(refused).toHaveLength(400);
    expect(new Set(refused.map((e) => `${e.status} ${e.message}`))).toEqual(new Set(['422 Sin disponibilidad']));
    expect(await balanceRow(balance.id)).toEqual({ total: 100, used: 100, expired: 0 });
    expect(await ledger(balance.id)).toEqual({ granted: 100, used: 100, expired: 0 });
    const [count] = await sql<{ n: string }>(`select count(*) as n from licence_movement where balance_id = ? and kind = 'CONSUMPTION'`, [balance.id]);
    expect(Number(count.n)).toBe(100);
  });

  it('a refused consumption writes nothing', async () => {
    const licence = await createLicence(t, { quantity: 5 });
    const [balance] = licence.balances;
    await expect(run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode, { quantity: 6 })))).rejects.toMatchObject({
      status: 422,
      message: 'Sin disponibilidad',
    });
    expect(await balanceRow(balance.id)).toEqual({ total: 5, used: 0, expired: 0 });
    const [count] = await sql<{ n: string }>('select count(*) as n from licence_movement where balance_id = ?', [balance.id]);
    expect(Number(count.n)).toBe(1);
  });

  it('draws from the licence that expires first, then from the next one; answers the balance drawn from', async () => {
    const feature = await createServiceFeature(t);
    const customer = await createCustomer(t);
    const features = [{ serviceFeatureId: feature.id, quantity: 2 }];
    const later = await createLicence(t, { customerId: customer.id, serviceId: feature.serviceId, features, expiresAt: new Date(Date.now() + 90 * 86400_000) });
    const sooner = await createLicence(t, {
      customerId: customer.id,
      serviceId: feature.serviceId,
      features,
      expiresAt: new Date(Date.now() + 10 * 86400_000),
    });
    const first = await run((s) => s.consume(consumption(customer.id, feature.serviceFeatureCode, { quantity: 2 })));
    expect(first).toMatchObject({ licenceId: sooner.id, quantity: 2, balance: { total: 2, used: 2, available: 0, unlimited: false } });
    const second = await run((s) => s.consume(consumption(customer.id, feature.serviceFeatureCode.toLowerCase())));
    expect(second).toMatchObject({ licenceId: later.id, balance: { total: 2, used: 1, available: 1 } });
  });

  it('records the price of the transaction range the consumption falls in', async () => {
    const licence = await createLicence(t, {
      quantity: 10,
      transactionRanges: [
        { rangeMinimum: 1, rangeMaximum: 2, rangePrice: '1500.50' },
        { rangeMinimum: 3, rangeMaximum: 10, rangePrice: 900 },
      ],
    });
    const code = licence.balances[0].serviceFeatureCode;
    const prices = [];
    for (let i = 0; i < 3; i++) prices.push((await run((s) => s.consume(consumption(licence.customerId, code)))).unitPrice);
    expect(prices).toEqual(['1500.50', '1500.50', '900.00']);
    expect(licence.transactionRanges.map((r) => [r.rangeMinimum, r.rangeMaximum, r.rangePrice])).toEqual([
      [1, 2, '1500.50'],
      [3, 10, '900.00'],
    ]);
  });

  it('an unlimited balance takes any quantity and has no availability label', async () => {
    const licence = await createLicence(t, { quantity: null });
    const code = licence.balances[0].serviceFeatureCode;
    const result = await run((s) => s.consume(consumption(licence.customerId, code, { quantity: 5000 })));
    expect(result.balance).toEqual({ total: null, used: 5000, available: null, unlimited: true });
    const [view] = await run((s) => s.balances({ customerId: licence.customerId, serviceFeatureCode: code }));
    expect(view).toMatchObject({ unlimited: true, percentageUsed: 0, availability: null });
  });

  it('labels balances from 85 % used and at 100 %', async () => {
    const licence = await createLicence(t, { quantity: 20 });
    const code = licence.balances[0].serviceFeatureCode;
    const label = async () => (await run((s) => s.balances({ customerId: licence.customerId, serviceFeatureCode: code })))[0];
    await run((s) => s.consume(consumption(licence.customerId, code, { quantity: 16 })));
    expect(await label()).toMatchObject({ percentageUsed: 80, availability: null });
    await run((s) => s.consume(consumption(licence.customerId, code, { quantity: 1 })));
    expect(await label()).toMatchObject({ percentageUsed: 85, availability: 'Baja disponibilidad' });
    await run((s) => s.consume(consumption(licence.customerId, code, { quantity: 3 })));
    expect(await label()).toMatchObject({ percentageUsed: 100, availability: 'Sin disponibilidad', available: 0 });
  });

  it('reverses a consumption once; a second reversal is refused', async () => {
    const licence = await createLicence(t, { quantity: 10 });
    const code = licence.balances[0].serviceFeatureCode;
    const consumed = await run((s) => s.consume(consumption(licence.customerId, code, { quantity: 4, reference: 'factura-1' })));
    const reversed = await run((s) => s.reverse(consumed.movementId, 'pruebas'));
    expect(reversed).toMatchObject({ reversedMovementId: consumed.movementId, quantity: 4, balance: { total: 10, used: 0, available: 10 } });
    await expect(run((s) => s.reverse(consumed.movementId, 'pruebas'))).rejects.toMatchObject({ status: 422, message: 'El consumo ya fue reversado.' });
    await expect(run((s) => s.reverse(reversed.movementId, 'pruebas'))).rejects.toMatchObject({ status: 422, message: 'Solo se puede reversar un consumo.' });
    await expect(run((s) => s.reverse(987654321, 'pruebas'))).rejects.toMatchObject({ status: 404, message: 'No se encontró el movimiento' });
  });

  it('10 concurrent reversals of one consumption: one succeeds', async () => {
    const licence = await createLicence(t, { quantity: 10 });
    const code = licence.balances[0].serviceFeatureCode;
    const consumed = await run((s) => s.consume(consumption(licence.customerId, code, { quantity: 3 })));
    const results = await settle(Array.from({ length: 10 }, () => (s: LicenceService) => s.reverse(consumed.movementId, 'pruebas')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      new Set(
        results
          .map(failure)
          .filter(Boolean)
          .map((e) => e?.message),
      ),
    ).toEqual(new Set(['El consumo ya fue reversado.']));
    expect(await balanceRow(licence.balances[0].id)).toEqual({ total: 10, used: 0, expired: 0 });
  });

  it('consumptions racing reversals of the same balance: never overdrawn, used = the ledger', async () => {
    const licence = await createLicence(t, { quantity: 10 });
    const [balance] = licence.balances;
    const consumed = [];
    for (let i = 0; i < 10; i++) consumed.push(await run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode))));
    const reversals = consumed.map((c) => (s: LicenceService) => s.reverse(c.movementId, 'pruebas'));
    const consumptions = Array.from({ length: 20 }, () => (s: LicenceService) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode)));
    const results = await settle<unknown>([...reversals, ...consumptions].sort(() => Math.random() - 0.5));
    expect(results.filter((r) => r.status === 'rejected').every((r) => failure(r)?.message === 'Sin disponibilidad')).toBe(true);
    const row = await balanceRow(balance.id);
    expect(row.used).toBeLessThanOrEqual(10);
    expect(row.used).toBe((await ledger(balance.id)).used);
    const consumedNow = results.slice(0).filter((r) => r.status === 'fulfilled' && 'unitPrice' in (r.value as object)).length;
    expect(row.used).toBe(10 - 10 + consumedNow);
  });

  it('20 concurrent grants of one origin reference give one licence and one GRANT', async () => {
    const feature = await createServiceFeature(t);
    const customer = await createCustomer(t);
    const originReference = unique('orden-');
    const grant = () =>
      service().grant({
        customerId: customer.id,
        serviceId: feature.serviceId,
        features: [{ serviceFeatureId: feature.id, quantity: 7 }],
        origin: 'ORDER_LINE',
        originReference,
        createdBy: 'pruebas',
      });
    const results = await settle(Array.from({ length: 20 }, () => () => grant()));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const ids = new Set(results.map((r) => (r.status === 'fulfilled' ? (r.value as { id: number }).id : 0)));
    expect(ids.size).toBe(1);
    const [count] = await sql<{ licences: string; grants: string }>(
      `select (select count(*) from licence where origin_reference = ?) as licences,
              (select count(*) from licence_movement m join licence l on l.id = m.licence_id where l.origin_reference = ? and m.kind = 'GRANT') as grants`,
      [originReference, originReference],
    );
    expect([Number(count.licences), Number(count.grants)]).toEqual([1, 1]);
  });

  it('refuses overlapping ranges with the spec messages, and the database refuses them too', async () => {
    const overlapping = (ranges: [number, number][]) =>
      createLicence(t, { transactionRanges: ranges.map(([rangeMinimum, rangeMaximum]) => ({ rangeMinimum, rangeMaximum, rangePrice: 1 })) });
    await expect(overlapping([[5, 1]])).rejects.toMatchObject({ status: 422, message: 'Rango mínimo no puede ser mayor al rango máximo.' });
    await expect(
      overlapping([
        [1, 10],
        [10, 20],
      ]),
    ).rejects.toMatchObject({ status: 422, message: 'Rango mínimo ya se encuentra dentro de los valores parametrizados.' });
    await expect(
      overlapping([
        [10, 20],
        [1, 10],
      ]),
    ).rejects.toMatchObject({ status: 422, message: 'Rango máximo ya se encuentra dentro de los valores parametrizados.' });
    const licence = await createLicence(t, { transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 10, rangePrice: 1 }] });
    await expect(
      sql('insert into licence_transaction_range (licence_id, range_minimum, range_maximum, range_price) values (?, 10, 20, 1)', [licence.id]),
    ).rejects.toThrow(/licence_transaction_range_no_overlap/);
    await sql('insert into licence_transaction_range (licence_id, range_minimum, range_maximum, range_price) values (?, 11, 20, 1)', [licence.id]);
  });

  it('the ledger is append-only and a balance cannot be overdrawn, whatever the SQL', async () => {
    const licence = await createLicence(t, { quantity: 3 });
    const [balance] = licence.balances;
    await expect(sql('update licence_movement set quantity = 99 where balance_id = ?', [balance.id])).rejects.toThrow(/append-only/);
    await expect(sql('delete from licence_movement where balance_id = ?', [balance.id])).rejects.toThrow(/append-only/);
    await expect(sql('update licence_balance set used = 4 where id = ?', [balance.id])).rejects.toThrow(/licence_balance_no_overdraw_check/);
  });

  it('the expiry job closes expired licences through EXPIRY movements, once, even run twice at the same time', async () => {
    const licence = await createLicence(t, { quantity: 10, effectiveAt: new Date(Date.now() - 10 * 86400_000), expiresAt: new Date(Date.now() + 3600_000) });
    const [balance] = licence.balances;
    await run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode, { quantity: 4 })));
    const later = new Date(Date.now() + 2 * 3600_000);
    const runs = await Promise.all([run((s) => s.expire(later)), run((s) => s.expire(later))]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await run((s) => s.expire(later));
    const expiries = await sql<{ quantity: number }>(`select quantity from licence_movement where balance_id = ? and kind = 'EXPIRY'`, [balance.id]);
    expect(expiries.map((e) => Number(e.quantity))).toEqual([6]);
    expect(await balanceRow(balance.id)).toEqual({ total: 10, used: 4, expired: 6 });
    expect((await run((s) => s.get(licence.id))).state).toBe('EXPIRED');
    await expect(run((s) => s.consume(consumption(licence.customerId, balance.serviceFeatureCode), later))).rejects.toMatchObject({
      message: 'Sin disponibilidad',
    });
  });
});
