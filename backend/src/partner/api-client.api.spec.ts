import { createApiClient } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { ApiClient } from './api-client.entity.js';

const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe('API clients of partners (/api/v1/api-clients)', () => {
  const t = useTestApp();

  it('creates a client with all three privileges, ORDERS_READ among them, in their canonical order', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const res = await t.api
      .post('/api/v1/api-clients', admin)
      .send({ name: 'Lector de órdenes', appName: 'colnomina', privileges: ['ORDERS_READ', 'CONSUMPTIONS_WRITE', 'BALANCES_READ'] })
      .expect(201);
    expect(res.body.privileges).toEqual(['BALANCES_READ', 'CONSUMPTIONS_WRITE', 'ORDERS_READ']);
    const token = await t.api
      .post('/api/v1/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: res.body.clientId, client_secret: res.body.clientSecret })
      .expect(200);
    expect(token.body.scope).toBe('BALANCES_READ CONSUMPTIONS_WRITE ORDERS_READ');
  });

  it('creates a client whose secret is shown once and stored only as an argon2id hash', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const res = await t.api
      .post('/api/v1/api-clients', admin)
      .send({ name: 'Colnómina app', appName: 'colnomina', privileges: ['CONSUMPTIONS_WRITE', 'BALANCES_READ', 'BALANCES_READ'].slice(0, 2) });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ name: 'Colnómina app', appName: 'colnomina', privileges: ['BALANCES_READ', 'CONSUMPTIONS_WRITE'], revokedAt: null });
    expect(res.body.clientId).toMatch(/^colnomina-[0-9a-f]{16}$/);
    expect(res.body.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await t.em().findOneOrFail(ApiClient, { id: res.body.id });
    expect(stored.secretHash).toMatch(/^\$argon2id\$/);
    expect(stored.secretHash).not.toContain(res.body.clientSecret);

    const read = await t.api.get(`/api/v1/api-clients/${res.body.id}`, admin);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('clientSecret');
    expect(read.body).not.toHaveProperty('secretHash');
    const list = await t.api.get(`/api/v1/api-clients?${filter({ id: [res.body.id] })}`, admin);
    expect(list.body).toEqual([read.body]);
  });

  it('refuses an unknown brand, an unknown privilege and an empty scope', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const brand = await t.api.post('/api/v1/api-clients', admin).send({ name: 'X', appName: 'nomarca', privileges: ['BALANCES_READ'] });
    expect(brand.status).toBe(422);
    expect(brand.body.statusDetails).toEqual([{ field: 'appName', description: 'La marca no existe' }]);
    for (const privileges of [[], ['PACKAGES'], ['BALANCES_READ', 'BALANCES_READ']]) {
      const res = await t.api.post('/api/v1/api-clients', admin).send({ name: 'X', appName: 'colnomina', privileges });
      expect(res.status).toBe(400);
    }
  });

  it('revokes a client once and for all, and filters active and revoked clients', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const client = await createApiClient(t, { appName: 'firmaya', privileges: ['BALANCES_READ'] });
    const revoked = await t.api.delete(`/api/v1/api-clients/${client.id}`, admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect(revoked.body.revokedBy).toEqual(expect.any(String));
    const again = await t.api.delete(`/api/v1/api-clients/${client.id}`, admin);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);

    const active = await createApiClient(t, { appName: 'firmaya' });
    const onlyRevoked = await t.api.get(`/api/v1/api-clients?${filter({ appName: 'firmaya', revoked: true })}`, admin);
    expect(onlyRevoked.body.map((c: { id: string }) => c.id)).toEqual([client.id]);
    const onlyActive = await t.api.get(`/api/v1/api-clients?${filter({ appName: 'firmaya', revoked: false })}`, admin);
    expect(onlyActive.body.map((c: { id: string }) => c.id)).toEqual([active.id]);
    const search = await t.api.get(`/api/v1/api-clients?${filter({ q: active.clientId })}`, admin);
    expect(search.body.map((c: { id: string }) => c.id)).toEqual([active.id]);

    const missing = await t.api.delete('/api/v1/api-clients/00000000-0000-4000-8000-000000000000', admin);
    expect(missing.status).toBe(404);
    expect(missing.body.statusMessage).toBe('El cliente API no existe');
  });

  it("is the superadmin's alone", async () => {
    const comercial = await t.signIn('LICENSECOMERCIAL');
    expect((await t.api.get('/api/v1/api-clients', comercial)).status).toBe(403);
    expect((await t.api.post('/api/v1/api-clients', comercial).send({ name: 'X', appName: 'colnomina', privileges: ['BALANCES_READ'] })).status).toBe(403);
  });
});
