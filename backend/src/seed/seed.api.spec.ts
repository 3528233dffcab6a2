import { EntityManager } from '@mikro-orm/sql';
import { emptyDemoRefs } from '../database/seeding.js';
import { startTestApp } from '../test-support/test-app.js';
import { DEMO_SEEDERS, REFERENCE_SEEDERS } from './seed.service.js';

describe('seeding', () => {
  it('runs reference data, then the demo data of each domain in the order of one list', async () => {
    expect(REFERENCE_SEEDERS.map((s) => s.name)).toEqual(['reference data', 'privilege matrix', 'bootstrap superadmin']);
    expect(DEMO_SEEDERS.map((s) => s.name)).toEqual([
      'company',
      'users',
      'services',
      'features',
      'packages',
      'price tiers',
      'promo-codes',
      'licences',
      'agreements',
      'api-clients',
      'landing pages',
    ]);
    const t = await startTestApp({ DEMO_DATA: 'true' });
    try {
      const { token } = await t.api.login('superadmin');
      const count = async (path: string) => (await t.api.get(path, token).expect(200)).headers['content-range'];
      expect(await count('/api/v1/services')).toBe('services 0-4/5');
      expect(await count('/api/v1/packages?range=[0,99]')).toBe('packages 0-19/20');
      expect(await count('/api/v1/promo-codes?range=[0,99]')).toBe('promo-codes 0-6/7');
      // Colnómina's paid yearly base plans are priced by employees.
      const tiers = await t.api.get('/license/api/license/GetPriceByLicenseType').set('pType', 'CN-EMPRENDEDOR').expect(200);
      expect(tiers.body.result.records.map((r: { quantity: number; value: number }) => [r.quantity, r.value])).toEqual([
        [5, 180000],
        [10, 300000],
        [20, 480000],
        [30, 650000],
      ]);
      // The demo's landing pages are the storefront's own (/inicio), so the journey works offline.
      const brand = await t.api.get('/api/v1/brands/colnomina').expect(200);
      expect(brand.body.appInfo.urlLandingPage).toBe('/inicio');
      const parameters = await t.api.get('/license/api/parameter/GetAppParameters').set({ appName: 'colnomina' }).expect(200);
      const urls = parameters.body.result.records.find((r: { parameterCode: string }) => r.parameterCode === 'urlsFromBack');
      expect(JSON.parse(urls.parameterValue)).toEqual({
        type: 'object',
        value: { urlLandingPage: '/inicio', urlPersonalDataTreatmentPolicy: 'https://www.colnomina.com/politica-de-tratamiento-de-datos' },
      });
      const licenseApp = await t.api.get('/api/v1/brands/license').expect(200);
      expect(licenseApp.body.appInfo.urlLandingPage).not.toBe('/inicio');
      const cliente = await t.api.login('cliente', undefined, 'colnomina');
      expect(cliente.token).toBeTruthy();
      // The demo company (NIT 900123456) holds licences with months of use: one balance near 85 %,
      // one exhausted, one unlimited, one expired licence; the other demo companies hold some too.
      const company = (await t.api.get(`/api/v1/customers?filter=${encodeURIComponent('{"documentNumber":"900123456"}')}`, token).expect(200)).body[0];
      const filter = encodeURIComponent(JSON.stringify({ customerId: company.id }));
      const licences = (await t.api.get(`/api/v1/licences?filter=${filter}`, token).expect(200)).body as {
        state: string;
        packageSnapshot: { packageCode: string };
        balances: { serviceFeatureCode: string; percentageUsed: number; availability: string | null; unlimited: boolean }[];
      }[];
      const byCode = new Map(licences.map((l) => [l.packageSnapshot.packageCode, l]));
      expect([...byCode.keys()].sort()).toEqual(['BIILIMITADO', 'CF-INICIAL', 'CN-EMPRESARIAL', 'CN-MENSUAL', 'FY-PRO']);
      const balance = (code: string, feature: string) => byCode.get(code)?.balances.find((b) => b.serviceFeatureCode === feature);
      expect(balance('CN-EMPRESARIAL', 'COLNOMINA_EMPLEADO')).toMatchObject({ percentageUsed: 86, availability: 'Baja disponibilidad' });
      expect(balance('FY-PRO', 'FIRMAYA_FIRMA')).toMatchObject({ percentageUsed: 100, availability: 'Sin disponibilidad' });
      expect(balance('BIILIMITADO', 'FIRMAYA_FIRMA')).toMatchObject({ unlimited: true, availability: null });
      expect(byCode.get('CN-MENSUAL')?.state).toBe('EXPIRED');
      // Three agreements (one per demo company) granted four more licences; Los Andes' FirmaYa bag is
      // at 88 % with its alert at 90 %.
      expect(await count('/api/v1/licences?range=[0,99]')).toBe('licences 0-9/10');
      const agreements = (await t.api.get('/api/v1/agreements', token).expect(200)).body as { id: number; contractNumber: string }[];
      expect(agreements.map((a) => a.contractNumber).sort()).toEqual(['CONV-2026-0101', 'CONV-2026-0102', 'CONV-2026-0103']);
      const near = (await t.api.get(`/api/v1/agreements/${agreements.find((a) => a.contractNumber === 'CONV-2026-0101')!.id}`, token).expect(200)).body;
      expect(near.alertOptions.consumptionPercentageAlert).toBe(90);
      expect(near.contractedServices).toEqual([expect.objectContaining({ packageCode: 'FY-PRO', totalQuantity: 5000, used: 4400 })]);
    } finally {
      await t.close();
    }
  });

  it('fails clearly when a demo seeder runs before what it refers to', async () => {
    const t = await startTestApp({ DEMO_DATA: 'false' });
    try {
      const em = t.app.get(EntityManager).fork();
      const context = {
        em,
        config: t.config,
        now: new Date(),
        hashPassword: async () => 'x',
        endSessionsOfRoles: async () => undefined,
        demo: emptyDemoRefs(),
      };
      const features = DEMO_SEEDERS.find((s) => s.name === 'features')!;
      await expect(em.transactional(() => features.run(context))).rejects.toThrow(
        'Demo service Colnómina is missing: it must be seeded before the seeders that use it',
      );
    } finally {
      await t.close();
    }
  });
});

describe('seeding in production', () => {
  it('loads no demo data but creates the bootstrap superadmin', async () => {
    const t = await startTestApp({
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      JWT_SECRET: 'p'.repeat(40),
      EPAYCO_P_KEY: 'clave-de-epayco-de-prueba',
      BOOTSTRAP_ADMIN_USER: 'jefa',
      BOOTSTRAP_ADMIN_PASSWORD: 'clave-de-arranque-2026',
    });
    try {
      await t.api.post('/api/Login/Authenticate').send({ UserName: 'superadmin', Password: 'Licencias2026*', Appname: 'license' }).expect(401);
      const { token } = await t.api.login('jefa', 'clave-de-arranque-2026');
      const users = await t.api.get('/api/v1/users', token).expect(200);
      expect(users.body.map((u: { userName: string }) => u.userName)).toEqual(['jefa']);
      // Reference data is there without demo data.
      const states = await t.api.get('/license/api/parameter/GetListStatesAndCities').expect(200);
      expect(states.body.result.statesList).toHaveLength(33);
    } finally {
      await t.close();
    }
  });
});
