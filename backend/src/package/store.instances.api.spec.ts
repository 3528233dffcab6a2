import pg from 'pg';
import { describeOnServer, useInstances } from '../test-support/instance.js';
import { TEST_PASSWORD } from '../test-support/factories.js';
import { ApiClient } from '../test-support/test-app.js';

const STORE = '/license/api/package/GetPackagesByServiceName/colnomina';

interface StoreAnswer {
  result: { records: { packageCode: string; packagePrice: number }[] };
}
const priceOf = (body: StoreAnswer, code: string) => body.result.records.find((r) => r.packageCode === code)?.packagePrice;

/** Polls an instance until its answer passes `done` (the NOTIFY arrives just after the commit). */
async function until(api: ApiClient, done: (body: StoreAnswer) => boolean): Promise<StoreAnswer> {
  for (let i = 0; i < 100; i++) {
    const res = await api.get(STORE).expect(200);
    if (done(res.body as StoreAnswer)) return res.body as StoreAnswer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the change did not reach the instance');
}

/**
 * The store's prepared answers are dropped on every instance by the tables' triggers: two backend
 * processes on one PostgreSQL database (demo catalogue), changed by an operator's SQL and by the
 * other instance's API.
 */
describeOnServer('store answers across two instances', { what: 'two-instance store cache test' }, () => {
  const instances = useInstances(2);

  it('drops the prepared store answer on both instances after any write to the catalogue tables', async () => {
    const [first, second] = instances.list.map((i) => new ApiClient(i.url)) as [ApiClient, ApiClient];
    const before = await first.get(STORE).expect(200);
    expect(priceOf(before.body as StoreAnswer, 'CN-EMPRENDEDOR')).toBe(480000);
    await second.get(STORE).expect(200);
    await first
      .get(STORE)
      .set('If-None-Match', before.headers.etag as string)
      .expect(304);

    // An operator's SQL, outside the app: the trigger publishes the event in that transaction.
    const client = new pg.Client({ connectionString: instances.databaseUrl() });
    await client.connect();
    try {
      await client.query(`update package set package_price = 555000 where package_code = 'CN-EMPRENDEDOR'`);
    } finally {
      await client.end();
    }
    for (const api of [first, second]) await until(api, (body) => priceOf(body, 'CN-EMPRENDEDOR') === 555000);

    // A package inactivated through the second instance leaves the first one's store.
    const admin = (await second.login('superadmin', TEST_PASSWORD, 'license')).token;
    const { id } = (
      await second
        .get('/api/v1/packages')
        .query({ filter: JSON.stringify({ q: 'CN-MENSUAL' }) })
        .set('Authorization', `Bearer ${admin}`)
        .expect(200)
    ).body[0] as { id: number };
    await second.put(`/api/v1/packages/${id}/state`, admin).send({ idstate: 1 }).expect(200);
    await until(first, (body) => !body.result.records.some((r) => r.packageCode === 'CN-MENSUAL'));
  }, 300_000);
});
