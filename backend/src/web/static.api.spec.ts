import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { useTestApp } from '../test-support/fixture.js';

const PAGE = (name: string) => `<!doctype html><html><head><title>x</title><link rel="icon" href="/favicon.svg"></head><body>${name}</body></html>`;

/** Serving of the built front ends, against a fake build in a temporary web root. */
describe('static serving', () => {
  const root = mkdtempSync(join(tmpdir(), 'licencias-web-'));
  for (const app of ['admin', 'storefront']) {
    mkdirSync(join(root, app, 'dist/assets'), { recursive: true });
    writeFileSync(join(root, app, 'dist/index.html'), PAGE(app));
    writeFileSync(join(root, app, 'dist/assets/index-Ab12Cd34.js'), `console.log(${JSON.stringify(app)});`.repeat(200));
    writeFileSync(join(root, app, 'dist/robots.txt'), 'User-agent: *');
  }
  const t = useTestApp({ WEB_ROOT: root });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const http = () => supertest(t.url);

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await http().get('/admin/assets/index-Ab12Cd34.js').set('accept-encoding', 'br, gzip').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await http().get('/robots.txt').expect(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to each app page for its routes, with the brand of the host', async () => {
    const admin = await http().get('/admin/packages').set('Host', 'localhost').expect(200);
    expect(admin.text).toContain('admin');
    expect(admin.headers['cache-control']).toBe('no-cache');
    expect(admin.headers.appname).toBe('license');
    const store = await http().get('/license/viewCartMenu').set('Host', 'firmaya.localhost:3000').expect(200);
    expect(store.text).toContain('storefront');
    expect(store.text).toContain('<title>FirmaYa</title>');
    expect(store.text).toContain('href="/api/v1/brands/firmaya/favicon"');
    expect(store.headers).toMatchObject({ appname: 'firmaya', tenant: 'CO' });
  });

  it('never answers an API path with a page', async () => {
    const res = await http().get('/license/api/NoSuchCall').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, statusDetails: [] });
    await http().get('/api/v1/nothing').expect(404);
    await http().get('/admin/assets/missing-Zz99Yy88.js').expect(404);
  });

  it('serves the API reference without a CDN', async () => {
    const docs = await http().get('/docs').expect(200);
    expect(docs.text).toContain('/docs/assets/swagger-ui-bundle.js');
    await http().get('/docs/assets/swagger-ui-bundle.js').expect(200);
    const yaml = await http().get('/openapi.yaml').set('accept-encoding', 'gzip').expect(200);
    expect(yaml.headers['content-encoding']).toBe('gzip');
    // The bundled contract, not the root: no reference leads to a file the browser cannot fetch.
    const served = await http().get('/openapi.yaml').expect(200);
    expect(served.text).not.toMatch(/\$ref: .?api\//);
    expect(served.text).toContain('operationId: savePackage');
  });
});
