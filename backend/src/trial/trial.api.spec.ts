import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { ReadCache } from '../cache/read-cache.js';
import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createPackage, createService, createServiceFeature, type PackageRecord, unique } from '../test-support/factories.js';

const OFFER = '/api/v1/trials/offers';
const REQUEST = '/api/v1/trials';
const ACTIVATE = '/api/v1/trials/activation';

type Body = Record<string, unknown>;

/**
 * The free trial (store §2 'Free trial', §4, §8; issue 13 item 3): the offer, 'Comenzar' with the
 * activation section's rules and the mailed link valid `userActivateTokenTime` minutes, the
 * activation through LicenceService (origin TRIAL), and one trial per company document and per
 * e-mail of each brand decided by PostgreSQL, also under concurrent requests.
 */
describe('Free trial', () => {
  const t = useTestApp();
  const appName = 'colnomina';
  let trialPackage: PackageRecord;
  let serviceId: number;
  let featureCode: string;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  let counter = 0;
  /** A natural person of its own (document and e-mail unique per test). */
  const person = (over: Body = {}): Body => {
    counter += 1;
    return {
      personType: 'N',
      documentTypeId: 1,
      documentNumber: String(52000000 + counter + Math.floor(Math.random() * 1000) * 1000),
      firstName: 'Camila',
      lastName: 'Rodríguez Peña',
      cellphoneNumber: '3104445566',
      email: `${unique('camila')}@empresa.com.co`.toLowerCase(),
      departmentId: 11,
      cityId: 11001,
      fulladdress: 'Calle 26 # 59-51',
      ...over,
    };
  };
  const body = (customer: Body, over: Body = {}): Body => ({ appName, customer, legalTermsCheck: true, ...over });
  /** The token of the newest trial link mailed to `email` (what follows `#` in the mail's link). */
  const linkToken = async (email: string): Promise<string> => {
    const [mail] = await sql<{ text: string }>(`select text from mail_message where to_address = ? and template = 'trial-link' order by id desc limit 1`, [
      email,
    ]);
    const match = /\/freeTrial\/activate#([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`No trial link mailed to ${email}`);
    return match[1];
  };
  const start = async (customer: Body): Promise<string> => {
    await t.api.post(REQUEST).send(body(customer)).expect(202);
    return linkToken(customer.email as string);
  };
  const setTrialPackage = (brand: string, code: string | null) =>
    code === null
      ? sql(`delete from app_parameter where app_name = ? and parameter_code = 'trialPackageCode'`, [brand])
      : sql(
          `insert into app_parameter (app_name, country_code, parameter_type, parameter_code, parameter_value, description) values (?, 'CO', 'STORE', 'trialPackageCode', ?, 'Paquete de la prueba gratis')
           on conflict (app_name, country_code, parameter_type, parameter_code) do update set parameter_value = excluded.parameter_value`,
          [brand, JSON.stringify({ type: 'string', value: code })],
        );
  const setLinkMinutes = async (minutes: number) => {
    await sql(`update brand set app_info = jsonb_set(app_info, '{userActivateTokenTime}', ?::jsonb) where app_name = ?`, [String(minutes), appName]);
    t.app.get(ReadCache).invalidate(['brands']);
  };

  beforeAll(async () => {
    const admin = await t.signIn('SUPERADMIN');
    serviceId = (await createService(t, { appName })).id;
    const feature = await createServiceFeature(t, { serviceId });
    featureCode = feature.serviceFeatureCode;
    trialPackage = await createPackage(t, {
      serviceIds: [serviceId],
      packageTypeId: 1,
      packageName: 'Colnómina Prueba',
      packagePrice: 0,
      taxIva: 0,
      validityPeriod: 15,
      validityTypeId: 'D',
      // Out of the store ('Asesor comercial'): only the trial grants it.
      channelIds: [2],
    });
    const current = (await t.api.get(`/api/v1/packages/${trialPackage.id}`, admin).expect(200)).body;
    await t.api
      .put(`/api/v1/packages/${trialPackage.id}/features`, admin)
      .send({ version: current.version, features: [{ serviceFeatureId: feature.id, quantity: 5 }] })
      .expect(200);
    await setTrialPackage(appName, trialPackage.packageCode);
  });

  describe('getTrialOffer', () => {
    it("answers the brand's trial package, its validity and features, and how long the link lasts", async () => {
      const res = await t.api.get(`${OFFER}/${appName}`).expect(200);
      expect(res.body).toEqual({
        appName,
        brandTitle: 'Colnómina',
        packageCode: trialPackage.packageCode,
        packageName: 'Colnómina Prueba',
        validityPeriod: 15,
        validityTypeId: 'D',
        features: [{ serviceFeatureCode: featureCode, description: expect.any(String), quantity: 5, unlimited: false }],
        linkValidMinutes: 60,
      });
    });

    it('says a brand without a trial package, or whose package is not of its service, has no trial', async () => {
      await setTrialPackage('firmamail', null);
      const none = await t.api.get(`${OFFER}/firmamail`).expect(404);
      expect(none.body.statusMessage).toBe('La prueba gratis no está disponible para esta marca.');
      await setTrialPackage('firmaya', trialPackage.packageCode);
      const foreign = await t.api.get(`${OFFER}/firmaya`).expect(404);
      expect(foreign.body.statusMessage).toBe('La prueba gratis no está disponible para esta marca.');
      await setTrialPackage('firmaya', null);
      await t.api.get(`${OFFER}/noexiste`).expect(404);
    });
  });

  describe('requestTrial', () => {
    it("mails a link valid userActivateTokenTime minutes, answers '¡Revisa tu Email!', and keeps only the token's SHA-256", async () => {
      await setLinkMinutes(30);
      try {
        const customer = person({ email: '  Camila.Trial@Empresa.com.co ' });
        const res = await t.api.post(REQUEST).send(body(customer)).expect(202);
        expect(res.body).toEqual({
          statusMessage: '¡Revisa tu Email!',
          email: 'camila.trial@empresa.com.co',
          linkValidMinutes: 30,
          expiresAt: expect.any(String),
        });
        const token = await linkToken('camila.trial@empresa.com.co');
        const [row] = await sql<{ token_hash: string; minutes: string; state: string; email: string }>(
          `select token_hash, extract(epoch from expires_at - created_at)::text as minutes, state, email from trial_request where email = ?`,
          ['camila.trial@empresa.com.co'],
        );
        expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
        expect(row?.token_hash).not.toContain(token);
        expect(Number(row?.minutes)).toBe(30 * 60);
        expect(row?.state).toBe('PENDING');
        const [mail] = await sql<{ subject: string; text: string }>(`select subject, text from mail_message where to_address = ? and template = 'trial-link'`, [
          'camila.trial@empresa.com.co',
        ]);
        expect(mail?.subject).toBe('Activa tu prueba gratis de Colnómina');
        expect(mail?.text).toContain('El enlace vence en 30 minutos.');
        expect(mail?.text).toContain('http://colnomina.localhost');
      } finally {
        await setLinkMinutes(60);
      }
    });

    it('refuses the activation section field by field with the purchase form messages, and the unaccepted terms', async () => {
      const res = await t.api
        .post(REQUEST)
        .send(body(person({ documentNumber: '12', cellphoneNumber: '31044', email: 'a@b.co', firstName: '' }), { legalTermsCheck: false }))
        .expect(422);
      expect(res.body.statusDetails).toEqual([
        { field: 'body.customer.documentNumber', description: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.' },
        { field: 'body.customer.firstName', description: 'Campo obligatorio' },
        { field: 'body.customer.cellphoneNumber', description: 'El campo debe ser numérico de 10 cifras' },
        { field: 'body.customer.email', description: 'Debe ingresar una dirección de correo válida, mínimo 10 caracteres' },
        { field: 'body.legalTermsCheck', description: 'Debes aceptar la Política de Tratamiento de Datos Personales y Términos y Condiciones.' },
      ]);
      expect(Number((await sql<{ n: string }>(`select count(*) as n from trial_request where document_number = '12'`))[0]?.n)).toBe(0);
    });

    it('refuses the shape with a 400 per field', async () => {
      const res = await t.api
        .post(REQUEST)
        .send({ appName, customer: { ...person(), extra: 1 } })
        .expect(400);
      expect(res.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.legalTermsCheck']));
    });

    it('answers 404 for a brand without trial', async () => {
      const res = await t.api
        .post(REQUEST)
        .send(body(person(), { appName: 'firmamail' }))
        .expect(404);
      expect(res.body.statusMessage).toBe('La prueba gratis no está disponible para esta marca.');
    });

    it('waits 60 seconds before another link to the same e-mail (429 with Retry-After)', async () => {
      const customer = person();
      await t.api.post(REQUEST).send(body(customer)).expect(202);
      const res = await t.api.post(REQUEST).send(body(customer)).expect(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body.statusMessage).toMatch(/^Espera \d+ segundos para solicitar un nuevo enlace\.$/);
    });
  });

  describe('activateTrial', () => {
    it('grants the trial package as a TRIAL licence to a new company, and mails the activation', async () => {
      const customer = person();
      const token = await start(customer);
      const res = await t.api.post(ACTIVATE).send({ token }).expect(200);
      expect(res.body).toEqual({
        statusMessage: '¡Tu prueba gratis está activa!',
        appName,
        brandTitle: 'Colnómina',
        packageName: 'Colnómina Prueba',
        licenceId: expect.any(Number),
        effectiveAt: expect.any(String),
        expiresAt: expect.any(String),
        urlApp: 'https://www.colnomina.com',
      });
      const [licence] = await sql<{ origin: string; origin_reference: string; package_id: number; service_id: number; state: string; days: string }>(
        `select origin, origin_reference, package_id, service_id, state, extract(day from expires_at - effective_at)::text as days from licence where id = ?`,
        [res.body.licenceId],
      );
      expect(licence).toEqual(expect.objectContaining({ origin: 'TRIAL', package_id: trialPackage.id, service_id: serviceId, state: 'ACTIVE' }));
      expect(Number(licence?.days)).toBeGreaterThanOrEqual(14);
      const [company] = await sql<{ first_name: string; email: string }>(
        `select first_name, email from customer where document_type_id = 1 and document_number = ?`,
        [customer.documentNumber],
      );
      expect(company).toEqual({ first_name: 'Camila', email: customer.email });
      const [balance] = await sql<{ total: number }>(`select total from licence_balance where licence_id = ?`, [res.body.licenceId]);
      expect(Number(balance?.total)).toBe(5);
      const mails = await sql<{ template: string }>(`select template from mail_message where to_address = ? order by id`, [customer.email]);
      expect(mails.map((m) => m.template)).toEqual(['trial-link', 'activation']);
    });

    it('grants the licence to the company that already exists, without changing its record', async () => {
      const company = await createCustomer(t, { personType: 'N', documentTypeId: 1, documentNumber: '1020304050', firstName: 'Registrada', lastName: 'Antes' });
      const token = await start(person({ documentNumber: '1020304050' }));
      const res = await t.api.post(ACTIVATE).send({ token }).expect(200);
      const [licence] = await sql<{ customer_id: number }>(`select customer_id from licence where id = ?`, [res.body.licenceId]);
      expect(licence?.customer_id).toBe(company.id);
      const [record] = await sql<{ first_name: string }>(`select first_name from customer where id = ?`, [company.id]);
      expect(record?.first_name).toBe('Registrada');
    });

    it('refuses a reused link, an unknown one and an expired one with their messages', async () => {
      const token = await start(person());
      await t.api.post(ACTIVATE).send({ token }).expect(200);
      const reused = await t.api.post(ACTIVATE).send({ token }).expect(422);
      expect(reused.body.statusMessage).toBe('Este enlace ya fue usado: tu prueba gratis ya está activa.');
      const unknown = await t.api
        .post(ACTIVATE)
        .send({ token: 'x'.repeat(43) })
        .expect(422);
      expect(unknown.body.statusMessage).toBe('El enlace de activación no es válido.');

      const late = person();
      const lateToken = await start(late);
      await sql(`update trial_request set expires_at = now() - interval '1 second' where email = ?`, [late.email]);
      const expired = await t.api.post(ACTIVATE).send({ token: lateToken }).expect(422);
      expect(expired.body.statusMessage).toBe('El enlace de activación venció. Solicita de nuevo tu prueba gratis.');
      expect(
        Number(
          (
            await sql<{ n: string }>(`select count(*) as n from licence where origin_reference in (select 'trial-' || id from trial_request where email = ?)`, [
              late.email,
            ])
          )[0]?.n,
        ),
      ).toBe(0);
    });

    it('gives each company one trial per brand and each e-mail one trial per brand', async () => {
      const first = person();
      await t.api
        .post(ACTIVATE)
        .send({ token: await start(first) })
        .expect(200);

      const sameCompany = await t.api
        .post(REQUEST)
        .send(body(person({ documentNumber: first.documentNumber })))
        .expect(422);
      expect(sameCompany.body.statusMessage).toBe('Esta empresa ya usó su prueba gratis de Colnómina.');
      expect(sameCompany.body.statusDetails).toEqual([
        { field: 'body.customer.documentNumber', description: 'Esta empresa ya usó su prueba gratis de Colnómina.' },
      ]);
      const sameEmail = await t.api
        .post(REQUEST)
        .send(body(person({ email: first.email })))
        .expect(422);
      expect(sameEmail.body.statusMessage).toBe('Este correo electrónico ya se usó para una prueba gratis de Colnómina.');
    });

    it('of concurrent activations for one company, exactly one grants a licence (the unique index decides)', async () => {
      const documentNumber = '71555666';
      const tokens: string[] = [];
      for (let i = 0; i < 8; i++) tokens.push(await start(person({ documentNumber })));
      const answers = await Promise.all(tokens.map((token) => t.api.post(ACTIVATE).send({ token })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
      for (const a of answers.filter((x) => x.status === 422)) expect(a.body.statusMessage).toBe('Esta empresa ya usó su prueba gratis de Colnómina.');
      const [count] = await sql<{ n: string }>(
        `select count(*) as n from licence l join customer c on c.id = l.customer_id where l.origin = 'TRIAL' and c.document_number = ?`,
        [documentNumber],
      );
      expect(Number(count?.n)).toBe(1);
    });

    it('of concurrent activations for one e-mail (different companies), exactly one grants a licence', async () => {
      const email = `${unique('compartido')}@empresa.com.co`.toLowerCase();
      const tokens: string[] = [];
      for (let i = 0; i < 6; i++) {
        tokens.push(await start(person({ email })));
        // Another link to the same e-mail only after the wait: let the test move the last one back.
        await sql(`update trial_request set created_at = created_at - interval '2 minutes' where email = ?`, [email]);
      }
      const answers = await Promise.all(tokens.map((token) => t.api.post(ACTIVATE).send({ token })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(422);
        expect(a.body.statusMessage).toBe('Este correo electrónico ya se usó para una prueba gratis de Colnómina.');
      }
      const [count] = await sql<{ n: string }>(`select count(*) as n from trial_request where email = ? and state = 'ACTIVATED'`, [email]);
      expect(Number(count?.n)).toBe(1);
    });

    it('of concurrent uses of one link, exactly one activates', async () => {
      const token = await start(person());
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.post(ACTIVATE).send({ token })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.statusMessage).toBe('Este enlace ya fue usado: tu prueba gratis ya está activa.');
    });

    it('refuses a malformed token with a 400', async () => {
      await t.api.post(ACTIVATE).send({ token: 'no válido' }).expect(400);
      await t.api.post(ACTIVATE).send({}).expect(400);
    });
  });
});
