#!/usr/bin/env node
// node scripts/profile-reads.mjs — CPU profiles of the built app (backend/dist) under wrk load, one
// per read, summarized: the share of CPU by package, the top self-time frames, the GC share and the
// bytes allocated per request. The app runs pinned to CPU 1 with scripts/profile-preload.mjs, which
// profiles only while the load runs (not the start); wrk runs pinned to CPU 0. Needs DATABASE_URL
// (a PostgreSQL server); the data goes into PROFILE_DATABASE (licencias_floor, as bench:floor: the
// database must exist; the app's first start migrates it and adds the demo data).
// Options: PROFILE_SECONDS (10), PROFILE_READS (comma-separated names), PROFILE_DIR (a temp dir),
// PROFILE_TOP (15), BENCH_PORT (3260). `npm run profile:reads` builds the backend first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const SECONDS = Number(env.PROFILE_SECONDS ?? 10);
const TOP = Number(env.PROFILE_TOP ?? 15);
const PORT = Number(env.BENCH_PORT ?? 3260);
const PASSWORD = env.DEMO_PASSWORD ?? 'Licencias2026*';
const dir = env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'profile-reads-'));
mkdirSync(dir, { recursive: true });

if (!env.DATABASE_URL) {
  console.error('profile-reads needs DATABASE_URL (a PostgreSQL server; the database PROFILE_DATABASE is used on it).');
  process.exit(2);
}
const databaseUrl = Object.assign(new URL(env.DATABASE_URL), { pathname: `/${env.PROFILE_DATABASE ?? 'licencias_floor'}` }).toString();

const READS = [
  { name: 'GetAllDocumentTypes', path: '/license/api/parameter/GetAllDocumentTypes' },
  { name: 'GetListStatesAndCities', path: '/license/api/parameter/GetListStatesAndCities' },
  { name: 'GetPackages', path: '/license/api/Package/GetPackages', headers: { startRegister: '0', registerNumber: '25' }, staff: true },
  { name: 'packages', path: '/api/v1/packages?range=%5B0%2C24%5D', staff: true },
].filter((read) => !env.PROFILE_READS || env.PROFILE_READS.split(',').includes(read.name));

const pinned = (cpu, command, args) =>
  cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0 ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The app's own process (taskset execs node, so the pid is the same). */
const [command, args] = pinned('1', process.execPath, ['--import', join(root, 'scripts/profile-preload.mjs'), join(root, 'backend/dist/main.js')]);
const app = spawn(command, args, {
  cwd: root,
  env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', VALIDATE_RESPONSES: 'false', PROFILE_DIR: dir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => app.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/health/ready`)).ok) break;
  } catch {
    // not listening yet
  }
  if (app.exitCode !== null || i > 2400) throw new Error('the app did not start');
  await sleep(50);
}
const login = await fetch(`${base}/api/Login/Authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ UserName: 'superadmin', Password: PASSWORD, Appname: 'license' }),
});
if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
const token = (await login.json()).result.token;

function wrk(read, seconds) {
  const headers = { ...(read.staff ? { authorization: `Bearer ${token}` } : {}), ...(read.headers ?? {}) };
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const [c, a] = pinned('0', 'wrk', ['-t1', '-c10', `-d${seconds}s`, ...headerArgs, `${base}${read.path}`]);
  const run = spawnSync(c, a, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  return { requests: Number(/(\d+) requests in/.exec(run.stdout)?.[1]), rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]) };
}

/** Where a frame's code lives: a package of node_modules, the app, Node's internals, or V8. */
function owner(url) {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/backend/dist/')) return 'app';
  return url;
}
const frameName = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/backend\/dist\//, 'app:')}:${lineNumber + 1}` : ''}`.trim();
const pct = (n, total) => `${((100 * n) / total).toFixed(1)} %`;

function summarize(read, out, load) {
  const profile = JSON.parse(readFileSync(`${out}.cpuprofile`, 'utf8'));
  const gc = JSON.parse(readFileSync(`${out}.gc.json`, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  const idle = [...selfSamples].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((s, [, n]) => s + n, 0);
  const active = profile.samples.length - idle;
  const byFrame = new Map();
  const byOwner = new Map();
  for (const [id, n] of selfSamples) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') continue;
    const name = frameName(callFrame);
    byFrame.set(name, (byFrame.get(name) ?? 0) + n);
    const o = callFrame.functionName.startsWith('(') ? callFrame.functionName : owner(callFrame.url);
    byOwner.set(o, (byOwner.get(o) ?? 0) + n);
  }
  // Bytes allocated: what each GC found in use, less what the previous one left, plus the growth since the last.
  let allocated = 0;
  let previous = gc.usedAtStart;
  let gcMs = 0;
  const kinds = {};
  for (const s of gc.statistics) {
    allocated += s.beforeGC.heapStatistics.usedHeapSize - previous;
    previous = s.afterGC.heapStatistics.usedHeapSize;
    gcMs += s.cost / 1000;
    kinds[s.gcType] = (kinds[s.gcType] ?? 0) + 1;
  }
  allocated += gc.usedAtEnd - previous;
  const gcSamples = byOwner.get('(garbage collector)') ?? 0;
  console.log(
    `\n### ${read.name} (${load.requests} requests in ${SECONDS} s, ${load.rps.toFixed(0)} req/s under the profiler; load average ${loadavg()[0].toFixed(1)})\n`,
  );
  console.log(
    `CPU busy ${pct(active, profile.samples.length)} of the samples; GC ${pct(gcSamples, active)} of the busy samples (V8: ${gc.statistics.length} collections, ${Object.entries(
      kinds,
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(
        ', ',
      )}, ${gcMs.toFixed(0)} ms = ${pct(gcMs, gc.wallMs)} of the wall time); about ${(allocated / load.requests / 1024).toFixed(1)} kB allocated per request\n`,
  );
  console.log('| where | self time |\n|---|---|');
  for (const [o, n] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`| ${o} | ${pct(n, active)} |`);
  console.log('\n| frame | self time |\n|---|---|');
  for (const [f, n] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| \`${f}\` | ${pct(n, active)} |`);
}

console.log(
  `Profiles in ${dir}; ${SECONDS} s of load per read, wrk -c10 on CPU 0, the app on CPU 1; load average at start ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [i, read] of READS.entries()) {
  const out = join(dir, String(i + 1));
  wrk(read, 2); // warm-up
  process.kill(app.pid, 'SIGWINCH');
  await sleep(200);
  const load = wrk(read, SECONDS);
  process.kill(app.pid, 'SIGWINCH');
  for (let i = 0; !existsSync(`${out}.gc.json`) && i < 200; i++) await sleep(50);
  summarize(read, out, load);
}
app.kill('SIGTERM');
