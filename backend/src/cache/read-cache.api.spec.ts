import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import supertest from 'supertest';
import { useTestApp } from '../test-support/fixture.js';
import { preferredEncoding } from './read-cache.js';

const STATES = '/license/api/parameter/GetListStatesAndCities';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An answer as its bytes came (HTTP clients would decode them). */
const get = (url: string, headers: Record<string, string>) =>
  new Promise<Raw>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

describe('prepared answers in the coding the client accepts', () => {
  const t = useTestApp();
  const http = () => supertest(t.url);

  it('sends a large answer compressed once per coding, each with its own ETag, and the same JSON', async () => {
    const plain = await get(t.url + STATES, { 'accept-encoding': 'identity' });
    const br = await get(t.url + STATES, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(t.url + STATES, { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect([plain.status, br.status, gzip.status]).toEqual([200, 200, 200]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gzip]) {
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);

    await http()
      .get(STATES)
      .set('accept-encoding', 'br')
      .set('if-none-match', br.headers.etag as string)
      .expect(304);
    // The tag of the brotli bytes does not stand for the uncompressed ones.
    await http()
      .get(STATES)
      .set('accept-encoding', 'identity')
      .set('if-none-match', br.headers.etag as string)
      .expect(200);
  });

  it('keeps a small answer and a brand answer varying by host as they were', async () => {
    const small = await http().get('/license/api/parameter/GetAllRejectTypes').set('accept-encoding', 'br').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const brand = await http().get('/api/v1/brands/current').set('Host', 'colnomina.localhost').set('accept-encoding', 'br').expect(200);
    expect(brand.headers.vary).toMatch(/^Host(, Accept-Encoding)?$/);
    expect(brand.headers.appname).toBe('colnomina');
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('chooses the coding for Accept-Encoding %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
