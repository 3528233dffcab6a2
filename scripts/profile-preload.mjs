// Loaded with `node --import` by scripts/profile-reads.mjs into the built app: the first SIGWINCH
// (a signal Nest's shutdown hooks leave alone)
// starts a CPU profile (node:inspector) and a GC record (v8.GCProfiler); the second stops both and
// writes them into PROFILE_DIR as `<n>.cpuprofile` and `<n>.gc.json` (n = 1, 2, ... per profile),
// so a profile covers the load only, not the start. PROFILE_HEAP=1 adds a sampled allocation profile (`<n>.heapprofile`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { GCProfiler, getHeapStatistics } from 'node:v8';

const dir = process.env.PROFILE_DIR ?? '.';
let running;
let count = 0;

process.on('SIGWINCH', () => {
  void (async () => {
    if (!running) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      // PROFILE_HEAP: also where the load allocates (sampled every 32 KB), written as `<n>.heapprofile`.
      if (process.env.PROFILE_HEAP)
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 32768,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      const gc = new GCProfiler();
      gc.start();
      running = { session, gc, usedAtStart: getHeapStatistics().used_heap_size, start: performance.now() };
      return;
    }
    const { session, gc, usedAtStart, start } = running;
    running = undefined;
    const { profile } = await session.post('Profiler.stop');
    const heap = process.env.PROFILE_HEAP ? (await session.post('HeapProfiler.stopSampling')).profile : null;
    const record = gc.stop();
    const usedAtEnd = getHeapStatistics().used_heap_size;
    session.disconnect();
    const out = join(dir, String(++count));
    writeFileSync(`${out}.cpuprofile`, JSON.stringify(profile));
    if (heap) writeFileSync(`${out}.heapprofile`, JSON.stringify(heap));
    writeFileSync(`${out}.gc.json`, JSON.stringify({ wallMs: performance.now() - start, usedAtStart, usedAtEnd, statistics: record?.statistics ?? [] }));
  })();
});
