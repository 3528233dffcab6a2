#!/usr/bin/env node
// npm run bench:reports — 'Informes' on PostgreSQL (DATABASE_URL; the data go into BENCH_DATABASE,
// licencias_reports by default, created when missing):
//   seed   `seed:large` with SEED_MOVEMENTS (10,000,000 by default) over its 10,000 bags when the
//          database lacks it (a second run finds it and keeps it); the movements' trigger fills both
//          daily rollups as it goes. The rollups are checked against the ledger before anything runs.
//   reads  the built app as a server, signed in as superadmin, BENCH_SECONDS (10) at BENCH_CLIENTS (5)
//          after a 2 s warm-up each: the general consumption report of the last 90 days (all brands,
//          then one brand), and the per-company one for seed:large companies in turn.
//   excel  first, on the fresh process: GET /api/v1/reports/consumption/export over the longest
//          window that ends today and holds at most BENCH_EXCEL_ROWS (1,000,000, the export's limit)
//          company-bag-days: rows/s, bytes and the server's RSS (VmRSS, sampled every 50 ms) before
//          and at its peak; then once more after the reads (V8's heap has grown by then).
// Targets: general p95 < 300 ms, per company p95 < 100 ms at 5 clients; Excel RSS growth < 100 MB.
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { download, elapsed, load, measure, printTable, root, signInSuperadmin, startApp } from './bench-http.mjs';

const env = process.env;
const MOVEMENTS = Number(env.SEED_MOVEMENTS ?? 10_000_000);
const CLIENTS = Number(env.BENCH_CLIENTS ?? 5);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const EXCEL_ROWS = Number(env.BENCH_EXCEL_ROWS ?? 1_000_000);
const TARGETS = { generalP95Ms: 300, companyP95Ms: 100, rssGrowthMb: 100 };

if (!env.DATABASE_URL) {
  console.error('bench:reports needs DATABASE_URL (a PostgreSQL server; the database BENCH_DATABASE is created on it).');
  process.exit(2);
}
const databaseName = env.BENCH_DATABASE ?? 'licencias_reports';
const databaseUrl = Object.assign(new URL(env.DATABASE_URL), { pathname: `/${databaseName}` }).toString();

const admin = new pg.Client({ connectionString: env.DATABASE_URL });
await admin.connect();
if (!(await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount) {
  await admin.query(`create database "${databaseName.replaceAll('"', '""')}"`);
  console.log(`Created database ${databaseName}`);
}
await admin.end();
console.log(`Reports benchmark on ${databaseName}: seed:large with ${MOVEMENTS.toLocaleString('en')} movements`);
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${load()}`);

let step = performance.now();
const seeded = spawnSync(process.execPath, [join(root, 'scripts/seed-large.mjs')], {
  cwd: root,
  env: { ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SEED_MOVEMENTS: String(MOVEMENTS) },
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seed:large failed (exit ${seeded.status}): ${seeded.stdout}`);
console.log(`seed:large: ${seeded.stdout.trim().split('\n').at(-1)} (${elapsed(step)})`);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
step = performance.now();
const agree = await one(
  `select (select count(*) from licence_movement) as movements,
          (select coalesce(sum(quantity), 0) from licence_movement where kind = 'CONSUMPTION') as ledger,
          (select coalesce(sum(consumed), 0) from report_daily_consumption) as rollup,
          (select count(*) from report_daily_consumption) as rollup_rows,
          (select count(*) from licence_daily_use) as daily_rows`,
);
console.log(
  `Ledger ${Number(agree.movements).toLocaleString('en')} movements, consumed ${agree.ledger}; report_daily_consumption ${Number(agree.rollup_rows).toLocaleString('en')} rows, consumed ${agree.rollup}; licence_daily_use ${Number(agree.daily_rows).toLocaleString('en')} rows (${elapsed(step)})`,
);
if (agree.ledger !== agree.rollup) throw new Error('The report rollup does not agree with the ledger.');
const companies = (
  await db.query(
    `select c.document_type_id, c.document_number from customer c
      where exists (select 1 from licence l where l.customer_id = c.id and l.origin_reference like 'LG-%') order by c.id limit 200`,
  )
).rows;
const brand = (await one(`select s.app_name from service s join licence l on l.service_id = s.id where l.origin_reference like 'LG-%' limit 1`)).app_name;
// The Excel's window: back from today (Bogotá) while the company-bag-days stay within EXCEL_ROWS.
const days = (
  await db.query(
    `select to_char(day, 'YYYY-MM-DD') as day, count(*) as n from licence_daily_use
      where day <= (now() at time zone 'America/Bogota')::date group by day order by day desc`,
  )
).rows;
let excelRows = 0;
let excelFrom = days[0]?.day;
for (const d of days) {
  if (excelRows + Number(d.n) > EXCEL_ROWS) break;
  excelRows += Number(d.n);
  excelFrom = d.day;
}
await db.end();

const app = await startApp(databaseUrl);
const results = [];
let excel;
try {
  const auth = await signInSuperadmin(app.base);
  const get = (path) => fetch(`${app.base}${path}`, { headers: auth });
  const today = days[0]?.day;
  const run = await download(`${app.base}/api/v1/reports/consumption/export?from=${excelFrom}&to=${today}`, auth, app.rssMb);
  excel = { ...run, rows: excelRows, rowsPerSecond: (excelRows / run.ms) * 1000 };
  console.log(
    `Excel of ${excelRows.toLocaleString('en')} company-bag-days (${excelFrom} to ${today}): ${(run.ms / 1000).toFixed(2)} s, ${excel.rowsPerSecond.toFixed(0)} rows/s, ${(run.bytes / 2 ** 20).toFixed(1)} MiB; server RSS ${run.before.toFixed(0)} → peak ${run.peak.toFixed(0)} MB (+${run.growth.toFixed(0)} MB)`,
  );
  results.push(await measure('general consumption, last 90 days', () => get('/api/v1/reports/consumption'), { clients: CLIENTS, seconds: SECONDS }));
  results.push(
    await measure(`general consumption, last 90 days, brand ${brand}`, () => get(`/api/v1/reports/consumption?appName=${brand}`), {
      clients: CLIENTS,
      seconds: SECONDS,
    }),
  );
  const general = results.length;
  results.push(
    await measure(
      `consumption of one company, last 90 days (${companies.length} seed:large companies in turn)`,
      (i) => {
        const c = companies[i % companies.length];
        return get(`/api/v1/reports/consumption?documentType=${c.document_type_id}&documentNumber=${c.document_number}`);
      },
      { clients: CLIENTS, seconds: SECONDS },
    ),
  );
  const again = await download(`${app.base}/api/v1/reports/consumption/export?from=${excelFrom}&to=${today}`, auth, app.rssMb);
  console.log(
    `The same Excel after the reads: ${(again.ms / 1000).toFixed(2)} s; server RSS ${again.before.toFixed(0)} → peak ${again.peak.toFixed(0)} MB (+${again.growth.toFixed(0)} MB)`,
  );
  printTable(results);
  console.log(
    `| Excel, ${excelRows.toLocaleString('en')} rows | 1 | ${excel.bytes} | ${excel.rowsPerSecond.toFixed(0)} rows/s | | ${(excel.ms / 1000).toFixed(2)} s total | RSS +${excel.growth.toFixed(0)} MB | 0 |`,
  );
  const met =
    results.every((r, i) => r.errors === 0 && r.p95 < (i < general ? TARGETS.generalP95Ms : TARGETS.companyP95Ms)) && excel.growth < TARGETS.rssGrowthMb;
  console.log(
    `Load at the end ${load()}. Targets (general p95 < ${TARGETS.generalP95Ms} ms, per company < ${TARGETS.companyP95Ms} ms at ${CLIENTS} clients, Excel RSS growth < ${TARGETS.rssGrowthMb} MB): ${met ? 'met' : 'NOT met'}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  app.stop();
}
