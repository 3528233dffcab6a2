import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { createPackage, createService, day, unique } from '../test-support/factories.js';
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
  // The storefront's build manifest: the store home's chunk imports one of its own and the entry's.
  mkdirSync(join(root, 'storefront/dist/.vite'));
  writeFileSync(
    join(root, 'storefront/dist/.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_package.js'] },
      '_package.js': { file: 'assets/package-Pk12Pk34.js' },
      'src/store/StoreHome.tsx': { file: 'assets/StoreHome-Sh12Sh34.js', isDynamicEntry: true, imports: ['_package.js', '_dates.js'] },
      '_dates.js': { file: 'assets/dates-Dt12Dt34.js' },
    }),
  );
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

  it("writes the answers of a store page's first reads into it, the same the API gives", async () => {
    const host = 'firmaya.localhost:3000';
    const boot = (html: string, name: string) => {
      const match = new RegExp(`<script type="application/json" id="boot-${name}">([^<]*)</script>`).exec(html);
      return match ? (JSON.parse(match[1]) as unknown) : undefined;
    };
    const page = await http().get('/login').set('Host', host).expect(200);
    expect(page.text).toContain('<meta name="app-name" content="firmaya"><meta name="tenant" content="CO">');
    const brand = await http().get('/api/v1/brands/firmaya').expect(200);
    expect(boot(page.text, 'brand')).toEqual(brand.body);
    const parameters = await http().get('/license/api/parameter/GetAppParameters').set({ appName: 'firmaya', tenant: 'CO', countryCode: 'CO' }).expect(200);
    expect(boot(page.text, 'parameters')).toEqual(parameters.body);
    // Only the store home carries the catalogue and the home's chunks (not the entry's, which the page loads).
    expect(boot(page.text, 'catalogue')).toBeUndefined();
    expect(page.text).not.toContain('StoreHome');

    const serviceIds = [(await createService(t, { appName: 'firmaya', serviceName: unique('Firma de la tienda ') })).id];
    const offer = await createPackage(t, {
      serviceIds,
      packageName: 'Oferta </script><b>',
      applyOffer: true,
      offerTypeCode: 'PTJ',
      totalOffer: 10,
      offerStartTime: day(-1),
      offerExpirationTime: day(10),
    });
    const home = await http().get('/cart').set('Host', host).expect(200);
    const catalogue = await http().get('/license/api/package/GetPackagesByServiceName/firmaya').expect(200);
    expect(boot(home.text, 'catalogue')).toEqual(catalogue.body);
    expect(home.text).toContain('Oferta \\u003c/script>\\u003cb>');
    expect(home.text).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${offer.urlImageOffer!.replace(/&/g, '&#38;')}">`);
    expect(home.text).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/StoreHome-Sh12Sh34.js"><link rel="modulepreload" crossorigin href="/assets/dates-Dt12Dt34.js">',
    );
    expect(home.text).not.toContain('href="/assets/package-Pk12Pk34.js"');
    expect((await http().get('/cart/25').set('Host', host).expect(200)).text).toContain('id="boot-catalogue"');
    // The manifest is the server's.
    await http().get('/.vite/manifest.json').expect(404);
    // The back office's page has none of this.
    expect((await http().get('/admin/packages').set('Host', host).expect(200)).text).not.toContain('boot-');
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
