import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../config/config.js';
import { useTestApp } from '../test-support/fixture.js';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  const t = useTestApp();

  it('sends a CSP whose scripts and connections are this origin only, and a Permissions-Policy', async () => {
    for (const path of ['/api/v1/brands/current', '/docs', '/health']) {
      const res = await t.api.get(path);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(String(res.headers['permissions-policy'])).toMatch(/(^|, )camera=\(\)/);
      expect(String(res.headers['permissions-policy'])).toMatch(/(^|, )geolocation=\(\)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves pages whose scripts are all files, so the CSP needs no inline scripts', async () => {
    const docs = await t.api.get('/docs').expect(200);
    const pages = [docs.text, ...['admin', 'storefront'].map((app) => readFileSync(join(REPO_ROOT, app, 'index.html'), 'utf8'))];
    for (const html of pages) {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc=/);
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    }
  });

  it('sends the same headers on the light path of prepared reads: 200, 304 and errors, with the request id', async () => {
    const path = '/license/api/parameter/GetAllDocumentTypes';
    const ok = await t.api.get(path).set('Accept-Encoding', 'identity').expect(200);
    const again = await t.api.get(path).set('Accept-Encoding', 'identity').set('If-None-Match', String(ok.headers.etag)).expect(304);
    const refused = await t.api.get('/license/api/Parameter/GetParameterByType').expect(400);
    for (const res of [ok, again, refused]) {
      expect(directives(String(res.headers['content-security-policy'])).get('script-src')).toEqual(["'self'"]);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(ok.headers['content-length'])).toBe(Buffer.byteLength(ok.text));
    expect(again.headers.etag).toBe(ok.headers.etag);
    expect(again.text).toBe('');
    const traced = await t.api.get(path).set('x-request-id', 'trace-0001-abcd').expect(200);
    expect(traced.headers['x-request-id']).toBe('trace-0001-abcd');
  });

  it('answers operations that need a session with Cache-Control: no-store, public ones as before', async () => {
    const token = await t.signIn('SUPERADMIN');
    const services = await t.api.get('/api/v1/services', token).expect(200);
    expect(services.headers['cache-control']).toBe('no-store');
    const refused = await t.api.get('/api/v1/services').expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const brand = await t.api.get('/api/v1/brands/current', token).expect(200);
    expect(brand.headers['cache-control']).not.toBe('no-store');
  });
});
