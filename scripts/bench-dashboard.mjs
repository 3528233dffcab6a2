#!/usr/bin/env node
// npm run bench:dashboard — the customer dashboards on PostgreSQL (DATABASE_URL; the data go into
// BENCH_DATABASE, licencias_dashboard by default, created when missing):
//   seed   `seed:large` (1,000,000 movements over 10,000 balances) when the database lacks it, plus
//          one company (NIT 899999101) with one colnomina licence whose bag holds 200,000 movements
//          over the last 180 days (a GRANT and BENCH_MOVEMENTS − 1 consumptions, `used` their sum),
//          INSERT ... SELECT over generate_series; a second run finds it and keeps it.
//   reads  the built app as a server (logging at warn, responses not validated), signed in as
//          superadmin, BENCH_SECONDS (10) at BENCH_CLIENTS (10) after a 2 s warm-up each: the big
//          company's 'Productos adquiridos' and balance panel, seed:large companies' dashboards in
//          turn, and the first page (100) of the big company's movements over the last 90 days.
//   excel  GET /api/v1/dashboard/movements/export of all 200,000 movements: rows/s, bytes, and the
//          server's RSS (VmRSS of its process, sampled every 50 ms) before and at its peak.
// Targets: the reads' p95 < 50 ms at 10 clients; the Excel ≥ 50,000 rows/s with RSS growth < 100 MB.
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { download, elapsed, load, measure, printTable, root, signInSuperadmin, startApp } from './bench-http.mjs';
const env = process.env;
const MOVEMENTS = Number(env.BENCH_MOVEMENTS ?? 200_000);
const CLIENTS = Number(env.BENCH_CLIENTS ?? 10);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PASSWORD = env.DEMO_PASSWORD ?? 'Licencias2026*';
const TARGETS = { p95Ms: 50, rowsPerSecond: 50_000, rssGrowthMb: 100 };
const NIT = '899999101';
const NIT_TYPE = 4;
const MARKER = 'BENCH-DASH';

if (!env.DATABASE_URL) {
  console.error('bench:dashboard needs DATABASE_URL (a PostgreSQL server; the database BENCH_DATABASE is created on it).');
  process.exit(2);
}
const databaseName = env.BENCH_DATABASE ?? 'licencias_dashboard';
const databaseUrl = Object.assign(new URL(env.DATABASE_URL), { pathname: `/${databaseName}` }).toString();

const admin = new pg.Client({ connectionString: env.DATABASE_URL });
await admin.connect();
if (!(await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount) {
  await admin.query(`create database "${databaseName.replaceAll('"', '""')}"`);
  console.log(`Created database ${databaseName}`);
}
await admin.end();
console.log(`Dashboard benchmark on ${databaseName}: seed:large plus one company with ${MOVEMENTS.toLocaleString('en')} movements`);
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${load()}`);

// ---- Seed: seed:large (it stops by itself when loaded), then the big company. ----
let step = performance.now();
const seeded = spawnSync(process.execPath, [join(root, 'scripts/seed-large.mjs')], {
  cwd: root,
  env: { ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seed:large failed (exit ${seeded.status}): ${seeded.stdout}`);
console.log(`seed:large: ${seeded.stdout.trim().split('\n').at(-1)} (${elapsed(step)})`);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
const service = await one(
  `select s.id, s.service_name, f.id as feature_id, f.service_feature_code from service s
     join service_feature f on f.service_id = s.id and f.feature_relation is null and f.idstate = 0
    where s.app_name = 'colnomina' and s.idstate = 0 order by s.id, f.id limit 1`,
);
if (!service) throw new Error('No colnomina service with a feature: the demo data did not load.');
if (!(await one(`select 1 as found from licence where origin_reference = $1`, [MARKER]))) {
  step = performance.now();
  await db.query('begin');
  const customer = await one(
    `insert into customer (person_type, document_type_id, document_number, dv, legal_name, fulladdress, department_id, city_id, cellphone_number, email,
                           created_by, created_at, modified_by, updated_at, version)
     values ('J', $1, $2, '1', 'Consumos Masivos del Valle S.A.S.', 'Calle 5 # 38-25', 11, 11001, '3157778899', 'consumos@masivosvalle.com.co',
             'bench:dashboard', now(), 'bench:dashboard', now(), 1)
     on conflict do nothing returning id`,
    [NIT_TYPE, NIT],
  );
  const customerId = customer?.id ?? (await one(`select id from customer where document_type_id = $1 and document_number = $2`, [NIT_TYPE, NIT])).id;
  const total = MOVEMENTS * 5;
  const licence = await one(
    `insert into licence (customer_id, service_id, package_snapshot, origin, origin_reference, contract_number, effective_at, expires_at,
                          purchase_date, state, created_by, created_at, version)
     values ($1, $2, jsonb_build_object('packageCode', 'PAQ-MASIVO', 'packageName', 'Paquete masivo', 'features', jsonb_build_array(
               jsonb_build_object('serviceFeatureId', $3::int, 'serviceFeatureCode', $4::text, 'quantity', $5::int, 'unlimited', false))),
             'MANUAL', $6, 'CT-MASIVO-1', now() - interval '181 days', now() + interval '184 days', now() - interval '181 days', 'ACTIVE',
             'bench:dashboard', now(), 1)
     returning id`,
    [customerId, service.id, service.feature_id, service.service_feature_code, total, MARKER],
  );
  const balance = await one(
    `insert into licence_balance (licence_id, service_feature_id, unlimited, total, used, expired, last_used_at)
     values ($1, $2, false, $3, $4, 0, now()) returning id`,
    [licence.id, service.feature_id, total, MOVEMENTS - 1],
  );
  await db.query(
    `insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, created_by)
     values ($1, $2, 'GRANT', $3, now() - interval '181 days', now(), 'MANUAL:${MARKER}', 'bench:dashboard')`,
    [balance.id, licence.id, total],
  );
  // The consumptions spread evenly over the last 180 days, one unit each.
  await db.query(
    `insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, created_by)
     select $1, $2, 'CONSUMPTION', 1, now() - interval '180 days' + (n * interval '180 days') / $3, now(), '${MARKER}-' || n, 'bench:dashboard'
       from generate_series(1, $3::int) n`,
    [balance.id, licence.id, MOVEMENTS - 1],
  );
  await db.query('commit');
  for (const table of ['customer', 'licence', 'licence_balance', 'licence_movement', 'licence_daily_use', 'report_daily_consumption'])
    await db.query(`analyze ${table}`);
  console.log(`Seed: the big company with ${MOVEMENTS.toLocaleString('en')} movements (${elapsed(step)})`);
} else {
  console.log('Seed: the big company is already loaded.');
}
const check = await one(
  `select b.used, (select count(*) from licence_movement m where m.balance_id = b.id) as movements,
          (select coalesce(sum(m.quantity), 0) from licence_movement m where m.balance_id = b.id and m.kind = 'CONSUMPTION') as consumed
     from licence l join licence_balance b on b.licence_id = l.id where l.origin_reference = $1`,
  [MARKER],
);
console.log(`The big company's bag: ${check.movements} movements, used ${check.used} = consumptions ${check.consumed}`);
const others = (
  await db.query(
    `select c.document_type_id, c.document_number from customer c
      where exists (select 1 from licence l where l.customer_id = c.id and l.origin_reference like 'LG-%') order by c.id limit 200`,
  )
).rows;
await db.end();

// ---- The app as a server ----
const app = await startApp(databaseUrl);
const base = app.base;
const results = [];
let excel;
try {
  const auth = await signInSuperadmin(base, PASSWORD);
  const post = (path, body, headers = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const day = (daysAgo) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(Date.now() - daysAgo * 86_400_000),
    );

  const big = { documentType: NIT_TYPE, documentNumber: NIT };
  const scenarios = [
    ['dashboard-customer (the big company)', () => post('/license/api/dashboard/dashboard-customer', big)],
    [
      'contracted-service-details (its package)',
      () =>
        post('/license/api/dashboard/contracted-service-details', {
          DocumentType: NIT_TYPE,
          DocumentNumber: NIT,
          ServiceName: service.service_name,
          PackageCode: 'PAQ-MASIVO',
        }),
    ],
    [
      `dashboard-customer (${others.length} seed:large companies in turn)`,
      (i) => {
        const c = others[i % others.length];
        return post('/license/api/dashboard/dashboard-customer', { documentType: c.document_type_id, documentNumber: c.document_number });
      },
    ],
    [
      'consumption-history, first 100 of the last 90 days',
      () =>
        post(
          '/license/api/dashboard/consumption-history',
          { ...big, serviceName: service.service_name, serviceFeatureCode: service.service_feature_code, startDate: day(89), endDate: day(0) },
          { skip: '0', take: '100' },
        ),
    ],
  ];
  for (const [name, call] of scenarios) results.push(await measure(name, call, { clients: CLIENTS, seconds: SECONDS, warmup: WARMUP_SECONDS }));

  // ---- The Excel of every movement of the big company (the last 181 days) ----
  const query = new URLSearchParams({
    documentType: String(NIT_TYPE),
    documentNumber: NIT,
    serviceName: service.service_name,
    serviceFeatureCode: service.service_feature_code,
    startDate: day(182),
    endDate: day(0),
  });
  const run = await download(`${base}/api/v1/dashboard/movements/export?${query}`, auth, app.rssMb);
  excel = { ...run, rows: MOVEMENTS, rowsPerSecond: (MOVEMENTS / run.ms) * 1000 };
  console.log(
    `Excel of ${MOVEMENTS.toLocaleString('en')} movements: ${(run.ms / 1000).toFixed(2)} s, ${excel.rowsPerSecond.toFixed(0)} rows/s, ${(run.bytes / 2 ** 20).toFixed(1)} MiB; server RSS ${run.before.toFixed(0)} → peak ${run.peak.toFixed(0)} MB (+${run.growth.toFixed(0)} MB)`,
  );
} finally {
  app.stop();
}

printTable(results);
console.log(
  `| Excel, ${MOVEMENTS.toLocaleString('en')} movements | 1 | ${excel.bytes} | ${excel.rowsPerSecond.toFixed(0)} rows/s | | ${(excel.ms / 1000).toFixed(2)} s total | RSS +${excel.growth.toFixed(0)} MB | 0 |`,
);
const met = results.every((r) => r.p95 < TARGETS.p95Ms && r.errors === 0) && excel.rowsPerSecond >= TARGETS.rowsPerSecond && excel.growth < TARGETS.rssGrowthMb;
console.log(
  `Load at the end ${load()}. Targets (p95 < ${TARGETS.p95Ms} ms, Excel ≥ ${TARGETS.rowsPerSecond.toLocaleString('en')} rows/s and RSS growth < ${TARGETS.rssGrowthMb} MB): ${met ? 'met' : 'NOT met'}`,
);
if (!met) process.exitCode = 1;
