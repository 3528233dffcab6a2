#!/usr/bin/env node
// The floors of `npm run bench:floor`: a bare Fastify (no NestJS, no ORM, no guard, no hooks)
// that answers
//   GET /mem/<name>  the bytes the app answered for that read, from memory;
//   GET /pg/<name>   for database reads, the same SQL the app runs, through `pg`, serialized.
// Started by scripts/bench-floor.mjs: FLOOR_FIXTURES names a JSON file of
// [{ name, status, contentType, body (base64) }]; DATABASE_URL the database; PORT the port.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/** The package columns and their links, as the app's PackageRepository selects them. */
const PACKAGE_SELECT = `select p."id", p."package_code", p."package_name", p."package_description", p."package_type_id", p."package_price", p."tax_iva",
  p."unit_price", p."validity_period", p."validity_type_id", p."relevance", p."display_order", p."public_visibility", p."summary_html", p."apply_offer",
  p."offer_type_code", p."total_offer", p."offer_start_time", p."offer_expiration_time", p."idstate", p."createdby", p."createdon", p."modifiedby",
  p."modifiedon", p."version",
  coalesce((select json_agg(json_build_object('id', s.id, 'serviceName', s.service_name, 'appName', s.app_name) order by s.service_name)
            from package_service ps join service s on s.id = ps.service_id where ps.package_id = p.id), '[]') as link_services,
  coalesce((select json_agg(json_build_object('id', c.id, 'channelType', c.channel_type) order by c.id)
            from package_channel pc join channel c on c.id = pc.channel_id where pc.package_id = p.id), '[]') as link_channels,
  coalesce((select json_agg(pcu.customer_id order by pcu.customer_id) from package_customer pcu where pcu.package_id = p.id), '[]') as link_customer_ids,
  coalesce((select json_agg(json_build_object('itemPackageId', pf.id, 'serviceFeatureId', sf.id, 'serviceId', sf.service_id,
                                              'serviceFeatureCode', sf.service_feature_code, 'serviceFeatureDescription', sf.feature_description,
                                              'quantity', pf.quantity, 'storageType', pf.storage_type, 'isunlimited', sf.isunlimited)
                            order by sf.service_id, sf.service_feature_code)
            from package_feature pf join service_feature sf on sf.id = pf.service_feature_id where pf.package_id = p.id), '[]') as link_features,
  (select i.sha256 from package_offer_image i where i.package_id = p.id) as link_image_sha256
  from package p`;
const CATALOGUE_ORDER = `order by p.package_type_id, case p.relevance when 'Alta' then 1 when 'Media' then 2 else 3 end, p.display_order, p.id`;
const CUSTOMERS = `select id, person_type, document_type_id, document_number, dv, legal_name, first_name, last_name, email
  from customer where id = any($1::int[]) order by id`;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const fixtures = JSON.parse(readFileSync(process.env.FLOOR_FIXTURES, 'utf8'));
const app = Fastify({ logger: false });

for (const f of fixtures) {
  const body = Buffer.from(f.body, 'base64');
  app.get(`/mem/${f.name}`, (_request, reply) => {
    void reply.code(f.status).type(f.contentType).send(body);
  });
}

// The app checks a session in the database at most every 5 s, so the floors run only the reads.
// GetPackages: the page in the store's order, the customers it names.
app.get('/pg/GetPackages', async (request, reply) => {
  const limit = Number(request.headers.registernumber ?? 25);
  const offset = Number(request.headers.startregister ?? 0);
  const { rows } = await pool.query(`${PACKAGE_SELECT} ${CATALOGUE_ORDER} limit $1 offset $2`, [limit, offset]);
  const ids = [...new Set(rows.flatMap((r) => r.link_customer_ids))];
  const customers = ids.length ? (await pool.query(CUSTOMERS, [ids])).rows : [];
  const total = rows.length < limit ? offset + rows.length : Number((await pool.query('select count(*) from package')).rows[0].count);
  void reply.type('application/json; charset=utf-8');
  return JSON.stringify({ statusCode: 200, statusMessage: 'OK', result: { records: rows, customers, totalRecords: total }, statusDetails: [] });
});

// /api/v1/packages?range=[0,24]: the newest page.
app.get('/pg/packages', async (_request, reply) => {
  const { rows } = await pool.query(`${PACKAGE_SELECT} order by p.id desc limit 25 offset 0`);
  const total = rows.length < 25 ? rows.length : Number((await pool.query('select count(*) from package')).rows[0].count);
  void reply.type('application/json; charset=utf-8').header('content-range', `packages 0-${rows.length - 1}/${total}`);
  return JSON.stringify(rows);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()));
