import { type IncomingHttpHeaders, request } from 'node:http';
import { EventBus } from '../events/event-bus.js';
import { createService } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { ReadCache } from './read-cache.js';

const DOCUMENT_TYPES = '/license/api/parameter/GetAllDocumentTypes';
const CURRENT_BRAND = '/api/v1/brands/current';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const send = (url: string, method: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    })
      .on('error', reject)
      .end();
  });

/** The headers that say what an answer is (the date and the request's id differ per request). */
const described = (headers: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
};

describe('the front door (answers kept for a URL, before Fastify)', () => {
  const t = useTestApp();
  const cache = () => t.app.get(ReadCache);

  it('answers a public URL it has seen with the same bytes and headers Fastify sent, and 304 on its ETag', async () => {
    const first = await send(t.url + DOCUMENT_TYPES, 'GET');
    expect(first.status).toBe(200);
    const before = cache().servedAtTheDoor;
    const second = await send(t.url + DOCUMENT_TYPES, 'GET', { 'x-request-id': 'pedido-0001' });
    expect(cache().servedAtTheDoor).toBe(before + 1);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(described(second.headers)).toEqual(described(first.headers));
    expect(second.headers['content-security-policy']).toContain("script-src 'self'");
    expect(second.headers['cache-control']).toBe('public, max-age=3600');
    expect(second.headers['x-request-id']).toBe('pedido-0001');
    expect((await send(t.url + DOCUMENT_TYPES, 'GET', { 'x-request-id': 'x' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const notModified = await send(t.url + DOCUMENT_TYPES, 'GET', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(cache().servedAtTheDoor).toBe(before + 3);
  });

  it('lets Fastify answer what it must: other methods, other spellings of the URL, answers that vary', async () => {
    await send(t.url + DOCUMENT_TYPES, 'GET');
    await send(t.url + CURRENT_BRAND, 'GET');
    const before = cache().servedAtTheDoor;
    expect((await send(t.url + DOCUMENT_TYPES, 'HEAD')).status).toBe(200);
    expect((await send(t.url + DOCUMENT_TYPES.toLowerCase(), 'GET')).status).toBe(200);
    // The current brand's answer varies by Host: never answered at the door.
    expect((await send(t.url + CURRENT_BRAND, 'GET')).headers.vary).toContain('Host');
    expect(cache().servedAtTheDoor).toBe(before);
  });

  it("answers a visitor's store catalogue at the door, never a request carrying a header its Vary names", async () => {
    const service = await createService(t);
    const url = `${t.url}/license/api/package/GetPackagesByServiceName/${encodeURIComponent(service.serviceName)}`;
    const first = await send(url, 'GET');
    expect(first.status).toBe(200);
    expect(first.headers.vary).toContain('Authorization');
    const before = cache().servedAtTheDoor;
    const second = await send(url, 'GET');
    expect(cache().servedAtTheDoor).toBe(before + 1);
    expect(second.body).toBe(first.body);
    // Made per request from the time the answer has left: still public, 60 s at most.
    expect(second.headers['cache-control']).toMatch(/^public, max-age=(60|59)$/);
    const token = await t.signIn('SUPERADMIN');
    expect((await send(url, 'GET', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await send(url, 'GET', { isContract: 'true' })).status).toBe(200);
    expect(cache().servedAtTheDoor).toBe(before + 1);
  });

  it('stops answering a URL when its answer is dropped on a change, and answers the new one', async () => {
    await send(t.url + DOCUMENT_TYPES, 'GET');
    await send(t.url + DOCUMENT_TYPES, 'GET');
    const em = t.em();
    const renamed = 'Cédula de ciudadanía (puerta)';
    await em.getConnection().execute(`update document_type set description = ? where document_type_code = 'CC'`, [renamed]);
    const before = cache().servedAtTheDoor;
    // What a write publishes: dropped on every instance after commit.
    await t.app.get(EventBus).publish(em, { type: 'cache.invalidated', topics: ['documentTypes'] });
    let answer: Raw | undefined;
    for (let i = 0; i < 50 && !answer?.body.includes(renamed); i++) {
      answer = await send(t.url + DOCUMENT_TYPES, 'GET');
      if (!answer.body.includes(renamed)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answer?.body).toContain(renamed);
    const after = cache().servedAtTheDoor;
    // The request after the drop went to Fastify (prepared afresh); the next one is the door's again.
    expect((await send(t.url + DOCUMENT_TYPES, 'GET')).body).toContain(renamed);
    expect(cache().servedAtTheDoor).toBe(after + 1);
    expect(after).toBeGreaterThanOrEqual(before);
  });
});
