#!/usr/bin/env node
// npm run lighthouse — Lighthouse performance of the store home (colnomina's /cart: the store's
// catalogue page) on the built app, mobile and desktop, with Debian's Chromium (CHROMIUM_PATH,
// /usr/bin/chromium) headless. The app runs with demo data on the embedded in-memory database, or on
// DATABASE_URL when set. Each form factor runs LH_RUNS times (3); the median score and its metrics are
// printed with the target (95), and the main thread's work and long tasks of that run. Options: LH_PORT
// (a free port), LH_PATH (/cart), LH_BRAND (colnomina), LH_ONLY (mobile or desktop), LH_REPORT (a
// folder: each run's full JSON report is written there, to read its trace-based audits).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const RUNS = Number(env.LH_RUNS ?? 3);
const TARGET = 95;
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const PORT = Number(env.LH_PORT ?? (await freePort()));
const url = `http://${env.LH_BRAND ?? 'colnomina'}.localhost:${PORT}${env.LH_PATH ?? '/cart'}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
const started = (child) => {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};

async function waitFor(check, what, child) {
  for (let i = 0; i < 1200; i++) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

const app = started(
  spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      DEMO_DATA: 'true',
      ...(env.DATABASE_URL ? {} : { DATABASE_IN_MEMORY: 'true' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
await waitFor(async () => (await fetch(`http://127.0.0.1:${PORT}/health/ready`)).ok, 'the app', app);

const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
const debugPort = await freePort();
const chromium = started(
  spawn(
    env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      'about:blank',
    ],
    { stdio: 'ignore' },
  ),
);
await waitFor(async () => (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok, 'Chromium', chromium);

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
console.log(`Lighthouse on ${url}, ${RUNS} runs per form factor; load average at start ${load()}`);
const results = [];
const FORMS = [
  ['mobile', undefined],
  ['desktop', desktopConfig],
].filter(([name]) => !env.LH_ONLY || env.LH_ONLY === name);
for (const [name, config] of FORMS) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    let lhr;
    // A trace Chromium did not record (NO_NAVSTART, now and then on this VM) is Lighthouse's own failure: that run again, twice at most.
    for (let tries = 1; ; tries++) {
      lhr = (await lighthouse(url, { port: debugPort, onlyCategories: ['performance'], logLevel: 'error', output: 'json' }, config)).lhr;
      if (!lhr.runtimeError) break;
      if (tries === 3) throw new Error(`${name}: ${lhr.runtimeError.message}`);
      console.log(`${name} run ${i + 1}: ${lhr.runtimeError.code}, run again`);
    }
    runs.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), audits: lhr.audits, benchmarkIndex: lhr.environment?.benchmarkIndex });
    if (env.LH_REPORT) {
      mkdirSync(env.LH_REPORT, { recursive: true });
      writeFileSync(join(env.LH_REPORT, `${name}-${i + 1}.json`), JSON.stringify(lhr));
    }
  }
  runs.sort((a, b) => a.score - b.score);
  const median = runs[Math.floor(runs.length / 2)];
  const metrics = METRICS.map(([id, label]) => `${label} ${median.audits[id].displayValue}`).join(', ');
  console.log(`${name.padEnd(8)} ${median.score} (runs ${runs.map((r) => r.score).join(', ')}): ${metrics}`);
  // Lighthouse's CPU speed mark of this machine at each run: the simulated phone's slowdown is applied on top of it.
  console.log(`         benchmarkIndex ${runs.map((r) => Math.round(r.benchmarkIndex ?? 0)).join(', ')}`);
  // Where the main thread's time went (script evaluation, style and layout...) and its longest tasks.
  const work = (median.audits['mainthread-work-breakdown']?.details?.items ?? [])
    .slice(0, 4)
    .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`)
    .join(', ');
  if (work) console.log(`         main thread: ${work}`);
  const longTasks = (median.audits['long-tasks']?.details?.items ?? [])
    .slice(0, 4)
    .map((task) => `${String(task.url ?? '').replace(/^.*\//, '') || 'other'} ${Math.round(task.duration)} ms`)
    .join(', ');
  if (longTasks) console.log(`         long tasks: ${longTasks}`);
  const shifts = median.audits['layout-shifts']?.details?.items ?? [];
  if (env.LH_DEBUG) console.log(JSON.stringify(shifts, null, 1).slice(0, 4000));
  for (const shift of shifts.slice(0, 3))
    console.log(`         shift ${Number(shift.score).toFixed(3)} ${shift.node?.selector ?? ''} ${shift.node?.nodeLabel ?? ''}`.trimEnd());
  results.push([name, median.score]);
}
console.log(`Load average at the end ${load()}`);
for (const [name, score] of results) console.log(`  ${score >= TARGET ? 'met    ' : 'NOT met'}  ${name} ≥ ${TARGET}: ${score}`);
chromium.kill('SIGTERM');
app.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
rmSync(profile, { recursive: true, force: true });
process.exit(0);
