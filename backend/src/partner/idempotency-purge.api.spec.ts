import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/sql';
import { createCustomer, createLicence, createService, createServiceFeature, partnerToken, unique } from '../test-support/factories.js';
import { type TestFixture, useTestApp } from '../test-support/fixture.js';
import { ConsumptionService } from './consumption.service.js';

const HOUR = 3_600_000;

/** A colnomina company with a balance of 100 of a new feature, and a way to consume from it with a key. */
async function company(t: TestFixture, token: string) {
  const service = await createService(t, { appName: 'colnomina' });
  const feature = await createServiceFeature(t, { serviceId: service.id });
  const customer = await createCustomer(t);
  await createLicence(t, { customerId: customer.id, serviceId: service.id, features: [{ serviceFeatureId: feature.id, quantity: 100 }] });
  return (key: string, quantity = 1) =>
    t.api
      .post('/api/v1/consumptions', token)
      .set('Idempotency-Key', key)
      .send({ documentType: 'NIT', documentNumber: customer.documentNumber, serviceFeatureCode: feature.serviceFeatureCode, quantity });
}

const sql = <T>(t: TestFixture, query: string, params: unknown[] = []) => t.app.get(EntityManager).fork().execute<T[]>(query, params);
const purge = (t: TestFixture, now: Date) => RequestContext.create(t.app.get(MikroORM).em, () => t.app.get(ConsumptionService).purgeIdempotencyKeys(now));
const keyKept = async (t: TestFixture, key: string) =>
  // count(*) is text from pg and a number from PGlite.
  Number((await sql<{ n: string | number }>(t, 'select count(*) as n from partner_idempotency_key where idempotency_key = ?', [key]))[0]!.n) === 1;

describe('Idempotency-Key records expire after the retention (default 24 h); the consumption keeps its owner', () => {
  const t = useTestApp();
  let token: string;
  beforeAll(async () => {
    token = (await partnerToken(t, { appName: 'colnomina' })).token;
  });

  it('keeps a key 24 h, then purges it: the key is new again, and the first consumption can still be reversed', async () => {
    const consume = await company(t, token);
    const key = unique('purge-');
    const first = await consume(key);
    expect(first.status).toBe(201);

    await purge(t, new Date(Date.now() + 23 * HOUR));
    expect(await keyKept(t, key)).toBe(true);
    const replay = await consume(key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    expect(await purge(t, new Date(Date.now() + 25 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await keyKept(t, key)).toBe(false);
    const again = await consume(key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.balance.used).toBe(2);

    // The reversal checks the consumption's owner, which the purge leaves alone.
    const reversal = await t.api.post(`/api/v1/consumptions/${first.body.id}/reversal`, token);
    expect(reversal.status).toBe(201);
    expect(reversal.body.balance.used).toBe(1);
  });

  it('two purges at once delete each expired key once and leave the younger ones', async () => {
    const consume = await company(t, token);
    const keys = Array.from({ length: 30 }, () => unique('many-'));
    for (const key of keys) expect((await consume(key)).status).toBe(201);
    // Ten of them were answered two days ago.
    await sql(
      t,
      `update partner_idempotency_key set created_at = created_at - interval '48 hours' where idempotency_key in (${keys
        .slice(0, 10)
        .map(() => '?')
        .join(', ')})`,
      keys.slice(0, 10),
    );
    const [a, b] = await Promise.all([purge(t, new Date()), purge(t, new Date())]);
    expect(a + b).toBe(10);
    for (const [i, key] of keys.entries()) expect(await keyKept(t, key)).toBe(i >= 10);
  });
});

describe('the retention comes from PARTNER_IDEMPOTENCY_RETENTION_HOURS', () => {
  const t = useTestApp({ PARTNER_IDEMPOTENCY_RETENTION_HOURS: '2' });

  it('purges a key after 2 h', async () => {
    const consume = await company(t, (await partnerToken(t, { appName: 'colnomina' })).token);
    const key = unique('short-');
    expect((await consume(key)).status).toBe(201);
    await purge(t, new Date(Date.now() + 1 * HOUR));
    expect(await keyKept(t, key)).toBe(true);
    await purge(t, new Date(Date.now() + 3 * HOUR));
    expect(await keyKept(t, key)).toBe(false);
  });
});
