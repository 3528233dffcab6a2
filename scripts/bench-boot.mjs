#!/usr/bin/env node
// npm run bench:boot — the built app's warm start and memory, under /usr/bin/time -v: for the
// embedded database (a scratch DATA_DIR) and, when DATABASE_URL is set, for PostgreSQL (the
// database BENCH_DATABASE, licencias_floor, created when missing). Each mode starts once to create
// and migrate its data, then again: the time to /health/ready, the resident memory 3 s later
// (idle), the peak resident memory of the whole run (time's "Maximum resident set size") and the
// CPU time it used (user + system: a steadier measure of boot work than wall time on a shared machine).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverFlags } from './server-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3252);
const TARGETS = { postgresql: { startS: 2, idleMb: 150 }, embedded: { startS: 3, peakMb: 700 } };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const children = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** Starts the app (under time -v when `timed`), waits for /health/ready, returns its figures once stopped. */
async function run(env, timed) {
  const args = [process.execPath, ...serverFlags({ ...process.env, ...env }), join(root, 'backend/dist/main.js')];
  // time's report goes to a file: on the shared stderr pipe it arrived cut short.
  const report = join(tmpdir(), `licencias-boot-time-${process.pid}.txt`);
  const started = performance.now();
  const child = spawn(timed ? '/usr/bin/time' : args[0], timed ? ['-v', '-o', report, ...args] : args.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('close', resolve));
  let readyS;
  for (let i = 0; i < 6000 && readyS === undefined; i++) {
    if (child.exitCode !== null) throw new Error(`The app exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health/ready`)).ok) readyS = (performance.now() - started) / 1000;
    } catch {
      await sleep(20);
    }
  }
  await sleep(3000);
  const node = timed ? children(child.pid)[0] : child.pid;
  const idleMb = rssMb(node);
  process.kill(node, 'SIGTERM');
  await exited;
  if (!timed) return { readyS, idleMb, peakMb: NaN, cpuS: NaN };
  const text = readFileSync(report, 'utf8');
  rmSync(report, { force: true });
  const field = (name) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(text)?.[1] ?? NaN);
  const peakMb = field('Maximum resident set size \\(kbytes\\)') / 1024;
  const cpuS = field('User time \\(seconds\\)') + field('System time \\(seconds\\)');
  return { readyS, idleMb, peakMb, cpuS };
}

console.log(`Boot benchmark: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}`);
const results = [];
if (process.env.DATABASE_URL) {
  const name = process.env.BENCH_DATABASE ?? 'licencias_floor';
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount)
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();
  const env = { DATABASE_URL: Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${name}` }).toString() };
  await run(env, false);
  results.push(['postgresql', await run(env, true)]);
}
const dataDir = mkdtempSync(join(tmpdir(), 'licencias-boot-'));
try {
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  await run(env, false);
  results.push(['embedded', await run(env, true)]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log('\n| database | warm start to /health/ready | CPU time of the run | RSS idle (3 s after) | peak RSS |\n|---|---|---|---|---|');
for (const [mode, r] of results)
  console.log(`| ${mode} | ${r.readyS.toFixed(2)} s | ${r.cpuS.toFixed(2)} s | ${r.idleMb.toFixed(0)} MB | ${r.peakMb.toFixed(0)} MB |`);
console.log('\nTargets:');
for (const [mode, r] of results) {
  const t = TARGETS[mode];
  const line = (ok, text) => console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${mode} ${text}`);
  line(r.readyS <= t.startS, `warm start ≤ ${t.startS} s: ${r.readyS.toFixed(2)} s`);
  if (t.idleMb) line(r.idleMb <= t.idleMb, `idle RSS ≤ ${t.idleMb} MB: ${r.idleMb.toFixed(0)} MB`);
  if (t.peakMb) line(r.peakMb <= t.peakMb, `peak RSS ≤ ${t.peakMb} MB: ${r.peakMb.toFixed(0)} MB`);
}
