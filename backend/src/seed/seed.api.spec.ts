import { startTestApp } from '../test-support/test-app.js';

describe('seeding in production', () => {
  it('loads no demo data but creates the bootstrap superadmin', async () => {
    const t = await startTestApp({
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      JWT_SECRET: 'p'.repeat(40),
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
