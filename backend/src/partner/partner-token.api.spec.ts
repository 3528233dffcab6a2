import { createApiClient, partnerToken } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const TOKEN = '/api/v1/oauth/token';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('OAuth 2.0 client-credentials grant (POST /api/v1/oauth/token)', () => {
  const t = useTestApp({ PARTNER_TOKEN_TTL: '600' });

  it('gives a bearer token for a form, for JSON and for HTTP Basic, never cached', async () => {
    const client = await createApiClient(t, { privileges: ['BALANCES_READ'] });
    const form = await t.api
      .post(TOKEN)
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(form.status).toBe(200);
    expect(form.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 600, scope: 'BALANCES_READ' });
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.headers['pragma']).toBe('no-cache');

    const json = await t.api.post(TOKEN).send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(json.status).toBe(200);
    const viaBasic = await t.api
      .post(TOKEN)
      .set('Authorization', basic(client.clientId, client.clientSecret))
      .type('form')
      .send({ grant_type: 'client_credentials' });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body.token_type).toBe('Bearer');
  });

  it('narrows the token to a requested scope and refuses a scope the client does not hold', async () => {
    const client = await createApiClient(t);
    const creds = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
    const narrow = await t.api.post(TOKEN).send({ ...creds, scope: 'CONSUMPTIONS_WRITE' });
    expect(narrow.body.scope).toBe('CONSUMPTIONS_WRITE');
    const whole = await t.api.post(TOKEN).send(creds);
    expect(whole.body.scope).toBe('BALANCES_READ CONSUMPTIONS_WRITE');

    const reader = await createApiClient(t, { privileges: ['BALANCES_READ'] });
    const wider = await t.api
      .post(TOKEN)
      .send({ grant_type: 'client_credentials', client_id: reader.clientId, client_secret: reader.clientSecret, scope: 'BALANCES_READ CONSUMPTIONS_WRITE' });
    expect(wider.status).toBe(400);
    expect(wider.body).toMatchObject({ error: 'invalid_scope', error_description: 'El cliente API no tiene: CONSUMPTIONS_WRITE' });
  });

  it('answers the RFC 6749 §5.2 errors', async () => {
    const client = await createApiClient(t);
    const noGrant = await t.api.post(TOKEN).send({ client_id: client.clientId, client_secret: client.clientSecret });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body).toMatchObject({ error: 'invalid_request', error_description: 'Falta el parámetro grant_type' });

    const password = await t.api.post(TOKEN).type('form').send({ grant_type: 'password', username: 'x', password: 'y' });
    expect(password.status).toBe(400);
    expect(password.body).toMatchObject({ error: 'unsupported_grant_type', error_description: 'Solo se admite grant_type=client_credentials' });

    const wrong = await t.api.post(TOKEN).send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'otro' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_client', error_description: 'Cliente API desconocido, revocado o con secreto incorrecto' });
    expect(wrong.headers['www-authenticate']).toBeUndefined();

    const unknown = await t.api.post(TOKEN).set('Authorization', basic('nadie', 'x')).send({ grant_type: 'client_credentials' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
    expect(unknown.headers['www-authenticate']).toMatch(/^Basic realm="licencias"/);

    const none = await t.api.post(TOKEN).send({ grant_type: 'client_credentials' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'invalid_client', error_description: 'Falta la autenticación del cliente' });

    const both = await t.api
      .post(TOKEN)
      .set('Authorization', basic(client.clientId, client.clientSecret))
      .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');

    const repeated = await t.api.post(TOKEN).type('form').send(`grant_type=client_credentials&grant_type=client_credentials&client_id=${client.clientId}`);
    expect(repeated.status).toBe(400);
  });

  it('takes forms only where the contract declares them', async () => {
    const admin = await t.signIn('SUPERADMIN');
    const res = await t.api.post('/api/v1/api-clients', admin).type('form').send({ name: 'X', appName: 'colnomina', privileges: 'BALANCES_READ' });
    expect(res.status).toBe(415);
  });

  it('reaches no staff or customer operation, and stops working once the client is revoked', async () => {
    const { token, client } = await partnerToken(t);
    expect((await t.api.post('/api/user/validatesession', token)).status).toBe(403);
    expect((await t.api.get('/api/v1/api-clients', token)).status).toBe(403);
    // Public operations ignore the partner's token.
    expect((await t.api.get('/api/v1/brands', token)).status).toBe(200);

    const admin = await t.signIn('SUPERADMIN');
    expect((await t.api.delete(`/api/v1/api-clients/${client.id}`, admin)).status).toBe(200);
    const after = await t.api.get('/api/v1/api-clients', token);
    expect(after.status).toBe(401);
    expect(after.body.statusMessage).toBe('El cliente API fue revocado');
    const again = await t.api.post(TOKEN).send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('invalid_client');
  });

  it('refuses a forged partner token', async () => {
    const { token } = await partnerToken(t);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await t.api.get('/api/v1/api-clients', forged)).status).toBe(401);
  });
});
