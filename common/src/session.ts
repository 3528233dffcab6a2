/** The signed-in session as the browser keeps it (session storage, as the old product did). */
export interface StoredSession {
  token: string;
  refreshToken: string;
  userName: string;
  appName: string;
}

/** Claims of the access token that the front ends read. */
export interface TokenClaims {
  sub: string;
  sid: string;
  exp: number;
  unique_name: string;
  given_name: string;
  family_name: string;
  customer_id?: string;
  customer_type?: string;
  customer_value?: string;
  APPS: string | string[];
  LICENSE_ROLE: string | string[];
  PRIVILEGES?: string[];
}

const KEY = 'licencias.session';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export function decodeClaims(token: string): TokenClaims | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return JSON.parse(decodeURIComponent(escape(json))) as TokenClaims;
  } catch {
    return undefined;
  }
}

/** Expiry is checked against the current time, with a margin for clock skew and latency. */
export function isExpired(token: string, now = Date.now(), marginSeconds = 10): boolean {
  const claims = decodeClaims(token);
  return !claims || claims.exp * 1000 <= now + marginSeconds * 1000;
}

export function apps(claims: TokenClaims | undefined): string[] {
  if (!claims) return [];
  return [claims.APPS].flat().filter(Boolean);
}

export function privileges(claims: TokenClaims | undefined): string[] {
  return claims?.PRIVILEGES ?? [];
}

export function hasAny(claims: TokenClaims | undefined, required: readonly string[]): boolean {
  const own = privileges(claims);
  return required.some((p) => own.includes(p));
}

export class SessionStore {
  private listeners = new Set<(session: StoredSession | undefined) => void>();

  constructor(
    private readonly storage: KeyValueStorage,
    /** Storages wiped on sign-out (session and local storage). */
    private readonly allStorages: KeyValueStorage[] = [storage],
  ) {}

  get(): StoredSession | undefined {
    const raw = this.storage.getItem(KEY);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as StoredSession;
    } catch {
      return undefined;
    }
  }

  claims(): TokenClaims | undefined {
    const session = this.get();
    return session ? decodeClaims(session.token) : undefined;
  }

  set(session: StoredSession): void {
    this.storage.setItem(KEY, JSON.stringify(session));
    this.emit(session);
  }

  /** Signs out locally: clears every browser storage, as the specs require. */
  clear(): void {
    for (const storage of this.allStorages) storage.clear();
    this.emit(undefined);
  }

  subscribe(listener: (session: StoredSession | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(session: StoredSession | undefined): void {
    for (const listener of this.listeners) listener(session);
  }
}
