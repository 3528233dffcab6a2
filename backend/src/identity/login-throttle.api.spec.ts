import { MikroORM } from '@mikro-orm/sql';
import { createAccounts, TEST_PASSWORD as PASSWORD } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { type ApiClient, startTestApp } from '../test-support/test-app.js';

const TOO_MANY = /^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos?\.$/;

function signIn(t: { api: ApiClient }, UserName: string, Password: string, forwardedFor?: string) {
  const req = t.api.post('/api/Login/Authenticate');
  if (forwardedFor !== undefined) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ UserName, Password, Appname: 'license' });
}

describe('client address without a configured proxy (TRUST_PROXY unset)', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES_ADDRESS: '30' });

  it('throttles by the socket address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 30; i++) {
      await signIn(t, `cuenta${i}`, 'mala', `203.0.113.${i}`).expect(401);
    }
    const blocked = await signIn(t, 'cuenta-nueva', 'mala', '198.51.100.77').expect(429);
    expect(blocked.body.statusMessage).toMatch(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The address is blocked even for a right password.
    await signIn(t, 'superadmin', PASSWORD, '198.51.100.78').expect(429);
  });

  it('never fails on a long or malformed forwarded header', async () => {
    const other = await startTestApp();
    try {
      await signIn(other, 'nadie', 'mala', 'x'.repeat(5000)).expect(401);
      await signIn(other, 'nadie', 'mala', Array.from({ length: 200 }, (_, i) => `10.0.${i % 250}.1`).join(', ')).expect(401);
      await signIn(other, 'superadmin', PASSWORD, `${'f'.repeat(100)}, 1.2.3.4`).expect(200);
      const orm = other.app.get(MikroORM);
      const [row] = await orm.em.fork().execute<{ ip_address: string }[]>('select ip_address from session order by created_at desc limit 1');
      expect(row.ip_address).toBe('127.0.0.1');
    } finally {
      await other.close();
    }
  });
});

describe('sign-in throttling behind a configured proxy (TRUST_PROXY=loopback)', () => {
  const t = useTestApp({
    TRUST_PROXY: 'loopback',
    LOGIN_MAX_FAILURES_ACCOUNT_ADDRESS: '3',
    LOGIN_MAX_FAILURES_ADDRESS: '10',
    LOGIN_MAX_FAILURES_ACCOUNT: '6',
  });
  beforeAll(() => createAccounts(t));

  it('takes the client address from the trusted proxy and stores it with the session', async () => {
    await signIn(t, 'superadmin', PASSWORD, '203.0.113.200').expect(200);
    const orm = t.app.get(MikroORM);
    const [row] = await orm.em.fork().execute<{ ip_address: string }[]>('select ip_address from session order by created_at desc limit 1');
    expect(row.ip_address).toBe('203.0.113.200');
    // A long header behind the proxy falls back to the proxy's own address instead of failing.
    await signIn(t, 'nadie', 'mala', 'y'.repeat(3000)).expect(401);
  });

  it('blocks the address that failed on an account, and lets the owner in from another address', async () => {
    for (let i = 0; i < 3; i++) await signIn(t, 'comercial', 'mala', '198.51.100.1').expect(401);
    const blocked = await signIn(t, 'comercial', PASSWORD, '198.51.100.1').expect(429);
    expect(blocked.body.statusMessage).toMatch(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // The owner, from an address that has not failed, is not locked out.
    await signIn(t, 'comercial', PASSWORD, '198.51.100.2').expect(200);
    // The failing address is still refused on that account, and only on that account.
    await signIn(t, 'comercial', PASSWORD, '198.51.100.1').expect(429);
    await signIn(t, 'promocode', PASSWORD, '198.51.100.1').expect(200);
  });

  it('starts counting again after a success from the same address', async () => {
    for (let i = 0; i < 2; i++) await signIn(t, 'financiero', 'mala', '198.51.100.3').expect(401);
    await signIn(t, 'financiero', PASSWORD, '198.51.100.3').expect(200);
    for (let i = 0; i < 2; i++) await signIn(t, 'financiero', 'mala', '198.51.100.3').expect(401);
    await signIn(t, 'financiero', PASSWORD, '198.51.100.3').expect(200);
  });

  it('caps failures on one account over many addresses, except from addresses it signed in from', async () => {
    await signIn(t, 'consulta', PASSWORD, '198.51.100.50').expect(200);
    for (let i = 0; i < 6; i++) await signIn(t, 'consulta', 'mala', `198.51.100.${60 + i}`).expect(401);
    // A distributed guess reached the account's ceiling: new addresses wait...
    const blocked = await signIn(t, 'consulta', PASSWORD, '198.51.100.70').expect(429);
    expect(blocked.body.statusMessage).toMatch(TOO_MANY);
    // ...and the owner, from an address that signed in before, still gets in.
    await signIn(t, 'consulta', PASSWORD, '198.51.100.50').expect(200);
  });

  it('blocks an address that sprays many accounts, not the accounts themselves', async () => {
    for (let i = 0; i < 10; i++) await signIn(t, `rociado${i}`, 'mala', '198.51.100.9').expect(401);
    await signIn(t, 'superadmin', PASSWORD, '198.51.100.9').expect(429);
    await signIn(t, 'superadmin', PASSWORD, '198.51.100.10').expect(200);
  });

  it('counts concurrent failures exactly', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => signIn(t, 'concurrente', 'mala', '198.51.100.20')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (const host of ['1', '2', '3']) await signIn(t, 'seis', 'mala', `2001:db8:1:2::${host}`).expect(401);
    await signIn(t, 'seis', 'mala', '2001:db8:1:2:ffff:ffff:ffff:ffff').expect(429);
    await signIn(t, 'seis', 'mala', '2001:db8:1:3::1').expect(401);
  });
});
