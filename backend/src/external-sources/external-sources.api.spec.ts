import { createCustomer, createUser, partnerToken } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

/** GET /externalsources/api/rues (store §7): the built-in registry answers from the product's own companies. */
describe('RUES lookup (external sources)', () => {
  const t = useTestApp();
  let apiToken: string;
  let external: string;

  beforeAll(async () => {
    apiToken = await t.signIn('LICFINANCIERO');
    external = (await t.api.get('/license/api/Auth/GetTokenAdminIbuho', apiToken).expect(200)).body.result.token as string;
  });

  const rues = (documentNumber: string, token?: string) => t.api.get('/externalsources/api/rues', token).set('DocumentNumber', documentNumber);

  it('finds a company of the product by NIT with its check digit, and an unknown NIT as an empty list', async () => {
    const nit = `9${String(Date.now()).slice(-8)}`;
    const company = await createCustomer(t, { documentTypeId: 4, documentNumber: nit, legalName: 'Registro Mercantil de Prueba S.A.S.' });
    const res = await rues(nit, external).expect(200);
    expect(res.body.result.records).toEqual([
      {
        source: 'interna',
        documentNumber: nit,
        dv: company.dv,
        legalName: 'Registro Mercantil de Prueba S.A.S.',
        personType: 'J',
        registryChamber: null,
        registrationNumber: null,
        status: null,
        registrationDate: null,
        renewalDate: null,
        lastRenewedYear: null,
        raw: null,
      },
    ]);
    expect(company.dv).toMatch(/^\d$/);
    const raw = await rues(nit, external).set('GetRawInfo', 'true').set('StatusInfo', 'true').expect(200);
    expect(raw.body.result.records[0].raw).toEqual({ razonSocial: 'Registro Mercantil de Prueba S.A.S.', nit, dv: company.dv });
    expect((await rues('800000001', external).expect(200)).body.result.records).toEqual([]);
    await rues('12ab', external).expect(400);
  });

  it("opens only to the external-source token: none 401, the API's access token or a partner's 403, a closed session 401", async () => {
    await rues('800000001').expect(401);
    await rues('800000001', apiToken).expect(403);
    await rues('800000001', (await partnerToken(t, { appName: 'colnomina' })).token).expect(403);
    const user = await createUser(t, { role: 'LICENSECOMERCIAL' });
    const session = await t.api.login(user.username, user.password, user.appName);
    const scoped = (await t.api.get('/license/api/Auth/GetTokenAdminIbuho', session.token).expect(200)).body.result.token as string;
    await rues('800000001', scoped).expect(200);
    await t.api
      .put('/api/login/RevokeToken')
      .send({ UserName: user.username, Quantity: 1, AppName: user.appName, RefreshToken: session.refreshToken })
      .expect(200);
    await rues('800000001', scoped).expect(401);
  });
});
