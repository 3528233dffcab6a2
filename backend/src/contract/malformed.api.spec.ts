import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { getContract, type OperationInfo } from './contract.js';

/**
 * A stream of malformed requests derived from the contract, sent in-process (Fastify's inject)
 * as an anonymous caller and as the superadmin: nothing may answer 5xx, and every JSON answer must
 * be one the contract declares for that operation and status.
 */

type Json = Record<string, unknown>;
const document = () => getContract().document as Json;

function deref(node: Json | undefined): Json {
  let schema = node ?? {};
  while (typeof schema.$ref === 'string') {
    schema = (schema.$ref.slice(2).split('/') as string[]).reduce<Json>((acc, key) => acc[key.replace(/~1/g, '/')] as Json, document());
  }
  return schema;
}

/** A schema's properties, through $ref, allOf and the object branches of anyOf/oneOf. */
function propertiesOf(node: Json | undefined): Record<string, Json> {
  const schema = deref(node);
  const own = (schema.properties ?? {}) as Record<string, Json>;
  const parts = [...((schema.allOf ?? []) as Json[]), ...((schema.anyOf ?? []) as Json[]), ...((schema.oneOf ?? []) as Json[])];
  return Object.assign({}, ...parts.map(propertiesOf), own) as Record<string, Json>;
}

interface Parameter {
  name: string;
  in: string;
  schema?: Json;
  content?: Json;
}

interface Target {
  op: OperationInfo;
  parameters: Parameter[];
  bodyFields: Record<string, Json>;
}

function targets(): Target[] {
  const paths = document().paths as Record<string, Json>;
  return getContract()
    .operations()
    .map((op) => {
      const item = paths[op.path];
      const operation = item[op.method] as Json;
      const parameters = [...((item.parameters ?? []) as Json[]), ...((operation.parameters ?? []) as Json[])].map((p) => deref(p) as unknown as Parameter);
      const body = deref(operation.requestBody as Json);
      const json = (body.content as Record<string, Json> | undefined)?.['application/json'];
      return { op, parameters, bodyFields: json ? propertiesOf(json.schema as Json) : {} };
    });
}

/** A value of the declared kind for path parameters other than the one being broken. */
function validPathValue(p: Parameter): string {
  const schema = deref(p.schema);
  if (schema.type === 'integer' || (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'number'))) return '1';
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  return p.name === 'appName' ? 'license' : 'x';
}

function pathOf(t: Target, broken?: { name: string; value: string }): string {
  return t.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (broken?.name === name) return broken.value;
    return encodeURIComponent(validPathValue(t.parameters.find((p) => p.in === 'path' && p.name === name) as Parameter));
  });
}

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/** Values of the wrong type, shape or size for any field. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  2 ** 53,
  1.5,
  '',
  'x',
  'a\u0000b',
  '\u001b[31m',
  '\ud800',
  'x'.repeat(6_000),
  [],
  [1, 'a', null],
  {},
  { __proto__: null, constructor: { prototype: { polluted: true } } },
  { $ne: null },
  Array.from({ length: 1001 }, (_, i) => i),
];

const WRONG_PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  '1.5',
  '0x10',
  '+1',
  '%201',
  '%00',
  '%zz',
  '__proto__',
  'constructor',
  `${'9'.repeat(99)}`,
];

const WRONG_JSON_PARAMS = [
  '{',
  '[]',
  'null',
  '"x"',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"q":"\\u0000"}',
  '{"q":123}',
  '{"id":"1 OR 1=1"}',
  '["id","ASC","x"]',
  '[0,1e308]',
  '[-1,5]',
  '[5,1]',
  '[0,100000]',
  nested(5000, '[', ']'),
];

const WRONG_SCALAR_PARAMS = ['', 'abc', '-1', '1.5', '0x10', '+1', '%00', '%E0%A4%A', 'x'.repeat(5000), 'true', 'null', '[]', '{}'];

interface Request {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Every malformed request of one operation. */
function* malformed(t: Target): Generator<Request> {
  const method = t.op.method.toUpperCase();
  const base = pathOf(t);
  const json = { 'content-type': 'application/json' };

  for (const p of t.parameters.filter((p) => p.in === 'path')) {
    for (const value of WRONG_PATH_VALUES) yield { method, url: pathOf(t, { name: p.name, value }), headers: json, payload: '{}' };
  }
  for (const p of t.parameters.filter((p) => p.in === 'query')) {
    const values = p.content ? WRONG_JSON_PARAMS : WRONG_SCALAR_PARAMS;
    for (const value of values) yield { method, url: `${base}?${p.name}=${encodeURIComponent(value)}` };
    yield { method, url: `${base}?${p.name}=1&${p.name}=2` };
    yield { method, url: `${base}?${p.name}=%E0%A4%A` };
  }
  for (const p of t.parameters.filter((p) => p.in === 'header')) {
    for (const value of WRONG_SCALAR_PARAMS.filter((v) => v.length < 1000)) yield { method, url: base, headers: { [p.name]: value } };
  }
  yield { method, url: `${base}?__proto__[x]=1&constructor[prototype][x]=1` };
  yield { method, url: `${base}%` };

  if (t.op.method === 'get') return;
  // Bodies: the wrong whole, each field wrong, control characters and prototype keys, sizes and depths.
  for (const payload of [
    '',
    'null',
    '[]',
    '"x"',
    '1',
    '{',
    '{"a":}',
    '\u0000',
    Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    nested(10_000, '[', ']'),
    nested(10_000, '{"a":', '}'),
    nested(200_000, '[', ']'),
    JSON.stringify({ a: 'x'.repeat(1_000_000) }),
  ]) {
    yield { method, url: base, headers: json, payload };
  }
  yield { method, url: base, headers: { 'content-type': 'text/plain' }, payload: 'x' };
  yield { method, url: base, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' };
  yield { method, url: base, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\n\r\n--x--' };
  yield { method, url: base, headers: { 'content-type': 'application/json; charset=latin1' }, payload: '{}' };
  for (const [field, schema] of Object.entries(t.bodyFields)) {
    for (const value of WRONG_VALUES) yield { method, url: base, headers: json, payload: JSON.stringify({ [field]: value }) };
    const max = deref(schema).maxLength;
    if (typeof max === 'number') yield { method, url: base, headers: json, payload: JSON.stringify({ [field]: 'x'.repeat(max + 1) }) };
    yield { method, url: base, headers: json, payload: `{"${field}":1,"${field}":"x"}` };
  }
}

describe('a stream of malformed requests derived from the contract', () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp();
    fastify = t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets no 5xx and only answers the contract declares, as anonymous and as superadmin', async () => {
    const contract = getContract();
    const failures: string[] = [];
    let sent = 0;
    let admin = (await t.api.login('superadmin')).token;
    for (const target of targets()) {
      // A malformed request may still end the session (a sign-out of every session): sign in again.
      const check = await fastify.inject({ method: 'POST', url: '/api/user/validatesession', headers: { authorization: `Bearer ${admin}` } });
      if (check.statusCode === 401) admin = (await t.api.login('superadmin')).token;
      const requests = [...malformed(target)];
      for (const authorization of [undefined, `Bearer ${admin}`]) {
        for (let i = 0; i < requests.length; i += 16) {
          await Promise.all(
            requests.slice(i, i + 16).map(async (request) => {
              const headers = { ...request.headers, ...(authorization ? { authorization } : {}) };
              const res = await fastify.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
              sent++;
              const what = `${request.method} ${request.url.slice(0, 120)} ${authorization ? 'superadmin' : 'anonymous'} ${String(request.payload ?? '').slice(0, 60)}`;
              if (res.statusCode >= 500) failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
              if (!/json/.test(String(res.headers['content-type'] ?? ''))) {
                if (res.statusCode >= 400) failures.push(`${what} -> ${res.statusCode} is not the JSON error body`);
                return;
              }
              let body: unknown;
              try {
                body = JSON.parse(res.body);
              } catch {
                failures.push(`${what} -> ${res.statusCode} answers JSON that does not parse`);
                return;
              }
              const problem = contract.checkResponse(target.op.operationId, res.statusCode, body);
              if (problem) failures.push(`${what} -> ${res.statusCode} breaks the contract: ${problem} ${res.body.slice(0, 200)}`);
            }),
          );
        }
      }
    }
    expect(failures.slice(0, 15)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
