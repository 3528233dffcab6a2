import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/sql';
import { EventBus } from '../events/event-bus.js';
import { createCustomer, createPackage, createService, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

/**
 * Staff package lists (GET /api/v1/packages, GetPackages) are answered from pages prepared once
 * (ReadCache 'packageLists'). These tests silence the NOTIFY fan-out, so what they see is the
 * writing instance's own invalidation: a write is read back by the very next request.
 */
describe('staff package lists: kept pages, read-your-writes', () => {
  const t = useTestApp();
  let admin: string;
  let silenced: { mockRestore(): void };

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
  });
  beforeEach(() => {
    const bus = t.app.get(EventBus) as unknown as { dispatch(payload?: string): void };
    silenced = jest.spyOn(bus, 'dispatch').mockImplementation(() => undefined);
  });
  afterEach(() => silenced.mockRestore());

  it('answers a kept page with an ETag (304 when unchanged; no-store all the same), and the next read after an edit sees it at once', async () => {
    const code = unique('LST-');
    const service = await createService(t);
    const created = await createPackage(t, { packageCode: code, packageName: 'Paquete de lista', serviceIds: [service.id] });
    const url = `/api/v1/packages?${filter({ q: code })}`;
    const first = await t.api.get(url, admin).expect(200);
    expect(first.body.map((p: { packageName: string }) => p.packageName)).toEqual(['Paquete de lista']);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-range']).toBe('packages 0-0/1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await t.api.get(url, admin).set('If-None-Match', etag).expect(304);

    await t.api
      .put(`/api/v1/packages/${created.id}`, admin)
      .send({ ...created, packageName: 'Paquete renombrado' })
      .expect(200);
    const after = await t.api.get(url, admin).set('If-None-Match', etag).expect(200);
    expect(after.body.map((p: { packageName: string }) => p.packageName)).toEqual(['Paquete renombrado']);
    expect(after.headers.etag).not.toBe(etag);
  });

  it("GetPackages names a private package's companies as they are now, after a write made outside any request", async () => {
    const code = unique('PRV-');
    const customer = await createCustomer(t, { legalName: 'Ferretería La Esquina S.A.S.' });
    await createPackage(t, { packageCode: code, publicVisibility: false, customerIds: [customer.id] });
    const read = async () => {
      const res = await t.api.get('/license/api/Package/GetPackages', admin).set('filter', code).set('registerNumber', '10').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const [record] = res.body.result.records as { packageCustomer: { customer: { legalName: string | null } }[] }[];
      return record!.packageCustomer.map((c) => c.customer.legalName);
    };
    expect(await read()).toEqual(['Ferretería La Esquina S.A.S.']);
    const em = t.app.get(MikroORM).em.fork();
    await em.transactional((tx) => tx.execute('update customer set legal_name = ? where id = ?', ['Ferretería La Esquina Dos S.A.S.', customer.id]));
    expect(await read()).toEqual(['Ferretería La Esquina Dos S.A.S.']);
  });

  it('keeps the answer only for callers with the privilege: no token 401, a role without PACKAGES 403', async () => {
    const consulta = await t.signIn('LICFINANCIEROCONSULTA');
    await t.api.get('/api/v1/packages', admin).expect(200);
    await t.api.get('/api/v1/packages').expect(401);
    await t.api.get('/api/v1/packages', consulta).expect(403);
  });
});
