import { useEffect, useState, useSyncExternalStore } from 'react';

/** One clock for the page, ticking on the second while something listens to it. */
const listeners = new Set<() => void>();
let now = new Date();
let timer: ReturnType<typeof setTimeout> | undefined;

function tick() {
  now = new Date();
  timer = setTimeout(tick, 1000 - (Date.now() % 1000));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = new Date();
    timer = setTimeout(tick, 1000 - (Date.now() % 1000));
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/**
 * The current time, renewed every second, aligned to the clock's second: every countdown on the
 * page ticks together, and only the components that read it render again (not the whole page).
 */
export function useNow(): Date {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The clock's time; while nothing listens it is renewed when read a second or more later. */
function snapshot(): Date {
  if (listeners.size === 0 && Date.now() - now.getTime() >= 1000) now = new Date();
  return now;
}

/**
 * The time, renewed only at `next` (an instant something changes, such as an offer's end) rather
 * than every second; the page renders again then, and otherwise leaves the ticking to the countdowns.
 */
export function useNowAt(next: Date | undefined): Date {
  const [value, setValue] = useState(() => new Date());
  useEffect(() => {
    if (!next || next.getTime() <= value.getTime()) return;
    // setTimeout takes at most 2^31-1 ms (24.8 days): a later end is waited for in steps.
    const wait = Math.min(Math.max(next.getTime() - Date.now(), 0), 2 ** 31 - 1);
    const timer = setTimeout(() => setValue(new Date()), wait);
    return () => clearTimeout(timer);
  }, [next, value]);
  return value;
}
