import { createService } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe('services API (resource and compatibility)', () => {
  const t = useTestApp();
  let admin: string;
  let comercial: string;

  beforeAll(async () => {
    [admin, comercial] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICENSECOMERCIAL')]);
  });

  it('lists services by name with their type, searching without accents', async () => {
    for (const [serviceName, serviceTypeId, appName] of [
      ['Listado Nómina', 1, 'colnomina'],
      ['Listado Firma', 2, 'firmaya'],
      ['Listado Correo', 4, null],
    ] as const)
      await createService(t, { serviceName, serviceTypeId, appName });
    const res = await t.api.get(`/api/v1/services?${filter({ q: 'listado' })}`, comercial).expect(200);
    expect(res.headers['content-range']).toBe('services 0-2/3');
    expect(res.body.map((s: { serviceName: string }) => s.serviceName)).toEqual(['Listado Correo', 'Listado Firma', 'Listado Nómina']);
    expect(res.body[2]).toMatchObject({ serviceType: { id: 1, serviceType1: 'Nómina electrónica' }, appName: 'colnomina', idstate: 0 });
    const search = await t.api.get(`/api/v1/services?${filter({ q: 'LISTADO NOMINA' })}`, comercial).expect(200);
    expect(search.body.map((s: { serviceName: string }) => s.serviceName)).toEqual(['Listado Nómina']);
    const types = await t.api.get('/api/v1/service-types', comercial).expect(200);
    expect(types.body[0]).toEqual({ id: 1, serviceType1: 'Nómina electrónica' });
  });

  it('creates, edits and toggles a service; unchanged saves write nothing', async () => {
    const created = await t.api.post('/api/v1/services', admin).send({ serviceTypeId: 3, serviceName: '  Colfactura POS ', appName: 'Colfactura' }).expect(201);
    expect(created.body).toMatchObject({ serviceName: 'Colfactura POS', appName: 'colfactura', descriptionService: null, version: 1 });
    const same = await t.api.put(`/api/v1/services/${created.body.id}`, admin).send(created.body).expect(200);
    expect(same.body.version).toBe(1);
    const edited = await t.api
      .put(`/api/v1/services/${created.body.id}`, admin)
      .send({ ...created.body, descriptionService: 'Punto de venta' })
      .expect(200);
    expect(edited.body).toMatchObject({ descriptionService: 'Punto de venta', version: 2 });
    await t.api
      .put(`/api/v1/services/${created.body.id}`, admin)
      .send({ ...created.body, descriptionService: 'Otra' })
      .expect(409);
    const off = await t.api.put(`/api/v1/services/${created.body.id}/state`, admin).send({ idstate: 1 }).expect(200);
    expect(off.body.idstate).toBe(1);
  });

  it('checks the dialog: 400 per field, 409 for a name taken, 422 for unknown references', async () => {
    const shape = await t.api
      .post('/api/v1/services', admin)
      .send({ serviceName: 'x'.repeat(101), descriptionService: 'd'.repeat(201) })
      .expect(400);
    expect(shape.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual([
      'body.descriptionService',
      'body.serviceName',
      'body.serviceTypeId',
    ]);
    await createService(t, { serviceName: 'FirmaYa Tomado' });
    const taken = await t.api.post('/api/v1/services', admin).send({ serviceTypeId: 1, serviceName: 'FIRMAYA TOMADO' }).expect(409);
    expect(taken.body.statusMessage).toBe('Ya existe un producto o servicio con ese nombre.');
    const unknown = await t.api.post('/api/v1/services', admin).send({ serviceTypeId: 99, serviceName: 'Nuevo', appName: 'nobrand' }).expect(422);
    expect(unknown.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(['serviceTypeId', 'appName']);
    await t.api.get('/api/v1/services/999999', admin).expect(404);
  });

  it('writes need LICENSE_FULL_ACCESS; reads need CONFIGURATION, PACKAGES or REPORTS', async () => {
    await t.api.post('/api/v1/services', comercial).send({ serviceTypeId: 1, serviceName: 'No' }).expect(403);
    await t.api.post('/license/api/service/RegisterService', comercial).send({ serviceTypeId: 1, serviceName: 'No' }).expect(403);
    await t.api.get('/api/v1/services', await t.signIn('LICFINANCIEROCONSULTA')).expect(200);
    await t.api.get('/api/v1/services', await t.signIn('CUSTOMER')).expect(403);
    await t.api.get('/api/v1/services').expect(401);
  });

  it('GetAllServices, RegisterService (create and update by Id) and ChangeStateService speak the old envelope', async () => {
    const before = (await t.api.get('/license/api/service/GetAllServices', comercial).expect(200)).body.result.records.length;
    const created = await t.api
      .post('/license/api/service/RegisterService', admin)
      .send({ Id: 0, serviceTypeId: 4, serviceName: 'FirmaMail Plus', description: 'Correo certificado con acuse', Status: true })
      .expect(200);
    expect(created.body.statusMessage).toBe('El producto o servicio se ha guardado exitosamente.');
    expect(created.body.result).toMatchObject({ serviceName: 'FirmaMail Plus', descriptionService: 'Correo certificado con acuse', idstate: 0 });
    const all = await t.api.get('/license/api/service/GetAllServices', comercial).expect(200);
    expect(all.body.result.records).toHaveLength(before + 1);
    const updated = await t.api
      .post('/license/api/service/RegisterService', admin)
      .send({ Id: created.body.result.id, serviceTypeId: 4, serviceName: 'FirmaMail Plus', description: 'Nueva descripción', Status: 0 })
      .expect(200);
    expect(updated.body.result).toMatchObject({ id: created.body.result.id, descriptionService: 'Nueva descripción', version: 2 });
    const off = await t.api.post('/license/api/service/ChangeStateService', admin).send({ Id: created.body.result.id, Status: 1 }).expect(200);
    expect(off.body.statusMessage).toBe('Se ha inactivado el producto o servicio exitosamente.');
    const on = await t.api.post('/license/api/service/ChangeStateService', admin).send({ Id: created.body.result.id, Status: true }).expect(200);
    expect(on.body.statusMessage).toBe('Se ha activado el producto o servicio exitosamente.');
    const taken = await t.api.post('/license/api/service/RegisterService', admin).send({ serviceTypeId: 1, serviceName: 'firmamail plus' }).expect(409);
    expect(taken.body.statusMessage).toBe('Ya existe un producto o servicio con ese nombre.');
    await t.api.post('/license/api/service/ChangeStateService', admin).send({ Id: 999999, Status: 1 }).expect(404);
  });

  it('GetAllServiceTypes answers id and serviceType1', async () => {
    const res = await t.api.get('/license/api/parameter/GetAllServiceTypes', comercial).expect(200);
    expect(res.body.result.records).toHaveLength(5);
    expect(res.body.result.records[4]).toEqual({ id: 5, serviceType1: 'Identidad digital' });
  });
});
