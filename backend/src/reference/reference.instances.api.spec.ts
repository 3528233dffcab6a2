import pg from 'pg';
import { describeOnServer, useInstances } from '../test-support/instance.js';
import { ApiClient } from '../test-support/test-app.js';

const PARAMETERS = '/license/api/parameter/GetAppParameters';

/** The value of the colnomina parameter `maxPackageQuantity` as an answer shows it. */
const quantityIn = (body: { result: { records: { parameterCode: string; parameterValue: string }[] } }) =>
  body.result.records.find((r) => r.parameterCode === 'maxPackageQuantity')?.parameterValue;

/**
 * Reference answers are prepared once per instance and dropped on every instance by the event of
 * a change: two backend processes on one PostgreSQL database.
 */
describeOnServer('reference answers across two instances', { what: 'two-instance reference cache test' }, () => {
  const instances = useInstances(1);

  it('serves a prepared answer with its ETag until a change published by another instance reaches it', async () => {
    const api = new ApiClient(instances.list[0]!.url);
    const before = await api.get(PARAMETERS).set('appName', 'colnomina').expect(200);
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(quantityIn(before.body)).toBe('{"type":"number","value":999}');
    const unchanged = await api.get(PARAMETERS).set('appName', 'colnomina').set('If-None-Match', `"other", ${etag}`).expect(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    // An operator tunes the parameter in the database: the first instance keeps its answer...
    const client = new pg.Client({ connectionString: instances.databaseUrl() });
    await client.connect();
    try {
      await client.query(
        `update app_parameter set parameter_value = '{"type":"number","value":50}' where app_name = 'colnomina' and parameter_code = 'maxPackageQuantity'`,
      );
    } finally {
      await client.end();
    }
    await api.get(PARAMETERS).set('appName', 'colnomina').set('If-None-Match', etag).expect(304);

    // ...until a second instance starts: its reference seeding publishes the invalidation, which
    // PostgreSQL delivers to the first one.
    const second = await instances.start();
    let after = await api.get(PARAMETERS).set('appName', 'colnomina').set('If-None-Match', etag);
    for (let i = 0; i < 50 && after.status === 304; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await api.get(PARAMETERS).set('appName', 'colnomina').set('If-None-Match', etag);
    }
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(quantityIn(after.body)).toBe('{"type":"number","value":50}');
    const fromSecond = await new ApiClient(second.url).get(PARAMETERS).set('appName', 'colnomina').expect(200);
    expect(fromSecond.headers.etag).toBe(after.headers.etag);
  }, 300_000);
});
