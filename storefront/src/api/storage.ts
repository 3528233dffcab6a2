import type { KeyValueStorage } from '@licencias/common/session';

/** A storage kept in memory: used when the browser refuses web storage, and for public calls. */
export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

function browserStorage(kind: 'sessionStorage' | 'localStorage'): KeyValueStorage {
  try {
    const storage = window[kind];
    const probe = '__licencias_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    // Private modes and disabled storage: the session lasts as long as the page.
    return memoryStorage();
  }
}

/** Where the session lives (as the old product kept it). */
export const sessionStorageArea = browserStorage('sessionStorage');
/** Cleared on sign-out together with the session storage, as the specs require. */
export const localStorageArea = browserStorage('localStorage');
