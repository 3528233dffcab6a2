import { createAuthFetch, serializeQuery, TokenRefresher } from './client.js';
import { memoryStorage, SessionStore } from './session.js';

/** An unsigned JWT-shaped token expiring `seconds` from now (the client only reads its claims). */
function token(name: string, seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: name, exp: Math.floor(Date.now() / 1000) + seconds, unique_name: 'ana' })}.sig`;
}

interface Call {
  url: string;
  auth: string | null;
  contentType: string | null;
  body: string;
}

/** A fake server: answers the refresh call and the API calls as the test says. */
function setup(api: (auth: string | null) => number, refresh: () => number = () => 200) {
  const calls: Call[] = [];
  let issued = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = await request.text();
    calls.push({ url: new URL(request.url).pathname, auth: request.headers.get('Authorization'), contentType: request.headers.get('Content-Type'), body });
    if (request.url.endsWith('/api/Login/RefreshToken')) {
      const status = refresh();
      if (status !== 200) return new Response(JSON.stringify({ statusCode: status }), { status });
      issued += 1;
      return new Response(JSON.stringify({ result: { token: token(`renewed-${issued}`, 900), refreshToken: `refresh-${issued}` } }), { status: 200 });
    }
    return new Response('{}', { status: api(request.headers.get('Authorization')) });
  };
  const storage = memoryStorage();
  const local = memoryStorage();
  local.setItem('cart', '[]');
  const session = new SessionStore(storage, [storage, local]);
  let signedOut = 0;
  const options = { baseUrl: 'http://api.test', session, fetch, onSignedOut: () => void (signedOut += 1) };
  const refresher = new TokenRefresher(options);
  return { calls, session, local, options, refresher, authFetch: createAuthFetch(options, refresher), signedOut: () => signedOut };
}

const bearer = (value: string | null) => value?.replace(/^Bearer /, '') ?? '';

describe('the authenticated fetch', () => {
  it('sends the stored token and a JSON content type with a body', async () => {
    const t = setup(() => 200);
    t.session.set({ token: token('first', 900), refreshToken: 'r0', userName: 'ana', appName: 'license' });
    await t.authFetch('http://api.test/api/v1/things', { method: 'POST', body: '{"a":1}' });
    expect(t.calls).toEqual([{ url: '/api/v1/things', auth: `Bearer ${t.session.get()!.token}`, contentType: 'application/json', body: '{"a":1}' }]);
  });

  it('renews an expired token before sending', async () => {
    const t = setup(() => 200);
    t.session.set({ token: token('old', -5), refreshToken: 'r0', userName: 'ana', appName: 'license' });
    await t.authFetch('http://api.test/api/v1/things');
    expect(t.calls.map((c) => c.url)).toEqual(['/api/Login/RefreshToken', '/api/v1/things']);
    expect(JSON.parse(t.calls[0].body)).toEqual({ RefreshToken: 'r0', UserName: 'ana', Appname: 'license' });
    expect(t.session.get()).toMatchObject({ refreshToken: 'refresh-1' });
  });

  it('on a 401 refreshes once and retries once, with the body sent again', async () => {
    const first = token('first', 900);
    // The server no longer accepts the first token (revoked privileges, restarted keys...).
    const t = setup((auth) => (bearer(auth) === first ? 401 : 200));
    t.session.set({ token: first, refreshToken: 'r0', userName: 'ana', appName: 'license' });
    const res = await t.authFetch('http://api.test/api/v1/things', { method: 'PUT', body: '{"x":2}' });
    expect(res.status).toBe(200);
    expect(t.calls.map((c) => c.url)).toEqual(['/api/v1/things', '/api/Login/RefreshToken', '/api/v1/things']);
    expect(t.calls[2].body).toBe('{"x":2}');
    expect(bearer(t.calls[2].auth)).toBe(t.session.get()!.token);
    expect(bearer(t.calls[2].auth)).not.toBe(first);
  });

  it('does not loop: a second 403 after the retry is the answer', async () => {
    const t = setup(() => 403);
    t.session.set({ token: token('first', 900), refreshToken: 'r0', userName: 'ana', appName: 'license' });
    const res = await t.authFetch('http://api.test/api/v1/things');
    expect(res.status).toBe(403);
    expect(t.calls.filter((c) => c.url === '/api/Login/RefreshToken')).toHaveLength(1);
    expect(t.calls.filter((c) => c.url === '/api/v1/things')).toHaveLength(2);
  });

  it('refreshes once for many concurrent callers (refresh tokens are single use)', async () => {
    const t = setup(() => 200);
    t.session.set({ token: token('old', -5), refreshToken: 'r0', userName: 'ana', appName: 'license' });
    await Promise.all([1, 2, 3, 4].map((i) => t.authFetch(`http://api.test/api/v1/things/${i}`)));
    expect(t.calls.filter((c) => c.url === '/api/Login/RefreshToken')).toHaveLength(1);
  });

  it('signs out, clearing both storages, when the refresh answers 401', async () => {
    const t = setup(
      () => 401,
      () => 401,
    );
    t.session.set({ token: token('first', 900), refreshToken: 'r0', userName: 'ana', appName: 'license' });
    const res = await t.authFetch('http://api.test/api/v1/things');
    expect(res.status).toBe(401);
    expect(t.session.get()).toBeUndefined();
    expect(t.local.getItem('cart')).toBeNull();
    expect(t.signedOut()).toBe(1);
  });

  it('sends nothing extra without a session', async () => {
    const t = setup(() => 200);
    await t.authFetch('http://api.test/license/api/parameter/GetAllRejectTypes');
    expect(t.calls).toEqual([{ url: '/license/api/parameter/GetAllRejectTypes', auth: null, contentType: null, body: '' }]);
  });
});

describe('serializeQuery', () => {
  it("sends the lists' JSON parameters as JSON text and the others as text", () => {
    const query = serializeQuery({ sort: ['packageName', 'ASC'], range: [0, 24], filter: { q: 'nómina', id: [1, 2] }, relevance: 'Alta', v: undefined });
    expect(new URLSearchParams(query).get('filter')).toBe('{"q":"nómina","id":[1,2]}');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      sort: '["packageName","ASC"]',
      range: '[0,24]',
      filter: '{"q":"nómina","id":[1,2]}',
      relevance: 'Alta',
    });
  });
});
