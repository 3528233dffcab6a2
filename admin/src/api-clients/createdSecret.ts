import { useSyncExternalStore } from 'react';
import type { ApiClientCreated } from './types';

/**
 * The client just created, with its secret, held in memory outside the screen: the layout
 * remounts the page when the window crosses the phone breakpoint (a phone turned sideways), and
 * the secret must not vanish with it. Never stored: it is gone when the dialog closes or the tab.
 */
let created: ApiClientCreated | undefined;
const listeners = new Set<() => void>();

export function showCreatedSecret(client: ApiClientCreated | undefined) {
  created = client;
  for (const listener of listeners) listener();
}

export function useCreatedSecret(): ApiClientCreated | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => created,
  );
}
