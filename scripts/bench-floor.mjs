#!/usr/bin/env node
// npm run bench:floor — the app's reads side by side with their floors, in one run:
//   app  the built app on PostgreSQL (logging at warn, responses not validated, as in production);
//   mem  a bare Fastify answering the same bytes from memory (scripts/bench-floor-bare.mjs);
//   pg   for database reads, a bare Fastify running the same SQL through `pg`.
// The servers run pinned to one CPU (BENCH_SERVER_CPU, 1) and wrk to the other (BENCH_LOAD_CPU, 0);
// rounds alternate the order of the targets, and the median of the rounds is reported. Also prints
// the app's warm start to /health/ready and its resident memory idle and after the load, then each
// target met or not. Needs DATABASE_URL (a PostgreSQL server); the data goes into the database
// BENCH_DATABASE (licencias_floor, created when missing, demo data). Options: BENCH_ROUNDS (3),
// BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_PORT (3250; the floors use the next port).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_FLAGS } from './server-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(env.BENCH_PORT ?? 3250);
const BARE_PORT = PORT + 1;
const SERVER_CPU = env.BENCH_SERVER_CPU ?? '1';
const LOAD_CPU = env.BENCH_LOAD_CPU ?? '0';
const PASSWORD = env.DEMO_PASSWORD ?? 'Licencias2026*';

if (!env.DATABASE_URL) {
  console.error('bench:floor needs DATABASE_URL (a PostgreSQL server; the database BENCH_DATABASE is created on it).');
  process.exit(2);
}
const serverUrl = new URL(env.DATABASE_URL);
const databaseName = env.BENCH_DATABASE ?? 'licencias_floor';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

/** Reads, with the request wrk sends; `pg` names the floor that runs the same SQL, if any. */
const READS = [
  { name: 'GetAllDocumentTypes', path: '/license/api/parameter/GetAllDocumentTypes', kind: 'public' },
  { name: 'GetListStatesAndCities', path: '/license/api/parameter/GetListStatesAndCities', kind: 'public' },
  { name: 'GetPackagesByServiceName', path: '/license/api/package/GetPackagesByServiceName/colnomina', kind: 'public' },
  { name: 'GetPackages', path: '/license/api/Package/GetPackages', headers: { startRegister: '0', registerNumber: '25' }, staff: true, kind: 'staff' },
  { name: 'packages', label: '/api/v1/packages', path: '/api/v1/packages?range=%5B0%2C24%5D', staff: true, kind: 'staff' },
];
const TARGETS = { publicVsMem: 0.7, staffVsPg: 0.5, staffVsMem: 0.25, idleRssMb: 150, loadedRssMb: 250, warmStartS: 2 };

const pinned = (cpu, command, args) =>
  cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0 ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];

const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

function startServer(script, port, extraEnv, flags = []) {
  const [command, args] = pinned(SERVER_CPU, process.execPath, [...flags, script]);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const stopServer = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function waitFor(url, child) {
  for (let i = 0; i < 2400; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer`);
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function startApp() {
  return startServer(join(root, 'backend/dist/main.js'), PORT, { LOG_LEVEL: env.LOG_LEVEL ?? 'warn', VALIDATE_RESPONSES: 'false' }, SERVER_FLAGS);
}

/** wrk's figures: req/s, p50 and p99 in ms. */
function wrk(url, headers, seconds) {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const [command, args] = pinned(LOAD_CPU, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headerArgs, url]);
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const out = run.stdout;
  const ms = (p) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
    return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  if (non2xx || errors) console.warn(`  ${url}: ${non2xx} non-2xx answers${errors ? `, socket errors ${errors}` : ''}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN), p50: ms(50), p99: ms(99) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// The database, with the app's migrations and demo data (the first start creates them).
const admin = new pg.Client({ connectionString: env.DATABASE_URL });
await admin.connect();
if (!(await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount) {
  await admin.query(`create database "${databaseName.replaceAll('"', '""')}"`);
  console.log(`Created database ${databaseName}`);
}
await admin.end();

const base = `http://127.0.0.1:${PORT}`;
console.log(`Floor benchmark: ${ROUNDS} rounds × ${SECONDS} s per target, ${CONNECTIONS} connections, servers on CPU ${SERVER_CPU}, wrk on CPU ${LOAD_CPU}`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}; load average at start ${load()}`,
);

let app = startApp();
await waitFor(`${base}/health/ready`, app);
await stopServer(app);
// Warm start: migrations applied, reference data present; the time to /health/ready.
const t0 = performance.now();
app = startApp();
await waitFor(`${base}/health/ready`, app);
const warmStartS = (performance.now() - t0) / 1000;
await new Promise((r) => setTimeout(r, 3000));
const idleRss = rssMb(app.pid);

const login = await fetch(`${base}/api/Login/Authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ UserName: 'superadmin', Password: PASSWORD, Appname: 'license' }),
});
if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
const token = (await login.json()).result.token;
const requestHeaders = (read) => ({ ...(read.staff ? { authorization: `Bearer ${token}` } : {}), ...(read.headers ?? {}) });

// The app's answers are what the in-memory floor sends back.
const fixtures = [];
for (const read of READS) {
  const res = await fetch(`${base}${read.path}`, { headers: requestHeaders(read) });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${read.name}: ${res.status} ${body}`);
  fixtures.push({ name: read.name, status: res.status, contentType: res.headers.get('content-type'), body: body.toString('base64') });
  read.bytes = body.length;
}
const fixturesFile = join(tmpdir(), `bench-floor-${process.pid}.json`);
writeFileSync(fixturesFile, JSON.stringify(fixtures));
const bare = startServer(join(root, 'scripts/bench-floor-bare.mjs'), BARE_PORT, { FLOOR_FIXTURES: fixturesFile });
const bareBase = `http://127.0.0.1:${BARE_PORT}`;
await waitFor(`${bareBase}/mem/GetAllDocumentTypes`, bare);

const results = new Map(); // `${read}|${target}` -> [{rps, p50, p99}]
for (let round = 0; round < ROUNDS; round++) {
  for (const read of READS) {
    const targets = [['app', `${base}${read.path}`], ['mem', `${bareBase}/mem/${read.name}`], ...(read.staff ? [['pg', `${bareBase}/pg/${read.name}`]] : [])];
    // Rotate the order each round, so no target always runs first (or right after another).
    for (let i = 0; i < targets.length; i++) {
      const [target, url] = targets[(i + round) % targets.length];
      if (round === 0) wrk(url, requestHeaders(read), 1); // warm-up
      const r = wrk(url, requestHeaders(read), SECONDS);
      const key = `${read.name}|${target}`;
      results.set(key, [...(results.get(key) ?? []), r]);
    }
  }
  console.log(`round ${round + 1} done (load average ${load()})`);
}
const loadedRss = rssMb(app.pid);
await Promise.all([stopServer(app), stopServer(bare)]);

const figure = (read, target) => {
  const runs = results.get(`${read}|${target}`);
  return runs && { rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)) };
};
console.log(`\nLoad average at the end ${load()}\n`);
console.log('| read | bytes | app req/s | app p50 / p99 ms | mem req/s | mem p50 / p99 ms | pg req/s | pg p50 / p99 ms | app/mem | app/pg |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const checks = [];
for (const read of READS) {
  const [a, m, p] = ['app', 'mem', 'pg'].map((t) => figure(read.name, t));
  const lat = (f) => (f ? `${f.p50.toFixed(2)} / ${f.p99.toFixed(2)}` : '—');
  const vsMem = a.rps / m.rps;
  const vsPg = p ? a.rps / p.rps : undefined;
  console.log(
    `| ${read.label ?? read.name} | ${read.bytes} | ${a.rps.toFixed(0)} | ${lat(a)} | ${m.rps.toFixed(0)} | ${lat(m)} | ${p ? p.rps.toFixed(0) : '—'} | ${lat(p)} | ${vsMem.toFixed(3)} | ${vsPg?.toFixed(3) ?? '—'} |`,
  );
  if (read.kind === 'public') checks.push([`${read.name} app/mem ≥ ${TARGETS.publicVsMem}`, vsMem >= TARGETS.publicVsMem, vsMem.toFixed(3)]);
  else {
    checks.push([`${read.label ?? read.name} app/pg ≥ ${TARGETS.staffVsPg}`, vsPg >= TARGETS.staffVsPg, vsPg.toFixed(3)]);
    checks.push([`${read.label ?? read.name} app/mem ≥ ${TARGETS.staffVsMem}`, vsMem >= TARGETS.staffVsMem, vsMem.toFixed(3)]);
  }
}
checks.push([`warm start to /health/ready ≤ ${TARGETS.warmStartS} s`, warmStartS <= TARGETS.warmStartS, `${warmStartS.toFixed(2)} s`]);
checks.push([`idle RSS ≤ ${TARGETS.idleRssMb} MB`, idleRss <= TARGETS.idleRssMb, `${idleRss.toFixed(0)} MB`]);
checks.push([`RSS after the load ≤ ${TARGETS.loadedRssMb} MB`, loadedRss <= TARGETS.loadedRssMb, `${loadedRss.toFixed(0)} MB`]);
console.log('\nTargets:');
for (const [name, met, value] of checks) console.log(`  ${met ? 'met    ' : 'NOT met'}  ${name}: ${value}`);
