// The benchmarks' common parts: the built app as a server on a free port, the superadmin's sign-in,
// a closed-loop load of N clients for S seconds (after a warm-up), percentiles and the server's RSS.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_FLAGS } from './server-flags.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export const elapsed = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** backend/dist/main.js on `databaseUrl` (logging at warn, responses not validated, no outbox worker), once /health/ready answers. */
export async function startApp(databaseUrl, env = process.env) {
  const port = Number(env.BENCH_PORT ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...SERVER_FLAGS, join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: { ...env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', VALIDATE_RESPONSES: 'false', OUTBOX_WORKER: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', stop);
  const rssMb = () => {
    const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (server.exitCode !== null || i > 480) throw new Error(`the app did not get ready (exit ${server.exitCode})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop, rssMb };
}

/** The superadmin's bearer header (DEMO_PASSWORD, the demo's by default). */
export async function signInSuperadmin(base, password = process.env.DEMO_PASSWORD ?? 'Licencias2026*') {
  const login = await fetch(`${base}/api/Login/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'superadmin', Password: password, Appname: 'license' }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${(await login.json()).result.token}` };
}

/**
 * `call(i)` by `clients` clients in a closed loop for `seconds` after a `warmup`: requests, errors
 * (any status but 200), req/s and p50/p95/p99 in ms. The first answer must be a 200 (its size is kept).
 */
export async function measure(name, call, { clients, seconds, warmup = 2 }) {
  const first = await call(0);
  const sample = await first.text();
  if (first.status !== 200) throw new Error(`${name}: ${first.status} ${sample.slice(0, 300)}`);
  const run = async (duration) => {
    const latencies = [];
    let errors = 0;
    let i = 0;
    const started = performance.now();
    const end = started + duration * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            const res = await call(i++);
            await res.arrayBuffer();
            if (res.status !== 200) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const wall = (performance.now() - started) / 1000;
    return {
      name,
      clients,
      bytes: sample.length,
      requests: latencies.length,
      errors,
      rps: latencies.length / wall,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    };
  };
  await run(warmup);
  const result = await run(seconds);
  console.log(
    `${name}, ${clients} clients, ${result.bytes} bytes\n  ${result.requests} requests, ${result.errors} errors, ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
  );
  return result;
}

/** GET `url` to the end, its bytes counted as they stream, with the server's RSS sampled every 50 ms. */
export async function download(url, headers, rssMb) {
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    const ms = performance.now() - t0;
    peak = Math.max(peak, rssMb());
    return { ms, bytes, before, peak, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

export function printTable(results) {
  console.log(`\n| scenario | clients | bytes | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|---|`);
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.clients} | ${r.bytes} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
    );
}
