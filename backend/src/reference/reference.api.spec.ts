import { parameterMap } from '@licencias/common/rules';
import { useTestApp } from '../test-support/fixture.js';
import { ReferenceService } from './reference.service.js';

describe('reference data', () => {
  const t = useTestApp({ BRAND_HOSTS: 'tienda.example.com=colfactura' });

  it('has all 33 departments and 1,122 municipalities with DANE codes', async () => {
    const res = await t.api.get('/license/api/parameter/GetListStatesAndCities').expect(200);
    const { statesList, itemsStatesList } = res.body.result;
    expect(statesList).toHaveLength(33);
    expect(itemsStatesList).toHaveLength(33);
    expect(statesList.reduce((n: number, s: { city: unknown[] }) => n + s.city.length, 0)).toBe(1122);
    const antioquia = statesList.find((s: { daneCode: string }) => s.daneCode === '05');
    expect(antioquia).toMatchObject({ id: 5, stateName: 'Antioquia' });
    expect(antioquia.city).toContainEqual({ id: 5001, daneCode: '05001', cityName: 'Medellín' });
    const bogota = statesList.find((s: { daneCode: string }) => s.daneCode === '11');
    expect(bogota.city).toHaveLength(1);
  });

  it('lists document types with their visibility flags', async () => {
    const res = await t.api.get('/license/api/parameter/GetAllDocumentTypes').expect(200);
    const codes = res.body.result.records.map((d: { value: number; documentTypeCode: string }) => `${d.value}:${d.documentTypeCode}`);
    expect(codes).toEqual(['1:CC', '2:CE', '3:NUIP', '4:NIT', '6:PA', '10:PEP', '13:PPT']);
    const nit = res.body.result.records.find((d: { value: number }) => d.value === 4);
    expect(nit).toMatchObject({
      text: 'Número de identificación tributaria',
      isVisibleForClient: true,
      isVisibleForSupervisor: false,
      countryDescriptions: { CO: 'Número de identificación tributaria' },
    });
  });

  it.each([
    ['colnomina', { N: [1, 2], J: [4], R: [1, 2, 6] }],
    ['colfactura', { N: [1, 2], J: [4], R: [1, 2, 6] }],
    ['firmaya', { N: [1], J: [4], R: [1] }],
    ['bemyself', { N: [1, 2, 6], J: [4], R: [1, 2, 6] }],
    ['tienda', { N: [1, 2, 6], J: [4], R: [1, 2, 6] }],
    ['license', { N: [1, 2, 6, 3], J: [4], R: [1, 2, 6] }],
  ])('allows the spec document types for %s', async (appName, documentTypes) => {
    const res = await t.api.get(`/api/v1/brands/${appName}`).expect(200);
    expect(res.body.documentTypes).toEqual(documentTypes);
  });

  it('returns typed application parameters of a brand', async () => {
    const res = await t.api
      .get('/license/api/parameter/GetAppParameters')
      .set({ appName: 'bemyself', tenant: 'CO', countryCode: 'CO', parameterType: 'STORE' })
      .expect(200);
    const values = parameterMap(res.body.result.records);
    expect(values).toMatchObject({
      paymentCashApply: false,
      promotionCodeApply: true,
      planFeaturesview: true,
      integrationServiceApply: false,
      maxPackageQuantity: 999,
    });
    expect(values.urlsFromBack).toEqual({
      urlLandingPage: 'https://www.bemyself.co',
      urlPersonalDataTreatmentPolicy: 'https://www.bemyself.co/politica-de-tratamiento-de-datos',
    });
    const firmaya = await t.api.get('/license/api/parameter/GetAppParameters').set({ appName: 'FirmaYa' }).expect(200);
    expect(parameterMap(firmaya.body.result.records).integrationServiceApply).toBe(true);
    await t.api.get('/license/api/parameter/GetAppParameters').set({ appName: 'nope' }).expect(404);
  });

  it('reads a system parameter by code', async () => {
    const res = await t.api.get('/license/api/Parameter/GetParameterByType?parameterCode=UNLIMITED_QUANTITY').expect(200);
    expect(res.body.result.parameterValue).toBe('1000000');
    await t.api.get('/license/api/Parameter/GetParameterByType?parameterCode=NOPE').expect(404);
    await t.api.get('/license/api/Parameter/GetParameterByType').expect(400);
  });

  it('lists reject types and e-mail blacklist rules', async () => {
    const reject = await t.api.get('/license/api/parameter/GetAllRejectTypes').expect(200);
    expect(reject.body.result.records[0]).toEqual({ id: 1, rejectTypeDescription: 'El comprobante es ilegible' });
    const blacklist = await t.api.get('/mail/api/Mail/emailsInBlackList').expect(200);
    expect(blacklist.body.result.records.map((r: { regla: string }) => r.regla)).toEqual(expect.arrayContaining(['yopmail.com', '*.tk']));
    // The e-mail check compiles a rule list once per array: every request must get the same one.
    const reference = t.app.get(ReferenceService);
    const rules = await reference.blockedDomainRules();
    expect(rules).toEqual(expect.arrayContaining(['yopmail.com', '*.tk']));
    expect(await reference.blockedDomainRules()).toBe(rules);
  });

  it('resolves the brand of the host', async () => {
    const byLabel = await t.api.get('/api/v1/brands/current').set('Host', 'firmaya.localhost:3000').expect(200);
    expect(byLabel.body).toMatchObject({ appName: 'firmaya', title: 'FirmaYa', tenant: 'CO' });
    expect(byLabel.headers.appname).toBe('firmaya');
    expect(byLabel.headers.tenant).toBe('CO');
    const mapped = await t.api.get('/api/v1/brands/current').set('Host', 'tienda.example.com').expect(200);
    expect(mapped.body.appName).toBe('colfactura');
    const fallback = await t.api.get('/api/v1/brands/current').set('Host', 'localhost:3000').expect(200);
    expect(fallback.body.appName).toBe('license');
    expect(fallback.body.theme.variants.letmicert.logoUrl).toBe('/api/v1/brands/license/logo?variant=letmicert');
  });

  it('lists every brand of the specs, with a dark one', async () => {
    const res = await t.api.get('/api/v1/brands').expect(200);
    expect(res.body.map((b: { appName: string }) => b.appName)).toEqual(['license', 'colnomina', 'firmaya', 'colfactura', 'firmamail', 'bemyself', 'tienda']);
    expect(res.body.find((b: { appName: string }) => b.appName === 'bemyself').theme.palette.mode).toBe('dark');
    expect(res.body.find((b: { appName: string }) => b.appName === 'tienda').configurable).toBe(true);
    expect(res.headers['content-range']).toBe('brands 0-6/7');
  });

  it('serves brand logos as SVG', async () => {
    const res = await t.api.get('/api/v1/brands/colnomina/logo').expect(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.text ?? res.body.toString()).toContain('Colnómina');
    // Opened on its own address, an SVG is a sandboxed document without scripts.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // Embedded by pages of other origins (the mailbox's sandboxed message, mail clients).
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const favicon = await t.api.get('/api/v1/brands/colnomina/favicon').expect(200);
    expect(favicon.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    await t.api.get('/api/v1/brands/license/logo?variant=letmicert').expect(200);
    await t.api.get('/api/v1/brands/license/logo?variant=otra').expect(400);
    await t.api.get('/api/v1/brands/nada/favicon').expect(404);
  });
});

describe('reference seeding', () => {
  it('is idempotent: a second start over the same database changes nothing and keeps operator edits', async () => {
    const { createTestDatabase, startTestApp: start } = await import('../test-support/test-app.js');
    const db = await createTestDatabase();
    if (!db.url) return; // the in-memory embedded database cannot be reopened; covered on PostgreSQL in CI
    const first = await start({}, db);
    const admin = (await first.api.login('superadmin')).token;
    const before = await first.api.get('/api/v1/users?range=[0,99]', admin).expect(200);
    await first.close();
    const second = await start({}, db);
    const after = await second.api.get('/api/v1/users?range=[0,99]', (await second.api.login('superadmin')).token).expect(200);
    expect(after.body.map((u: { id: string }) => u.id)).toEqual(before.body.map((u: { id: string }) => u.id));
    const states = await second.api.get('/license/api/parameter/GetListStatesAndCities').expect(200);
    expect(states.body.result.statesList).toHaveLength(33);
    await second.close();
    await db.drop();
  });
});
