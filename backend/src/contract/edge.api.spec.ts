import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { getContract } from './contract.js';

type Json = Record<string, unknown>;

/** Parameters of every operation, resolved, from the contract the app runs on. */
function operationsWithParameters() {
  const document = getContract().document as { paths: Record<string, Json> };
  const resolve = (node: Json): Json =>
    typeof node.$ref === 'string' ? resolve((node.$ref.slice(2).split('/') as string[]).reduce<Json>((acc, key) => acc[key] as Json, document as Json)) : node;
  return getContract()
    .operations()
    .map((op) => {
      const item = document.paths[op.path] as Json;
      const operation = item[op.method] as Json;
      const parameters = [...((item.parameters ?? []) as Json[]), ...((operation.parameters ?? []) as Json[])].map(resolve);
      return { ...op, parameters };
    });
}

const OPERATIONS = operationsWithParameters();
/** The resource lists: every operation that takes a `filter`. */
const LISTS = OPERATIONS.filter((op) => op.parameters.some((p) => p.in === 'query' && p.name === 'filter'));
/** Operations with an integer path parameter (ids), with a valid value for each of their path parameters. */
const WITH_INTEGER_ID = OPERATIONS.filter((op) => op.parameters.some((p) => p.in === 'path' && resolveType(p.schema as Json) === 'integer'));

function resolveType(schema: Json): string | undefined {
  let node = schema;
  while (typeof node.$ref === 'string') {
    node = (node.$ref.slice(2).split('/') as string[]).reduce<Json>((acc, key) => acc[key] as Json, getContract().document as Json);
  }
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.enum) && node.enum.every((v) => Number.isInteger(v))) return 'integer';
  return undefined;
}

function pathWith(op: (typeof OPERATIONS)[number], value: string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name) as Json;
    if (resolveType(parameter.schema as Json) === 'integer') return value;
    // Other path parameters get a valid value, so only the id is wrong.
    return name === 'relevance' ? 'Alta' : name === 'appName' ? 'license' : 'x';
  });
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

describe('the edge, for every operation of the contract', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.api.login('superadmin')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the lists and the id operations it walks', () => {
    expect(LISTS.map((op) => op.operationId)).toEqual(expect.arrayContaining(['listPackages', 'listFeatureTypes', 'listCustomers', 'listUsers']));
    expect(LISTS.length).toBeGreaterThanOrEqual(10);
    expect(WITH_INTEGER_ID.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(LISTS.map((op) => [op.operationId, op] as const))('%s', (_, op) => {
    it.each(PROTOTYPE_KEYS)('refuses the filter key %s with a 400 naming it, never a 500 or a filtered list', async (key) => {
      for (const value of ['{"phone":{"$like":"3%"}}', '{"$ne":null}', '"x"']) {
        const filter = encodeURIComponent(`{"${key}":${value}}`);
        const res = await t.api.get(`${op.path}?filter=${filter}`, admin);
        expect(res.status).toBe(400);
        expect(res.body.statusDetails).toEqual([{ field: `query.filter.${key}`, description: 'no debe tener propiedades adicionales' }]);
      }
    });

    it('answers a text search', async () => {
      const res = await t.api.get(`${op.path}?filter=${encodeURIComponent('{"q":"zona nómina"}')}`, admin).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
    });
  });

  it('searches feature types ignoring case and accents', async () => {
    const created = await t.api.post('/api/v1/feature-types', admin).send({ featureTypeName: 'Firmas Electrónicas Zeta', categoryType: 'T' }).expect(201);
    const res = await t.api.get(`/api/v1/feature-types?filter=${encodeURIComponent('{"q":"electronicas ZETA"}')}`, admin).expect(200);
    expect(res.body.map((f: { id: number }) => f.id)).toEqual([created.body.id]);
    await t.api.get(`/api/v1/feature-types?filter=${encodeURIComponent('{"q":"electronicas omega"}')}`, admin).expect(200, []);
  });

  describe.each(WITH_INTEGER_ID.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', (_, op) => {
    it.each(['0x10', '+1', '%201', '1e1', '1.0', '-0', '%EF%BC%91'])('takes only digits as an id, not %s', async (id) => {
      const res = await t.api.request(op.method, pathWith(op, id), admin).send(op.hasBody ? {} : undefined);
      expect(res.status).toBe(400);
      expect(res.body.statusDetails).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^path\./) })]));
    });
  });
});
