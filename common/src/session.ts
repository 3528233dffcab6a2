import { decodeClaims, type TokenClaims } from './claims.js';

/** The signed-in session as the browser keeps it (session storage, as the old product did). */
export interface StoredSession {
  token: string;
  refreshToken: string;
  userName: string;
  appName: string;
}

const KEY = 'licencias.session';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** A storage kept in memory: when the browser refuses web storage, for public calls, and in tests. */
export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** The browser's session or local storage, or one in memory where it is refused (private modes). */
export function browserStorage(kind: 'sessionStorage' | 'localStorage'): KeyValueStorage {
  try {
    const storage = window[kind];
    const probe = '__licencias_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    // The session lasts as long as the page.
    return memoryStorage();
  }
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
