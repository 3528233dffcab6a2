import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';
import { isExpired } from './claims.js';
import type { SessionStore, StoredSession } from './session.js';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  baseUrl?: string;
  session: SessionStore;
  /** Called when the session cannot be renewed (refresh answered 401): the app signs out. */
  onSignedOut?: () => void;
  fetch?: typeof fetch;
}

const REFRESH_PATH = '/api/Login/RefreshToken';

/**
 * Renews the token pair once for any number of concurrent callers: refresh tokens are single
 * use, so two parallel refreshes would end the session.
 */
export class TokenRefresher {
  private inFlight?: Promise<StoredSession | undefined>;

  constructor(private readonly options: ApiClientOptions) {}

  refresh(): Promise<StoredSession | undefined> {
    this.inFlight ??= this.doRefresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async doRefresh(): Promise<StoredSession | undefined> {
    const current = this.options.session.get();
    if (!current) return undefined;
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const res = await doFetch(`${this.options.baseUrl ?? ''}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ RefreshToken: current.refreshToken, UserName: current.userName, Appname: current.appName }),
    });
    if (res.status === 401 || res.status === 400) {
      this.options.session.clear();
      this.options.onSignedOut?.();
      return undefined;
    }
    if (!res.ok) throw new Error(`No fue posible renovar la sesión (${res.status})`);
    const body = (await res.json()) as { result: { token: string; refreshToken: string } };
    const next = { ...current, token: body.result.token, refreshToken: body.result.refreshToken };
    this.options.session.set(next);
    return next;
  }

  /** A current access token: renewed first when the stored one has expired. */
  async validToken(): Promise<string | undefined> {
    const session = this.options.session.get();
    if (!session) return undefined;
    if (!isExpired(session.token)) return session.token;
    return (await this.refresh())?.token;
  }
}

/**
 * fetch with the session: JSON content type, `Authorization: Bearer` from the stored token
 * (renewed when expired), and on a 401 or 403 one refresh and one retry.
 */
export function createAuthFetch(options: ApiClientOptions, refresher = new TokenRefresher(options)) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const original = input instanceof Request && !init ? input : new Request(input, init);
    // `new Request` gives a string body the type text/plain: JSON unless the caller chose a type.
    const jsonString = typeof init?.body === 'string' && !new Headers(init.headers).has('Content-Type');
    // Kept unread so the request can be sent a second time after a refresh.
    const spare = original.clone();
    const send = (request: Request, token: string | undefined) => {
      const headers = new Headers(request.headers);
      if (jsonString || (!headers.has('Content-Type') && request.body)) headers.set('Content-Type', 'application/json');
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return doFetch(new Request(request, { headers }));
    };
    const token = await refresher.validToken();
    const response = await send(original, token);
    if ((response.status === 401 || response.status === 403) && token) {
      const renewed = await refresher.refresh();
      if (renewed) return send(spare, renewed.token);
    }
    return response;
  };
}

/**
 * Query strings as the contract declares them: a value that is an object or an array (the resource
 * lists' `sort`, `range` and `filter`, declared as `content: application/json`) travels as JSON text,
 * anything else as its text.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

/** The typed client of the whole contract, with the session middleware. */
export function createApiClient(options: ApiClientOptions): { api: ApiClient; refresher: TokenRefresher; authFetch: ReturnType<typeof createAuthFetch> } {
  const refresher = new TokenRefresher(options);
  const authFetch = createAuthFetch(options, refresher);
  const api = createClient<paths>({ baseUrl: options.baseUrl ?? '', fetch: (request: Request) => authFetch(request), querySerializer: serializeQuery });
  const json: Middleware = {
    onRequest({ request }) {
      // Only with a body: a JSON content type on an empty body is refused by the server (400).
      if (request.body && !request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json');
      return request;
    },
  };
  api.use(json);
  return { api, refresher, authFetch };
}

export { type StoredSession } from './session.js';
