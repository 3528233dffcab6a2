// The Node flags the server runs with: npm start, bench:boot and bench:floor use these; the
// Dockerfile writes them out. Measured on this 2-core machine (docs/benchmarks.md, "Start and
// memory"):
// - --max-semi-space-size=16 (MB): V8 otherwise lets the young generation grow to 64 MB per
//   semi-space, and those pages stay resident (idle RSS 226 -> 175 MB at 8). 8 was the first
//   choice; under RegisterPurchaseOrder's load (32 buyers, bench:orders) it made a scavenge every
//   ~28 ms of ~2.3 ms each (8 % of the CPU) and promoted in-flight requests to the old generation:
//   16 gave ~25 % more orders/s and p99 153 -> 85-134 ms, idle RSS 140 -> 144 MB, peak 193 -> 192 MB
//   (bench:boot); 32 no better for orders and peak 225 MB. At 4 MB more survives into the old
//   generation and the loaded RSS grows again.
// - --liftoff-only, embedded database only: PGlite is PostgreSQL compiled to WebAssembly, and
//   V8's optimising compiler took ~500 MB and most of a CPU second compiling it in the background
//   at every start (peak RSS 950 -> 365 MB); its baseline code even ran 300 catalogue queries
//   faster on this loaded machine (1.2-1.6 s against 2.2 s). Nothing else here is WebAssembly.
export const SERVER_FLAGS = ['--max-semi-space-size=16'];

/** The flags for a server started with this environment (embedded when DATABASE_URL is unset). */
export const serverFlags = (env) => [...SERVER_FLAGS, ...(env.DATABASE_URL ? [] : ['--liftoff-only'])];
