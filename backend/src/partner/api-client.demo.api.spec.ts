import { DEFAULT_DEMO_PASSWORD } from '../config/config.js';
import { useTestApp } from '../test-support/fixture.js';
import { demoClientSecret } from './api-client.demo.js';

describe('demo API clients', () => {
  const t = useTestApp({ DEMO_DATA: 'true' });
  const password = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  const token = async (brand: string) =>
    (
      await t.api
        .post('/api/v1/oauth/token')
        .send({ grant_type: 'client_credentials', client_id: `${brand}-demo`, client_secret: demoClientSecret(password, brand) })
    ).body.access_token as string;

  it('gives each brand a client whose secret derives from DEMO_PASSWORD', async () => {
    for (const brand of ['colnomina', 'firmaya', 'colfactura', 'firmamail', 'bemyself']) {
      const res = await t.api
        .post('/api/v1/oauth/token')
        .send({ grant_type: 'client_credentials', client_id: `${brand}-demo`, client_secret: demoClientSecret(password, brand) });
      expect(res.status).toBe(200);
      expect(res.body.scope).toBe('BALANCES_READ CONSUMPTIONS_WRITE');
    }
    const wrong = await t.api.post('/api/v1/oauth/token').send({ grant_type: 'client_credentials', client_id: 'colnomina-demo', client_secret: password });
    expect(wrong.status).toBe(401);
  });

  it("reads the demo company's balances of its own brand only, as the README shows", async () => {
    const firmaya = await t.api.get('/api/v1/balances?documentType=NIT&documentNumber=900123456&serviceFeatureCode=FIRMAYA_FIRMA', await token('firmaya'));
    expect(firmaya.status).toBe(200);
    expect(firmaya.body.length).toBeGreaterThan(0);
    expect(firmaya.body.every((b: { serviceFeatureCode: string }) => b.serviceFeatureCode === 'FIRMAYA_FIRMA')).toBe(true);
    const colfactura = await t.api.get(
      '/api/v1/balances?documentType=NIT&documentNumber=900123456&serviceFeatureCode=FIRMAYA_FIRMA',
      await token('colfactura'),
    );
    expect(colfactura.status).toBe(404);
  });
});
