import { startTestApp, type TestApp } from '../test-support/test-app.js';

describe('login API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in a demo user and returns a token pair in the envelope', async () => {
    const res = await t.api.post('/api/Login/Authenticate').send({ UserName: 'superadmin', Password: 'Licencias2026*', Appname: 'license' }).expect(200);
    expect(res.body.statusCode).toBe(200);
    expect(res.body.result.token.split('.')).toHaveLength(3);
    expect(res.body.result.expiresIn).toBe(900);
  });
});
