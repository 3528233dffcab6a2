#!/usr/bin/env node
// npm run bench:catalogue — starts the built app on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and measures, under concurrent clients, the package list with a text
// filter (resource API and GetPackages) and GetCustomersPaged with a filter. Load it first with
// npm run seed:large. Options (environment): BENCH_CLIENTS (20, or a list such as 5,10,20),
// BENCH_SECONDS (10), BENCH_PORT.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '20').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Licencias2026*';

/** Searches a user types in the package screens and the company picker (selective and broad). */
const PACKAGE_TERMS = ['empresarial 48', 'colnomina premium', 'firmaya pyme 7', 'LG-0912', 'corporativo 3', 'facturacion', 'avanzado 150', 'nómina básico 2'];
const CUSTOMER_TERMS = [
  'roble',
  'inversiones andina',
  '80001234',
  'laura rodríguez',
  'transportes del caribe',
  'laboratorios nariño',
  'contacto4567@',
  'sebastián',
];

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', VALIDATE_RESPONSES: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/health/ready`);
      if (res.ok) return (await res.json()).database;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`The app exited with code ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The app did not become ready');
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

/** `clients` loops, each sending its next request when the previous answer is read. */
async function load(name, request, seconds, clients) {
  const latencies = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const { url, headers } = request(i++);
        const t0 = performance.now();
        try {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    clients,
    requests: latencies.length,
    errors,
    rps: latencies.length / wall,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

try {
  const database = await waitReady();
  const login = await fetch(`${base}/api/Login/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'superadmin', Password: PASSWORD, Appname: 'license' }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const auth = { authorization: `Bearer ${(await login.json()).result.token}` };
  const total = async (path, headers = {}) => {
    const res = await fetch(`${base}${path}`, { headers: { ...auth, ...headers } });
    return res.headers.get('content-range') ?? JSON.stringify((await res.json()).result?.totalRecords);
  };
  console.log(`Catalogue benchmark: ${database}, ${CLIENT_COUNTS.join(', ')} clients × ${SECONDS} s per scenario (after ${WARMUP_SECONDS} s warm-up)`);
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  console.log(
    `Data: ${await total('/api/v1/packages?range=[0,0]')}, customers ${await total('/license/api/Customer/GetCustomersPaged', { registerNumber: '1' })}`,
  );

  const scenarios = [
    [
      'GET /api/v1/packages?filter={"q":…}&range=[0,24]',
      (i) => ({
        url: `${base}/api/v1/packages?range=[0,24]&filter=${encodeURIComponent(JSON.stringify({ q: PACKAGE_TERMS[i % PACKAGE_TERMS.length] }))}`,
        headers: auth,
      }),
    ],
    [
      'GET /license/api/Package/GetPackages (filter, 25 rows)',
      (i) => ({
        url: `${base}/license/api/Package/GetPackages`,
        headers: { ...auth, startRegister: '0', registerNumber: '25', filter: encodeURIComponent(PACKAGE_TERMS[i % PACKAGE_TERMS.length]) },
      }),
    ],
    [
      'GET /license/api/Customer/GetCustomersPaged (filter, 25 rows)',
      (i) => ({
        url: `${base}/license/api/Customer/GetCustomersPaged`,
        headers: { ...auth, startRegister: '0', registerNumber: '25', filter: encodeURIComponent(CUSTOMER_TERMS[i % CUSTOMER_TERMS.length]) },
      }),
    ],
  ];
  const results = [];
  for (const clients of CLIENT_COUNTS) {
    for (const [name, request] of scenarios) {
      await load(name, request, WARMUP_SECONDS, clients);
      const result = await load(name, request, SECONDS, clients);
      results.push(result);
      console.log(
        `${name}, ${clients} clients\n  ${result.requests} requests, ${result.errors} errors, ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
      );
    }
  }
  console.log('\n| scenario | clients | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(`| ${r.name} | ${r.clients} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
} finally {
  stop();
}
