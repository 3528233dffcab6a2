import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Collects the start's garbage once, just after the server listens. Loading ~2,100 modules,
 * MikroORM's discovery and the reference seed leave tens of MB that nothing will use again, and an
 * idle server allocates too little for V8 to collect them on its own: they stayed resident until
 * the first requests (idle RSS 170 → ~145 MB, docs/benchmarks.md "Start and memory"). One
 * last-resort collection (compacting, returning freed pages) blocks the loop ~0.1 s, once.
 */
export function collectStartGarbage(delayMs = 300): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc;
  setTimeout(() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }), delayMs).unref();
}
