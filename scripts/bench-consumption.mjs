#!/usr/bin/env node
// npm run bench:consumption — consumptions per second and latency (p50/p99) of LicenceService.consume
// on the configured database (DATABASE_URL, or the embedded one in DATA_DIR), in process (the
// partner HTTP API adds its own cost on top). Two loads: every client on ONE hot balance, and the
// clients spread over 1,000 balances (one licence each of 1,000 companies). Each consumption is
// the conditional UPDATE + ledger INSERT statement the API runs; concurrent ones go through the
// group commit (one statement and one commit for those that arrive while a group is in flight).
// Then the same two loads through the partner HTTP API (POST /api/v1/consumptions with a fresh
// Idempotency-Key each, a bearer token of an API client of the feature's brand, over loopback).
// Options (environment): BENCH_CLIENTS (32), BENCH_SECONDS (10), BENCH_BALANCES (1000),
// BENCH_HTTP (true; false skips the HTTP loads), BENCH_IN_PROCESS (true; false skips those).
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SPREAD = Number(process.env.BENCH_BALANCES ?? 1000);

process.env.LOG_LEVEL ??= 'warn';
process.env.DATABASE_POOL_MAX ??= String(Math.min(CLIENTS, 20));
const { loadConfig } = await import(join(root, 'backend/dist/config/config.js'));
const { createApp } = await import(join(root, 'backend/dist/app.js'));
const { LicenceService } = await import(join(root, 'backend/dist/licence/licence.service.js'));
const { DATABASE } = await import(join(root, 'backend/dist/database/database.module.js'));
const { ApiClientService } = await import(join(root, 'backend/dist/partner/api-client.service.js'));
// The backend's own copy (the root package does not depend on MikroORM).
const { RequestContext } = await import(join(root, 'node_modules/@mikro-orm/core/index.js'));

const config = loadConfig();
const app = await createApp(config);
const orm = app.get(DATABASE).orm;
const licences = app.get(LicenceService);
const inContext = (call) => RequestContext.create(orm.em, call);
const em = orm.em.fork();

const [feature] = await em.execute(
  `select id, service_id, service_feature_code from service_feature where feature_relation is null and idstate = 0 and not isunlimited order by id limit 1`,
);
if (!feature) throw new Error('No service features: start the app once with DEMO_DATA on (or run npm run seed:large).');
const customers = (await em.execute('select id from customer order by id limit ?', [SPREAD + 1])).map((r) => Number(r.id));
if (customers.length < SPREAD + 1) throw new Error(`Needs ${SPREAD + 1} customers: run npm run seed:large first.`);

const run = randomUUID().slice(0, 8);
const grant = (customerId) =>
  inContext(() =>
    licences.grant({
      customerId,
      serviceId: Number(feature.service_id),
      features: [{ serviceFeatureId: Number(feature.id), quantity: 9_000_000 }],
      origin: 'MANUAL',
      originReference: `bench-${run}-${customerId}`,
      effectiveAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: 'bench',
    }),
  );
await grant(customers[0]);
for (const id of customers.slice(1)) await grant(id);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `once` consumes one; it throws on a failure. */
async function load(name, once) {
  const latencies = [];
  let failures = 0;
  let firstFailure;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await once();
          latencies.push(performance.now() - t0);
        } catch (error) {
          failures += 1;
          firstFailure ??= error;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  if (firstFailure) console.log(`  first failure: ${firstFailure.message}`);
  console.log(
    `${name.padEnd(26)} ${Math.round(latencies.length / seconds).toLocaleString('en')} consumptions/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${failures} failed (${CLIENTS} clients, ${seconds.toFixed(1)} s)`,
  );
}

const inProcess = (pick) => () =>
  inContext(() => licences.consume({ customerId: pick(), serviceFeatureCode: feature.service_feature_code, quantity: 1, createdBy: 'bench' }));
console.log(`bench:consumption on ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'the embedded PGlite'}, feature ${feature.service_feature_code}`);
let next = 0;
if (process.env.BENCH_IN_PROCESS !== 'false') {
  await load(
    'one hot balance',
    inProcess(() => customers[0]),
  );
  await load(
    `spread over ${SPREAD} balances`,
    inProcess(() => customers[1 + (next++ % SPREAD)]),
  );
}

if (process.env.BENCH_HTTP !== 'false') {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const [brand] = await em.execute('select app_name from service_feature_brand where lower(service_feature_code) = lower(?)', [feature.service_feature_code]);
  const client = await inContext(() =>
    app.get(ApiClientService).create({ name: `bench ${run}`, appName: brand.app_name, privileges: ['CONSUMPTIONS_WRITE'] }, { username: 'bench' }),
  );
  const tokenAnswer = await fetch(`${url}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  if (tokenAnswer.status !== 200) throw new Error(`token: ${tokenAnswer.status} ${await tokenAnswer.text()}`);
  const { access_token: token } = await tokenAnswer.json();
  const documents = new Map(
    (
      await em.execute(
        `select distinct on (customer_id) customer_id, document_type_code, document_number from customer_document where customer_id in (${customers.map(() => '?').join(', ')}) order by customer_id`,
        customers,
      )
    ).map((r) => [Number(r.customer_id), { documentType: r.document_type_code, documentNumber: r.document_number }]),
  );
  let key = 0;
  const overHttp = (pick) => async () => {
    const answer = await fetch(`${url}/api/v1/consumptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${run}-${key++}` },
      body: JSON.stringify({ ...documents.get(pick()), serviceFeatureCode: feature.service_feature_code, quantity: 1 }),
    });
    const text = await answer.text();
    if (answer.status !== 201) throw new Error(`${answer.status} ${text}`);
  };
  await load(
    'HTTP, one hot balance',
    overHttp(() => customers[0]),
  );
  await load(
    `HTTP, spread over ${SPREAD}`,
    overHttp(() => customers[1 + (next++ % SPREAD)]),
  );
}
const [check] = await em.execute(
  `select count(*) as n from licence_balance b where b.licence_id in (select id from licence where origin_reference like ?)
     and b.used <> (select coalesce(sum(quantity), 0) from licence_movement m where m.balance_id = b.id and m.kind = 'CONSUMPTION')`,
  [`bench-${run}-%`],
);
console.log(`balances whose used differs from the ledger: ${check.n}`);
await app.close();
