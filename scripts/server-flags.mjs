// The Node flags the server runs with: npm start, bench:boot and bench:floor use these; the
// Dockerfile writes them out. --max-semi-space-size=8 (MB): V8 otherwise lets the young generation
// grow to 64 MB per semi-space, and those pages stay resident. Measured on this 2-core machine
// (docs/benchmarks.md, "Start and memory"): idle RSS 226 -> 175 MB and after a load 360 -> ~270 MB,
// with req/s no lower; at 4 MB more survives into the old generation and the loaded RSS grows again.
export const SERVER_FLAGS = ['--max-semi-space-size=8'];
