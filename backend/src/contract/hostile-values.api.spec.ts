import { PGlite } from '@electric-sql/pglite';
import { MikroORM } from '@mikro-orm/sql';
import pg from 'pg';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { EXPECTED_ACCESS, EXPECTED_PARTNER_PRIVILEGES } from '../auth/expected-access.js';
import { createPackage, createService, createUser, partnerToken } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { drainOutbox } from '../test-support/outbox.js';
import { contractOperations, type Json, pathOf, schemaOf, typeOf } from '../test-support/contract-walk.js';

/**
 * Hostile text through every string of every operation (issue 27): quotes, backslashes, dollar
 * quotes, placeholders, lone surrogates and values at the maximum length never answer a 5xx; a
 * lone surrogate is a 400 naming its field; and no value ever reaches the text of a statement
 * (every statement the drivers receive is recorded: the marker travels only among the values).
 */

// Every statement the drivers are sent, recorded before the app opens its connections.
const statements: { text: string; values: unknown[] }[] = [];
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
  const params = typeof config === 'string' ? values : ((config as { values?: unknown[] })?.values ?? values);
  if (typeof text === 'string') statements.push({ text, values: Array.isArray(params) ? params : [] });
  return (pgQuery as (...args: unknown[]) => unknown).call(this, config, values, callback);
} as typeof pgQuery;
const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = function query(this: PGlite, text: string, values?: unknown[], options?: unknown) {
  statements.push({ text, values: values ?? [] });
  return (pgliteQuery as (...args: unknown[]) => unknown).call(this, text, values, options);
} as typeof pgliteQuery;

const MARKER = 'Zq7';
/** One value with every character a statement's text could trip on. */
const TRICKY = `${MARKER}'b''c\\d\\'e$$f$tag$g?h??i\\?j%_k--l/*m`;
const SURROGATES = ['\ud800', `${MARKER}\udc00`];

/** A value of the schema's shape, as valid as its keywords say (examples first). */
function exampleOf(node: unknown, depth = 0): unknown {
  const schema = schemaOf(node);
  if (schema.example !== undefined) return structuredClone(schema.example);
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null);
  if (schema.const !== undefined) return schema.const;
  switch (typeOf(schema)) {
    case 'object': {
      if (depth > 4) return {};
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, exampleOf(value, depth + 1)]));
    }
    case 'array':
      return depth > 4 ? [] : Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => exampleOf(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return false;
    case 'string': {
      const formats: Record<string, string> = {
        email: 'prueba@example.com',
        date: '2026-12-06',
        'date-time': '2026-12-06T12:00:00.000Z',
        uuid: '00000000-0000-4000-8000-000000000000',
        uri: 'https://example.com',
      };
      return formats[String(schema.format)] ?? 'prueba'.padEnd(Number(schema.minLength ?? 0), 'a');
    }
    default:
      return null;
  }
}

interface StringField {
  path: (string | number)[];
  maxLength?: number;
}

/** The string fields of a body schema, nested ones too, with their bounds. */
function stringFields(node: unknown, path: (string | number)[] = [], depth = 0): StringField[] {
  const schema = schemaOf(node);
  const type = typeOf(schema);
  if (depth > 4) return [];
  if (type === 'object')
    return Object.entries((schema.properties ?? {}) as Record<string, unknown>).flatMap(([key, value]) => stringFields(value, [...path, key], depth + 1));
  if (type === 'array') return stringFields(schema.items, [...path, 0], depth + 1);
  if (type === 'string' && !schema.enum && path.length) return [{ path, maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined }];
  return [];
}

function withValue(body: unknown, path: (string | number)[], value: string): unknown {
  const copy = structuredClone(body) as Json;
  let node: Json = copy;
  for (const key of path.slice(0, -1)) node = node[key as string] as Json;
  node[path.at(-1) as string] = value;
  return copy;
}

/** The hostile values for one field: the tricky one, lone surrogates, and the maximum made of letters, quotes and backslashes. */
function hostileValues(maxLength = 2000): string[] {
  return [
    TRICKY,
    ...SURROGATES,
    'a'.repeat(maxLength),
    "'".repeat(maxLength),
    '\\'.repeat(maxLength),
    `$${MARKER}$`.padEnd(maxLength, '$').slice(0, maxLength),
  ];
}

const OPERATIONS = contractOperations();
const WITH_BODY = OPERATIONS.filter((op) => op.bodySchema !== undefined);
const LISTS = OPERATIONS.filter((op) => op.method === 'get' && op.parameters.some((p) => p.in === 'query' && p.name === 'filter'));

describe('hostile values, for every string of the contract', () => {
  const t = useTestApp();
  let partner: string;
  let customer: string;
  const fresh = new Map<string, string>();
  /** A token of its own for each operation, so one that signs out or disables its caller does not blind the rest. */
  const callerOf = async (op: (typeof OPERATIONS)[number]) => {
    if (op.privileges.length > 0 && op.privileges.every((p) => (EXPECTED_PARTNER_PRIVILEGES as readonly string[]).includes(p))) return partner;
    const access = EXPECTED_ACCESS[op.operationId];
    if (Array.isArray(access) && access.length === 1 && access[0] === 'CUSTOMER') return customer;
    const user = await createUser(t, { role: 'SUPERADMIN' });
    const token = (await t.api.login(user.username, user.password, user.appName)).token;
    fresh.set(op.operationId, token);
    return token;
  };
  const sql = <T = Json>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

  beforeAll(async () => {
    partner = (await partnerToken(t)).token;
    customer = await t.signIn('CUSTOMER');
    // A colnomina service and package for the lists to search through and the maximal orders to buy.
    const serviceId = (await createService(t, { appName: 'colnomina' })).id;
    await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 119000, taxIva: 19 });
  });

  it('walks the operations and their string fields', () => {
    expect(WITH_BODY.length).toBeGreaterThanOrEqual(60);
    expect(WITH_BODY.flatMap((op) => stringFields(op.bodySchema)).length).toBeGreaterThanOrEqual(250);
    expect(LISTS.map((op) => op.operationId)).toEqual(expect.arrayContaining(['listPayments', 'listPackages', 'listCustomers']));
  });

  describe.each(LISTS.map((op) => [op.operationId, op] as const))('the search of %s', (_, op) => {
    it('answers every hostile text with a list, or a 400 naming query.filter.q', async () => {
      const token = await callerOf(op);
      for (const q of ["'", "''", '\\', "\\'", ...hostileValues(100)]) {
        const res = await t.api.get(`${pathOf(op)}?filter=${encodeURIComponent(JSON.stringify({ q }))}`, token);
        expect([res.status, q]).toEqual([res.status < 500 ? res.status : 'a 4xx or 2xx', q]);
        if (!q.isWellFormed())
          expect(res.body.statusDetails).toContainEqual({ field: 'query.filter.q', description: 'no debe contener caracteres Unicode incompletos' });
      }
    });
  });

  describe.each(WITH_BODY.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', (_, op) => {
    it('answers every hostile value in every string field without a 5xx; a lone surrogate is a 400 naming the field', async () => {
      const token = await callerOf(op);
      const base = exampleOf(op.bodySchema);
      for (const field of stringFields(op.bodySchema)) {
        const name = `body.${field.path.join('.')}`;
        for (const value of hostileValues(field.maxLength)) {
          const res = await t.api.request(op.method, pathOf(op, { text: value }), token).send(withValue(base, field.path, value) as object);
          expect([name, value.slice(0, 20), res.status < 500 ? 'no 5xx' : res.body]).toEqual([name, value.slice(0, 20), 'no 5xx']);
          if (!value.isWellFormed()) {
            expect(res.status).toBe(400);
            expect(res.body.statusDetails).toContainEqual({ field: name, description: 'no debe contener caracteres Unicode incompletos' });
          }
        }
      }
    });
  });

  describe('a maximal order, all the way', () => {
    const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
    // The rules' own maxima (common/src/rules/purchase-form.ts), in the characters each field admits.
    const maximal = (personType: 'J' | 'N') => ({
      ...structuredClone(VALID_PURCHASE_CUSTOMERS),
      customerBilling: {
        ...VALID_PURCHASE_CUSTOMERS.customerBilling,
        ...(personType === 'N'
          ? { personType, documentTypeId: 1, documentNumber: '79123456', firstName: 'Ñ'.repeat(100), lastName: 'Á'.repeat(100), legalName: "'\\".repeat(500) }
          : { legalName: `Compañía ${'Ñ'.repeat(440)}` }),
        fulladdress: `Calle 8 # 6C-38, ${'Z'.repeat(283)}`,
        addressAdditionalInformation: `Oficina ${"'\\$$?".repeat(18)}`.slice(0, 100),
      },
    });
    const order = async (personType: 'J' | 'N', paymentMethod: string) => {
      const [service] = await sql<{ id: number }>(`select id from service where app_name = 'colnomina' order by id desc limit 1`);
      const [pkg] = await sql<{ id: number }>(`select p.id from package p join package_service ps on ps.package_id = p.id where ps.service_id = ? limit 1`, [
        service?.id,
      ]);
      await sql(
        `insert into email_verification (email, app_name, verified_at) values (?, 'colnomina', now()) on conflict (email, app_name) do update set verified_at = now()`,
        [VALID_PURCHASE_CUSTOMERS.customerBilling.email],
      );
      const body = {
        ...maximal(personType),
        packagesToPurchase: [{ packageId: pkg?.id, packageQuantity: 1 }],
        promotionCodeUse: null,
        totalPurchase: 119000,
        paymentMethod,
        appName: 'colnomina',
      };
      const res = await t.api.post(REGISTER).send(body).expect(200);
      const [row] = await sql<{ id: number }>(`select id from purchase_order where reference_uuid = ?`, [res.body.result.records.referenceUuid]);
      const records = res.body.result.records as Record<string, string>;
      return { id: Number(row?.id), referenceUuid: records.referenceUuid as string, records, body };
    };

    it.each(['J', 'N'] as const)('a cash order of person %s registers, is approved, e-mailed, listed, searched and exported', async (personType) => {
      const admin = await t.signIn('SUPERADMIN');
      const { id, body } = await order(personType, 'EFECTIVO');
      const approved = await t.api.post(`/license/api/PurchaseOrder/ChangeStatePurchase/${id}`, admin).send({ id, idState: 6 }).expect(200);
      expect(approved.body.statusMessage).toBe('Se ha aprobado el pago satisfactoriamente');
      const [state] = await sql<{ state: string }>(`select state from purchase_order where id = ?`, [id]);
      expect(state?.state).toBe('ACTIVATED');
      await drainOutbox(t.app);
      const mails = await sql<{ state: string }>(`select state from mail_message where subject like ? or text like ?`, [`%OC-${id} %`, `%OC-${id}%`]);
      expect(mails.length).toBeGreaterThan(0);
      const name = personType === 'J' ? body.customerBilling.legalName : 'Ñ'.repeat(100);
      const search = await t.api.get(`/api/v1/payments?filter=${encodeURIComponent(JSON.stringify({ q: name.slice(0, 100) }))}`, admin).expect(200);
      expect(search.body.map((p: { id: number }) => p.id)).toContain(id);
      const exported = await t.api.get(`/api/v1/payments/export?state=APPROVED&q=${encodeURIComponent(name.slice(0, 100))}`, admin).buffer(true);
      expect(exported.status).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
    });

    it('an online order of maximal fields opens its checkout and is paid through the sandbox gateway', async () => {
      const { referenceUuid, records } = await order('J', 'EN_LINEA');
      const link = { paymentId: records.epaycoPaymentCode, signToken: records.token, docType: records.documentType, docNumber: records.documentNumber };
      await t.api.get(`/api/v1/payments/checkout?${new URLSearchParams(link).toString()}`).expect(200);
      await t.api
        .post('/api/v1/payments/sandbox/decision')
        .type('form')
        .send({ ...link, decision: 'APPROVE' })
        .expect(303);
      const [state] = await sql<{ state: string }>(`select state from purchase_order where reference_uuid = ?`, [referenceUuid]);
      expect(state?.state).toBe('ACTIVATED');
    });
  });

  it('never writes a value into the text of a statement: the marker reached the database only as a bound value', () => {
    const inText = statements.filter((s) => s.text.includes(MARKER));
    expect(inText.map((s) => s.text.slice(0, 200))).toEqual([]);
    expect(statements.some((s) => s.values.some((v) => typeof v === 'string' && v.includes(MARKER)))).toBe(true);
    expect(fresh.size).toBeGreaterThan(0);
  });
});
