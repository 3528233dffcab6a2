import { createAccounts, TEST_PASSWORD } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

describe('users and roles', () => {
  const t = useTestApp();
  let admin: string;
  beforeAll(async () => {
    await createAccounts(t);
    admin = (await t.api.login('superadmin')).token;
  });

  const userId = async (name: string): Promise<string> => {
    const res = await t.api.get('/api/user/GetUserByNameId', admin).set('iduser', name).expect(200);
    return res.body.result.id as string;
  };

  it('returns the names of a user by id or by user name', async () => {
    const id = await userId('comercial');
    const byId = await t.api.get('/api/user/GetUserByNameId', admin).set('iduser', id).expect(200);
    expect(byId.body.result).toMatchObject({ userName: 'comercial', names: 'Carlos', surnames: 'Rendón Ospina' });
    await t.api.get('/api/user/GetUserByNameId', admin).set('iduser', 'nadie').expect(404);
  });

  it('lists users by role or by privilege, numbered', async () => {
    const byRole = await t.api.get('/api/user/get-users-by-role', admin).set('role', 'LICENSECOMERCIAL').expect(200);
    expect(byRole.body.result.recordsData[0].users).toEqual([expect.objectContaining({ sequence: 1, userName: 'comercial', names: 'Carlos' })]);
    const byPrivilege = await t.api.get('/api/user/get-users-by-role', admin).set('role', 'PAYMENTS_APPROVE').expect(200);
    expect(byPrivilege.body.result.recordsData[0].users.map((u: { userName: string }) => u.userName).sort()).toEqual(['financiero', 'superadmin']);
  });

  it('pages, sorts and searches users with Content-Range', async () => {
    const res = await t.api.get('/api/v1/users?sort=["userName","DESC"]&range=[0,1]', admin).expect(200);
    expect(res.body.map((u: { userName: string }) => u.userName)).toEqual(['superadmin', 'promocode']);
    expect(res.headers['content-range']).toBe('users 0-1/6');
    const search = await t.api.get(`/api/v1/users?filter=${encodeURIComponent('{"q":"rendón"}')}`, admin).expect(200);
    expect(search.body.map((u: { userName: string }) => u.userName)).toEqual(['comercial']);
    await t.api.get('/api/v1/users?sort=["password","ASC"]', admin).expect(400);
    await t.api.get('/api/v1/users?range=[0,10000]', admin).expect(400);
  });

  it('fetches several users by id, as react-admin does', async () => {
    const a = await userId('comercial');
    const b = await userId('consulta');
    const res = await t.api.get(`/api/v1/users?filter=${encodeURIComponent(JSON.stringify({ id: [a, b] }))}`, admin).expect(200);
    expect(res.body.map((u: { userName: string }) => u.userName).sort()).toEqual(['comercial', 'consulta']);
    const bad = await t.api.get(`/api/v1/users?filter=${encodeURIComponent(JSON.stringify({ id: [a, 'not-a-uuid'] }))}`, admin).expect(400);
    expect(bad.body.statusDetails).toEqual([{ field: 'query.filter.id.1', description: 'debe coincidir con el formato "uuid"' }]);
  });

  it('lists privileges with their descriptions and roles by id', async () => {
    const privileges = await t.api.get('/api/v1/privileges', admin).expect(200);
    expect(privileges.body).toContainEqual({ id: 'PAYMENTS_APPROVE', description: 'Aprobar o rechazar pagos en efectivo' });
    const roles = await t.api.get(`/api/v1/roles?filter=${encodeURIComponent('{"id":["LICFINANCIERO"]}')}`, admin).expect(200);
    expect(roles.body.map((r: { id: string }) => r.id)).toEqual(['LICFINANCIERO']);
  });

  it('shows the privilege matrix', async () => {
    const res = await t.api.get('/api/v1/roles', admin).expect(200);
    const promo = res.body.find((r: { id: string }) => r.id === 'LICENSEPROMOCODE');
    expect(promo.privileges).toEqual([
      'BACKOFFICE',
      'CONFIGURATION',
      'LICENSE_PROMOCODE_CREATE',
      'LICENSE_PROMOCODE_DELETE',
      'LICENSE_PROMOCODE_MODIFY',
      'LICENSE_PROMOCODE_READ',
    ]);
  });

  it('disabling a user ends its sessions and blocks sign-in; enabling restores it', async () => {
    const id = await userId('consulta');
    const session = await t.api.login('consulta');
    const user = (await t.api.get(`/api/v1/users/${id}`, admin).expect(200)).body;
    const updated = await t.api.put(`/api/v1/users/${id}`, admin).send({ enabled: false, version: user.version }).expect(200);
    expect(updated.body.enabled).toBe(false);
    await t.api.get('/api/v1/roles', session.token).expect(401);
    const refused = await t.api.post('/api/Login/Authenticate').send({ UserName: 'consulta', Password: TEST_PASSWORD, Appname: 'license' }).expect(401);
    expect(refused.body.statusMessage).toBe('Tu usuario está deshabilitado. Comunícate con el administrador.');
    await t.api.put(`/api/v1/users/${id}`, admin).send({ enabled: true, version: updated.body.version }).expect(200);
    await t.api.login('consulta');
  });

  it('answers 409 to an edit based on a stale version and keeps the winner', async () => {
    const id = await userId('promocode');
    const { version } = (await t.api.get(`/api/v1/users/${id}`, admin).expect(200)).body;
    const [a, b] = await Promise.all([
      t.api.put(`/api/v1/users/${id}`, admin).send({ names: 'Paula A.', version }),
      t.api.put(`/api/v1/users/${id}`, admin).send({ names: 'Paula B.', version }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'Paula A.' : 'Paula B.';
    expect((await t.api.get(`/api/v1/users/${id}`, admin).expect(200)).body.names).toBe(winner);
  });

  it('refuses business mistakes with 422 and Spanish messages', async () => {
    const self = await userId('superadmin');
    const res = await t.api.put(`/api/v1/users/${self}`, admin).send({ enabled: false }).expect(422);
    expect(res.body.statusMessage).toBe('No puedes deshabilitar tu propio usuario.');
    const other = await userId('comercial');
    await t.api.put(`/api/v1/users/${other}`, admin).send({ roleCode: 'NOPE' }).expect(422);
    await t.api.put(`/api/v1/users/${other}`, admin).send({ email: 'no-es-correo' }).expect(400);
    await t.api.get('/api/v1/users/not-a-uuid', admin).expect(400);
  });
});
