import { setTimeout as sleep } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/sql';
import { createAccounts, createCustomer, createUser, TEST_PASSWORD as PASSWORD } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const REUSE_INTERVAL = 3;

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('identity: sign-in, refresh, revoke', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES_ADDRESS: '50', REFRESH_REUSE_INTERVAL: String(REUSE_INTERVAL) });
  beforeAll(() => createAccounts(t));

  const authenticate = (UserName: string, Password = PASSWORD) => t.api.post('/api/Login/Authenticate').send({ UserName, Password, Appname: 'license' });
  const refresh = (UserName: string, RefreshToken: string) => t.api.post('/api/Login/RefreshToken').send({ UserName, RefreshToken, Appname: 'license' });

  it('signs in and returns a short-lived token with the claims the front ends read', async () => {
    const res = await authenticate('superadmin').expect(200);
    expect(res.body).toMatchObject({ statusCode: 200, statusDetails: [] });
    const c = claims(res.body.result.token);
    expect(c).toMatchObject({ unique_name: 'superadmin', given_name: 'Sara', family_name: 'Valencia Mejía', APPS: 'LICENSE', LICENSE_ROLE: 'SUPERADMIN' });
    expect(c.PRIVILEGES).toEqual(expect.arrayContaining(['LICENSE_FULL_ACCESS', 'PACKAGES', 'PAYMENTS_APPROVE']));
    expect((c.exp as number) - (c.iat as number)).toBe(900);
  });

  it('gives the customer the document of its company', async () => {
    const company = await createCustomer(t, { documentNumber: '900123456' });
    await createUser(t, { username: 'cliente-roble', role: 'CUSTOMER', customerId: company.id });
    const { token } = await t.api.login('cliente-roble');
    expect(claims(token)).toMatchObject({
      APPS: 'STORE',
      LICENSE_ROLE: 'CUSTOMER',
      customer_type: '4',
      customer_value: '900123456',
      customer_id: expect.any(String),
    });
  });

  it('accepts the user name in any case and refuses a wrong password without saying which part was wrong', async () => {
    await authenticate('SuperAdmin').expect(200);
    const wrong = await authenticate('comercial', 'incorrecta').expect(401);
    const unknown = await authenticate('nadie', 'incorrecta').expect(401);
    expect(wrong.body.statusMessage).toBe('Usuario o contraseña incorrectos.');
    expect(unknown.body.statusMessage).toBe(wrong.body.statusMessage);
  });

  it('refuses tokens signed with another key or algorithm', async () => {
    const { token } = await t.api.login('superadmin');
    const [header, payload] = token.split('.');
    await t.api.post('/api/user/validatesession', `${header}.${payload}.AAAA`).expect(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await t.api.post('/api/user/validatesession', `${none}.${payload}.`).expect(401);
  });

  /** The session row itself, not what the API says about it. */
  async function sessionState(token: string): Promise<{ ended: boolean; reason: string | null }> {
    const sid = claims(token).sid as string;
    const [row] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ ended_at: unknown; end_reason: string | null }[]>('select ended_at, end_reason from session where id = ?', [sid]);
    return { ended: row.ended_at !== null, reason: row.end_reason };
  }

  it('rotates refresh tokens; a rotated one answers the same pair within the reuse interval and ends the whole session after it', async () => {
    const first = await t.api.login('financiero');
    const second = (await refresh('financiero', first.refreshToken).expect(200)).body.result;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await t.api.post('/api/user/validatesession', second.token).expect(200);

    const again = (await refresh('financiero', first.refreshToken).expect(200)).body.result;
    expect(again).toEqual(second);
    expect(await sessionState(second.token)).toEqual({ ended: false, reason: null });

    await sleep(REUSE_INTERVAL * 1000 + 300);
    const reuse = await refresh('financiero', first.refreshToken).expect(401);
    expect(reuse.body.statusMessage).toBe('Tu sesión ha finalizado. Inicia sesión nuevamente.');
    expect(await sessionState(second.token)).toEqual({ ended: true, reason: 'REFRESH_REUSE' });
    // Reuse ended the session: the current pair is dead too.
    await t.api.post('/api/user/validatesession', second.token).expect(401);
    await refresh('financiero', second.refreshToken).expect(401);
  });

  it('keeps the session of twenty concurrent refreshes of one token: all get the same new pair', async () => {
    const pair = await t.api.login('consulta');
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh('consulta', pair.refreshToken)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const pairs = new Set(results.map((r) => JSON.stringify(r.body.result)));
    expect(pairs.size).toBe(1);
    const next = results[0].body.result as { token: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    expect(await sessionState(next.token)).toEqual({ ended: false, reason: null });
    await t.api.post('/api/user/validatesession', next.token).expect(200);
    // The new refresh token is the current one: it rotates normally.
    const after = (await refresh('consulta', next.refreshToken).expect(200)).body.result;
    expect(after.refreshToken).not.toBe(next.refreshToken);
    expect(await sessionState(after.token)).toEqual({ ended: false, reason: null });
  });

  it('refuses a refresh token presented for another user', async () => {
    const pair = await t.api.login('promocode');
    await refresh('superadmin', pair.refreshToken).expect(401);
    await refresh('promocode', pair.refreshToken).expect(200);
  });

  it('logs out one session with RevokeToken and leaves the others open', async () => {
    const a = await t.api.login('comercial');
    const b = await t.api.login('comercial');
    const res = await t.api
      .put('/api/login/RevokeToken')
      .send({ UserName: 'comercial', Quantity: 1, AppName: 'license', RefreshToken: a.refreshToken })
      .expect(200);
    expect(res.body.result.revokedSessions).toBe(1);
    await t.api.post('/api/user/validatesession', a.token).expect(401);
    await t.api.post('/api/user/validatesession', a.token).expect(401);
    await t.api.post('/api/user/validatesession', b.token).expect(200);
  });

  it('ends every session of the user with Quantity 0', async () => {
    const a = await t.api.login('consulta');
    const b = await t.api.login('consulta');
    const res = await t.api.put('/api/login/RevokeToken').send({ UserName: 'consulta', Quantity: 0, RefreshToken: b.refreshToken }).expect(200);
    expect(res.body.result.revokedSessions).toBeGreaterThanOrEqual(2);
    await t.api.post('/api/user/validatesession', a.token).expect(401);
    await t.api.post('/api/user/validatesession', b.token).expect(401);
  });

  it('refuses to revoke with a refresh token of another user', async () => {
    const pair = await t.api.login('superadmin');
    await t.api.put('/api/login/RevokeToken').send({ UserName: 'comercial', Quantity: 1, RefreshToken: pair.refreshToken }).expect(401);
    await t.api.post('/api/user/validatesession', pair.token).expect(200);
  });

  it('validates the session, and refuses to bind a connection id no hub connection of it has', async () => {
    const { token } = await t.api.login('superadmin');
    const res = await t.api.post('/api/user/validatesession', token).expect(200);
    expect(res.body.result).toEqual({ valid: true, connectionId: null });
    await t.api.post('/api/user/validatesession', token).set('connectionId', 'conn-123').expect(404);
  });

  it('issues a scoped external-sources token that opens nothing else', async () => {
    const { token } = await t.api.login('financiero');
    const res = await t.api.get('/license/api/Auth/GetTokenAdminIbuho', token).expect(200);
    const scoped = res.body.result.token as string;
    expect(claims(scoped)).toMatchObject({ aud: 'externalsources', scope: 'externalsources:read' });
    expect(res.body.result.expiresIn).toBe(300);
    await t.api.post('/api/user/validatesession', scoped).expect(401);
    const customer = await t.api.login('cliente');
    await t.api.get('/license/api/Auth/GetTokenAdminIbuho', customer.token).expect(403);
  });
});
