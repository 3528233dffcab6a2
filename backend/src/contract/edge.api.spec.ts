import { EXPECTED_PARTNER_PRIVILEGES } from '../auth/expected-access.js';
import { partnerToken } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { contractOperations, isIntegerSchema, type Json, pathOf, schemaOf, type WalkedOperation } from '../test-support/contract-walk.js';

const OPERATIONS = contractOperations();
/** The resource lists: every operation that takes a `filter`. */
const LISTS = OPERATIONS.filter((op) => op.parameters.some((p) => p.in === 'query' && p.name === 'filter'));
/** Operations with an integer path parameter (ids), with a valid value for each of their path parameters. */
const WITH_INTEGER_ID = OPERATIONS.filter((op) => op.parameters.some((p) => p.in === 'path' && isIntegerSchema(schemaOf(p.schema))));

/** The path with `value` in its integer parameters; the other path parameters get a valid value, so only the id is wrong. */
const pathWith = (op: WalkedOperation, value: string) => pathOf(op, { integer: value, text: 'x' });

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

const admitsString = (schema: Json) => [schema.type].flat().includes('string') && !schema.enum;

/** The top-level string fields of each JSON request body, with whether the contract marks them free text. */
const BODY_STRINGS = OPERATIONS.flatMap((op) => {
  const properties = (schemaOf(op.bodySchema).properties ?? {}) as Record<string, Json>;
  return Object.entries(properties)
    .map(([field, property]) => [field, schemaOf(property)] as const)
    .filter(([, property]) => admitsString(property))
    .map(([field, property]) => ({ op, field, multiline: property['x-multiline'] === true }));
});

const C0 = [...Array(32).keys(), 127].map((code) => String.fromCharCode(code));

describe('the edge, for every operation of the contract', () => {
  const t = useTestApp();
  let admin: string;
  let partner: string;
  /** Partners' own operations take only a partner's token; every other one (the orders' reads, open to both, too) the superadmin's. */
  const callerOf = (op: (typeof OPERATIONS)[number]) =>
    op.privileges.length > 0 && op.privileges.every((p) => (EXPECTED_PARTNER_PRIVILEGES as readonly string[]).includes(p)) ? partner : admin;
  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    partner = (await partnerToken(t)).token;
  });

  it('finds the lists and the id operations it walks', () => {
    expect(LISTS.map((op) => op.operationId)).toEqual(expect.arrayContaining(['listPackages', 'listFeatureTypes', 'listCustomers', 'listUsers']));
    expect(LISTS.length).toBeGreaterThanOrEqual(10);
    expect(WITH_INTEGER_ID.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(LISTS.map((op) => [op.operationId, op] as const))('%s', (_, op) => {
    it.each(PROTOTYPE_KEYS)('refuses the filter key %s with a 400 naming it, never a 500 or a filtered list', async (key) => {
      for (const value of ['{"phone":{"$like":"3%"}}', '{"$ne":null}', '"x"']) {
        const filter = encodeURIComponent(`{"${key}":${value}}`);
        const res = await t.api.get(`${pathWith(op, '1')}?filter=${filter}`, admin);
        expect(res.status).toBe(400);
        expect(res.body.statusDetails).toEqual([{ field: `query.filter.${key}`, description: 'no debe tener propiedades adicionales' }]);
      }
    });

    it('answers a text search', async () => {
      const res = await t.api.get(`${pathWith(op, '1')}?filter=${encodeURIComponent('{"q":"zona nómina"}')}`, admin).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
    });
  });

  it('searches feature types ignoring case and accents', async () => {
    const created = await t.api.post('/api/v1/feature-types', admin).send({ featureTypeName: 'Firmas Electrónicas Zeta', categoryType: 'T' }).expect(201);
    const res = await t.api.get(`/api/v1/feature-types?filter=${encodeURIComponent('{"q":"electronicas ZETA"}')}`, admin).expect(200);
    expect(res.body.map((f: { id: number }) => f.id)).toEqual([created.body.id]);
    await t.api.get(`/api/v1/feature-types?filter=${encodeURIComponent('{"q":"electronicas omega"}')}`, admin).expect(200, []);
  });

  it('finds the string fields it walks, free text among them', () => {
    expect(BODY_STRINGS.length).toBeGreaterThanOrEqual(50);
    expect(BODY_STRINGS.filter((s) => s.multiline).map((s) => s.field)).toEqual(expect.arrayContaining(['summaryHtml', 'SummaryHtml']));
  });

  it.each(BODY_STRINGS.map((s) => [`${s.op.operationId} body.${s.field}`, s] as const))(
    'refuses control characters in %s with a 400 naming the field',
    async (_, { op, field, multiline }) => {
      const allowed = multiline ? ['\t', '\r', '\n'] : [];
      for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', ...(multiline ? [] : ['\t', '\n'])]) {
        const res = await t.api.request(op.method, pathWith(op, '1'), callerOf(op)).send({ [field]: `a${control}b` });
        expect(res.status).toBe(400);
        expect(res.body.statusDetails).toContainEqual({ field: `body.${field}`, description: 'no debe contener caracteres de control' });
      }
      for (const control of allowed) {
        const res = await t.api.request(op.method, pathWith(op, '1'), callerOf(op)).send({ [field]: `a${control}b` });
        expect(res.body.statusDetails ?? []).not.toContainEqual(
          expect.objectContaining({ field: `body.${field}`, description: 'no debe contener caracteres de control' }),
        );
      }
    },
  );

  it('refuses every C0 control and DEL in the anonymous sign-in, escaped or raw', async () => {
    for (const control of C0) {
      const res = await t.api.post('/api/Login/Authenticate').send({ UserName: `super${control}admin`, Password: 'x', Appname: 'license' });
      expect(res.status).toBe(400);
      expect(res.body.statusDetails).toEqual([{ field: 'body.UserName', description: 'no debe contener caracteres de control' }]);
    }
    const raw = await t.api
      .post('/api/Login/Authenticate')
      .set('Content-Type', 'application/json')
      .send('{"UserName":"superadmin","Password":"a\u0000b","Appname":"license"}');
    // JSON itself does not allow a raw control character in a string.
    expect(raw.status).toBe(400);
    expect(raw.body.statusDetails).toEqual([{ field: 'body', description: 'el cuerpo no es un JSON válido' }]);
  });

  it('refuses control characters in upload file names, path and query strings and percent-encoded header text', async () => {
    const image = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    for (const [path, body, field] of [
      ['/api/v1/packages', { image: { fileName: 'oferta\u0000.png', contentBase64: image.toString('base64') } }, 'body.image.fileName'],
      ['/license/api/Package/SavePackage', { Image: { FileName: 'oferta\u0000.png', ContentFileBase64: image.toString('base64') } }, 'body.Image.FileName'],
    ] as const) {
      const upload = await t.api.post(path, admin).send(body);
      expect(upload.status).toBe(400);
      expect(upload.body.statusDetails).toContainEqual({ field, description: 'no debe contener caracteres de control' });
    }
    const brand = await t.api.get('/api/v1/brands/lic%00ense');
    expect(brand.status).toBe(400);
    expect(brand.body.statusDetails).toContainEqual({ field: 'path.appName', description: 'no debe contener caracteres de control' });
    const search = await t.api.get(`/api/v1/packages?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}`, admin);
    expect(search.status).toBe(400);
    expect(search.body.statusDetails).toEqual([{ field: 'query.filter.q', description: 'no debe contener caracteres de control' }]);
    const header = await t.api.get('/license/api/Package/GetPackages', admin).set('filter', 'a%00b');
    expect(header.status).toBe(400);
    expect(header.body.statusDetails).toEqual([{ field: 'header.filter', description: 'no debe contener caracteres de control' }]);
  });

  describe.each(WITH_INTEGER_ID.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', (_, op) => {
    it.each(['0x10', '+1', '%201', '1e1', '1.0', '-0', '%EF%BC%91'])('takes only digits as an id, not %s', async (id) => {
      const res = await t.api.request(op.method, pathWith(op, id), callerOf(op)).send(op.hasBody ? {} : undefined);
      expect(res.status).toBe(400);
      expect(res.body.statusDetails).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^path\./) })]));
    });
  });
});
