import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../test-support/fixture.js';
import { staticRoutesOf } from '../web/static.js';
import { getContract } from './contract.js';
import { routesOf } from './route-registry.js';

describe('contract and routes', () => {
  const t = useTestApp();
  let fastify: FastifyInstance;
  beforeAll(() => {
    fastify = t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  });

  const key = (method: string, url: string) => `${method.toUpperCase()} ${url.toLowerCase()}`;

  it('routes every operation of openapi.yaml', () => {
    const routed = new Set(routesOf(fastify).map((r) => key(r.method, r.url)));
    const missing = getContract()
      .operations()
      .filter((op) => !routed.has(key(op.method, op.routePath)))
      .map((op) => `${op.operationId} ${op.method.toUpperCase()} ${op.path}`);
    expect(missing).toEqual([]);
  });

  it('has no route outside the contract except static file serving', () => {
    const statics = staticRoutesOf(fastify);
    const extra = routesOf(fastify)
      .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method))
      .filter((r) => !statics.has(`${r.method} ${r.url}`))
      .filter((r) => !getContract().findByRoute(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(extra).toEqual([]);
  });

  it('declares access for every operation', () => {
    const undeclared = getContract()
      .operations()
      .filter((op) => !op.isPublic && op.privileges.some((p) => !/^[A-Z_]+$/.test(p)));
    expect(undeclared).toEqual([]);
  });

  it('answers unknown routes with a 404 error body', async () => {
    const res = await t.api.get('/license/api/NoSuch/Thing').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, statusDetails: [] });
    expect(typeof res.body.correlationId).toBe('string');
  });

  it('matches compatibility paths case-insensitively', async () => {
    await t.api.get('/LICENSE/API/PARAMETER/GETALLREJECTTYPES').expect(200);
    await t.api.get('/license/api/parameter/getallrejecttypes').expect(200);
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const res = await t.api.post('/api/Login/Authenticate').set('content-type', 'application/json').send('{"UserName":').expect(400);
    expect(res.body.statusDetails[0].field).toBe('body');
  });

  it('takes a JSON content type with an empty body as no body, as old clients send it', async () => {
    await t.api
      .post('/api/user/validatesession', await t.signIn())
      .set('content-type', 'application/json')
      .send('')
      .expect(200);
  });

  it('refuses prototype pollution in JSON bodies', async () => {
    await t.api
      .post('/api/Login/Authenticate')
      .set('content-type', 'application/json')
      .send('{"__proto__":{"x":1},"UserName":"a","Password":"b","Appname":"c"}')
      .expect(400);
  });

  it('lists every missing or wrong field with a message', async () => {
    const res = await t.api.post('/api/Login/Authenticate').send({ UserName: '', Appname: 'license', Extra: 1 }).expect(400);
    const fields = res.body.statusDetails.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['body.Extra', 'body.Password', 'body.UserName']);
    for (const detail of res.body.statusDetails) expect(detail.description.length).toBeGreaterThan(3);
  });

  it('validates headers declared by the contract', async () => {
    const res = await t.api.get('/license/api/parameter/GetAppParameters').expect(400);
    expect(res.body.statusDetails).toEqual([expect.objectContaining({ field: 'header.appName' })]);
  });

  it('sets security headers and a request id', async () => {
    const res = await t.api.get('/health').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
