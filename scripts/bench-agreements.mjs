#!/usr/bin/env node
// npm run bench:agreements — agreements (convenios) at scale, on PostgreSQL (DATABASE_URL; the data go
// into BENCH_DATABASE, licencias_agreements by default, created when missing, with the demo data):
//   seed   BENCH_AGREEMENTS (10,000) agreements of colnomina's first product, each with 10 contracted
//          services (100,000 agreement_service rows), each its own AGREEMENT licence with one balance
//          (its GRANT movement) of 100 units; about one bag in ten, spread by a hash, is used at 95 (above
//          the 90 % alert), the others below (`used` is set, not consumed: no CONSUMPTION movements). INSERT ... SELECT over generate_series, in one transaction; a second run
//          finds the rows and keeps them.
//   sweep  AgreementAlertService.sweep over all of them (every agreement due: delivery 00:00, daily),
//          in this process on the built app's context (outbox worker off), after clearing earlier
//          alerts: the claims, alerts and outbox events; then a second sweep the same day (nothing
//          to do), a check that each bag above got one alert, and apart, the outbox drained (the
//          alerts' handler queues the e-mails, the mail handler delivers them to the mailbox).
//   list   the built app as a server (logging at warn, responses not validated), signed in as
//          superadmin: GET /api/v1/agreements?range=[0,99], and with filter {"q": …}, each
//          BENCH_SECONDS (10) at BENCH_CLIENTS (10) concurrent clients after a 2 s warm-up: req/s,
//          p50/p95/p99.
// Targets: list and search p95 < 50 ms at 10 clients; the sweep < 5 s. Options: BENCH_PORT, BENCH_SKIP_LIST.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const AGREEMENTS = Number(env.BENCH_AGREEMENTS ?? 10_000);
const SERVICES_EACH = 10;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 10);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PASSWORD = env.DEMO_PASSWORD ?? 'Licencias2026*';
const TARGETS = { p95Ms: 50, sweepMs: 5000 };
const MARKER = 'BENCH-CONV-';
const SEARCHES = ['bench-conv-0042', 'conv-12', 'bench-conv-9', '7777', 'conv-05', 'producto'];

if (!env.DATABASE_URL) {
  console.error('bench:agreements needs DATABASE_URL (a PostgreSQL server; the database BENCH_DATABASE is created on it).');
  process.exit(2);
}
const databaseName = env.BENCH_DATABASE ?? 'licencias_agreements';
const databaseUrl = Object.assign(new URL(env.DATABASE_URL), { pathname: `/${databaseName}` }).toString();
const elapsed = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const admin = new pg.Client({ connectionString: env.DATABASE_URL });
await admin.connect();
if (!(await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount) {
  await admin.query(`create database "${databaseName.replaceAll('"', '""')}"`);
  console.log(`Created database ${databaseName}`);
}
await admin.end();

console.log(`Agreements benchmark on ${databaseName}: ${AGREEMENTS.toLocaleString('en')} agreements × ${SERVICES_EACH} services`);
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${load()}`);

// ---- The app's context in this process (migrations, reference and demo data on first start). ----
Object.assign(env, { DATABASE_URL: databaseUrl, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', OUTBOX_WORKER: 'false', DEMO_DATA: 'true' });
const { loadConfig } = await import(join(root, 'backend/dist/config/config.js'));
const { createApp } = await import(join(root, 'backend/dist/app.js'));
const { MikroORM, RequestContext } = await import(join(root, 'node_modules/@mikro-orm/sql/index.js'));
const { AgreementAlertService } = await import(join(root, 'backend/dist/agreement/agreement-alert.service.js'));
const config = loadConfig();
let step = performance.now();
const app = await createApp(config);
console.log(`App context ready (${elapsed(step)})`);
const orm = app.get(MikroORM);
const db = orm.em.fork();
const one = async (sql, params = []) => (await db.execute(sql, params))[0];

// ---- Seed ----
if (Number((await one(`select count(*) as n from agreement where contract_number like '${MARKER}%'`)).n) >= AGREEMENTS) {
  console.log('Seed: already loaded.');
} else {
  step = performance.now();
  const service = await one(
    `select s.id, s.service_name, f.id as feature_id, f.service_feature_code from service s
       join service_feature f on f.service_id = s.id and f.feature_relation is null and f.idstate = 0
      where s.app_name = 'colnomina' and s.idstate = 0 order by s.id, f.id limit 1`,
  );
  if (!service) throw new Error('No colnomina service with a feature: the demo data did not load.');
  const manager = await one(`select id from app_user where username = 'superadmin'`);
  const bags = AGREEMENTS * SERVICES_EACH;
  await db.transactional(async (tx) => {
    const run = (sql, params = []) => tx.execute(sql, params);
    await run(
      `insert into customer (person_type, document_type_id, document_number, dv, legal_name, fulladdress, department_id, city_id, cellphone_number, email,
                             created_by, created_at, modified_by, updated_at, version)
       select 'J', 4, (870000000 + g)::text, (g % 10)::text,
              (array['Distribuciones','Comercializadora','Inversiones','Transportes','Constructora','Servicios'])[1 + g % 6] || ' Convenio ' || g || ' S.A.S.',
              'Calle ' || (1 + g % 150) || ' # 10-20', 11, 11001, '3' || lpad(g::text, 9, '0'), 'convenio' || g || '@empresa.com.co',
              'bench:agreements', now(), 'bench:agreements', now(), 1
         from generate_series(1, ?::int) g on conflict do nothing`,
      [AGREEMENTS],
    );
    await run(
      `insert into agreement (contract_number, service_id, service_description, customer_id, contract_start_date, contract_end_date,
                              commercial_manager_id, payment_condition_id, supervisor, alert_percentage, alert_delivery_time, alert_frequency,
                              alert_weekdays, created_by, created_at)
       select '${MARKER}' || lpad(g::text, 5, '0'), ?, ?, c.id, current_date - 30, current_date + 700, ?, 1,
              jsonb_build_object('firstName', 'Supervisor', 'lastName', 'Convenio ' || g, 'email', 'supervisor' || g || '@cliente.example.com'),
              90, '00:00', 'D', 0, 'bench:agreements', now()
         from generate_series(1, ?::int) g join customer c on c.document_number = (870000000 + g)::text and c.document_type_id = 4`,
      [service.id, service.service_name, manager.id, AGREEMENTS],
    );
    await run(
      `insert into licence (customer_id, service_id, package_snapshot, origin, origin_reference, contract_number, effective_at, expires_at,
                            purchase_date, state, created_by, created_at, version)
       select a.customer_id, a.service_id,
              jsonb_build_object('packageCode', 'PAQ-CONV', 'packageName', 'Paquete de convenio', 'features', jsonb_build_array(
                jsonb_build_object('serviceFeatureId', ?::int, 'serviceFeatureCode', ?::text, 'quantity', 100, 'unlimited', false))),
              'AGREEMENT', a.contract_number || ':' || k, a.contract_number, now() - interval '30 days', now() + interval '335 days',
              now() - interval '30 days', 'ACTIVE', 'bench:agreements', now(), 1
         from agreement a cross join generate_series(1, ${SERVICES_EACH}) k where a.contract_number like '${MARKER}%'`,
      [service.feature_id, service.service_feature_code],
    );
    // One bag in ten (spread over the agreements by a hash) at 95 of 100, above the 90 % alert; the others between 0 and 79.
    await run(
      `insert into licence_balance (licence_id, service_feature_id, unlimited, total, used, expired, last_used_at)
       select l.id, ?, false, 100, case when abs(hashtext(l.origin_reference)) % 10 = 0 then 95 else abs(hashtext(l.origin_reference)) % 80 end, 0, now() - interval '1 day'
         from licence l where l.origin = 'AGREEMENT' and l.contract_number like '${MARKER}%'`,
      [service.feature_id],
    );
    await run(
      `insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, created_by)
       select b.id, b.licence_id, 'GRANT', b.total, l.effective_at, now(), 'AGREEMENT:' || l.origin_reference, 'bench:agreements'
         from licence_balance b join licence l on l.id = b.licence_id where l.origin = 'AGREEMENT' and l.contract_number like '${MARKER}%'`,
    );
    await run(
      `insert into agreement_service (agreement_id, licence_id, package_id, package_code, package_name, unlimited, total_quantity, validity_type,
                                      validity_period, identifier_code, created_at)
       select a.id, l.id, 0, 'PAQ-CONV', 'Paquete de convenio', false, 100, 'A', 1, 'PAQ-CONV_' || split_part(l.origin_reference, ':', 2) || 'A', now()
         from licence l join agreement a on a.contract_number = l.contract_number
        where l.origin = 'AGREEMENT' and l.contract_number like '${MARKER}%'`,
    );
  });
  for (const table of ['customer', 'agreement', 'agreement_service', 'licence', 'licence_balance', 'licence_movement']) await db.execute(`analyze ${table}`);
  const counts = await one(
    `select (select count(*) from agreement where contract_number like '${MARKER}%') as agreements,
            (select count(*) from agreement_service s join agreement a on a.id = s.agreement_id where a.contract_number like '${MARKER}%') as services`,
  );
  console.log(`Seed: ${counts.agreements} agreements, ${counts.services} contracted services, ${bags.toLocaleString('en')} bags (${elapsed(step)})`);
}

// ---- Sweep ----
const mine = `(select id from agreement where contract_number like '${MARKER}%')`;
await db.execute(`delete from agreement_alert where agreement_id in ${mine}`);
await db.execute(`update agreement set alert_swept_on = null, alert_delivery_time = '00:00', alert_frequency = 'D' where id in ${mine}`);
const expected = Number(
  (
    await one(
      `select count(*) as n from agreement_service s join licence_balance b on b.licence_id = s.licence_id
        where s.agreement_id in ${mine} and b.used * 100 >= 90 * b.total`,
    )
  ).n,
);
const alerts = app.get(AgreementAlertService, { strict: false });
const sweep = async () => {
  const t0 = performance.now();
  const result = await RequestContext.create(orm.em, () => alerts.sweep(new Date()));
  return { ...result, ms: performance.now() - t0 };
};
console.log(`Sweep: ${expected.toLocaleString('en')} bags above 90 % of ${(AGREEMENTS * SERVICES_EACH).toLocaleString('en')}, load ${load()}`);
const first = await sweep();
const second = await sweep();
const check = await one(
  `select count(*) as alerts, count(distinct balance_id) as bags, count(distinct agreement_id) as agreements
     from agreement_alert where agreement_id in ${mine}`,
);
// The e-mails: the alerts' handler renders and queues two per agreement, the mail handler delivers them (dev mailbox).
const { OutboxWorker } = await import(join(root, 'backend/dist/outbox/outbox.worker.js'));
const mailStarted = performance.now();
let drained = 0;
for (let ran = -1; ran !== 0;) drained += ran = await app.get(OutboxWorker).drain();
const mailMs = performance.now() - mailStarted;
const mails = await one(
  `select count(distinct m.id) as n, count(distinct m.id) filter (where m.state = 'SENT') as sent from agreement_alert al cross join jsonb_array_elements_text(al.mail_ids) x(id)
     join mail_message m on m.id = x.id::bigint where al.agreement_id in ${mine}`,
);
const once = Number(check.alerts) === expected && Number(check.bags) === expected && second.alerts === 0;
console.log(
  `  first sweep: ${first.agreements} agreements, ${first.alerts} alerts in ${first.ms.toFixed(0)} ms (${((first.alerts / first.ms) * 1000).toFixed(0)} alerts/s)\n` +
    `  second sweep the same day: ${second.agreements} agreements, ${second.alerts} alerts in ${second.ms.toFixed(0)} ms\n` +
    `  alerts ${check.alerts} over ${check.bags} bags of ${check.agreements} agreements (expected ${expected}): ${once ? 'each once' : 'MISMATCH'}\n` +
    `  after commit: ${drained} outbox deliveries in ${(mailMs / 1000).toFixed(1)} s; alert e-mails ${mails.sent} sent of ${mails.n} (to the development mailbox)`,
);
// The sweep rewrote every agreement's row (alert_swept_on): vacuum as autovacuum would, so that the list's count reads the index.
await db.execute('vacuum analyze agreement');
await app.close();

// ---- List ----
const results = [];
if (env.BENCH_SKIP_LIST !== 'true') {
  const freePort = () =>
    new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
  const port = Number(env.BENCH_PORT ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', VALIDATE_RESPONSES: 'false', OUTBOX_WORKER: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', stop);
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
    const login = await fetch(`${base}/api/Login/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UserName: 'superadmin', Password: PASSWORD, Appname: 'license' }),
    });
    if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
    const auth = { authorization: `Bearer ${(await login.json()).result.token}` };
    const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
    const run = async (name, url, seconds) => {
      const latencies = [];
      let errors = 0;
      let i = 0;
      const started = performance.now();
      const end = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < end) {
            const t0 = performance.now();
            try {
              const res = await fetch(url(i++), { headers: auth });
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
        requests: latencies.length,
        errors,
        rps: latencies.length / wall,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
      };
    };
    const first100 = await fetch(`${base}/api/v1/agreements?range=[0,99]`, { headers: auth });
    console.log(`List: ${first100.status}, content-range ${first100.headers.get('content-range')}, load ${load()}`);
    const scenarios = [
      ['GET /api/v1/agreements?range=[0,99]', () => `${base}/api/v1/agreements?range=[0,99]`],
      [
        'GET /api/v1/agreements?filter={"q":…}&range=[0,99]',
        (i) => `${base}/api/v1/agreements?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ q: SEARCHES[i % SEARCHES.length] }))}`,
      ],
    ];
    for (const [name, url] of scenarios) {
      await run(name, url, WARMUP_SECONDS);
      const result = await run(name, url, SECONDS);
      results.push(result);
      console.log(
        `${name}, ${CLIENTS} clients\n  ${result.requests} requests, ${result.errors} errors, ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
      );
    }
  } finally {
    stop();
  }
}

console.log(`\n| scenario | clients | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|`);
for (const r of results)
  console.log(`| ${r.name} | ${CLIENTS} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
console.log(`| sweep (${first.agreements} agreements, ${first.alerts} alerts) | 1 instance | | | | ${first.ms.toFixed(0)} ms total | ${once ? 0 : 1} |`);
console.log(
  `| their e-mails after commit (${mails.n}, outbox drained) | 1 instance | | | | ${mailMs.toFixed(0)} ms total | ${Number(mails.n) - Number(mails.sent)} |`,
);
const met = once && first.ms < TARGETS.sweepMs && results.every((r) => r.p95 < TARGETS.p95Ms && r.errors === 0);
console.log(
  `Load at the end ${load()}. Targets (list/search p95 < ${TARGETS.p95Ms} ms, sweep < ${TARGETS.sweepMs} ms, each alert once): ${met ? 'met' : 'NOT met'}`,
);
if (!met) process.exitCode = 1;
