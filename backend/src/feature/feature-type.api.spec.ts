import { createFeatureType } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

describe('feature types API (resource and compatibility)', () => {
  const t = useTestApp();
  let admin: string;
  let comercial: string;

  beforeAll(async () => {
    [admin, comercial] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICENSECOMERCIAL')]);
    await createFeatureType(t, { featureTypeName: 'Usuarios', categoryType: 'F' });
    await createFeatureType(t, { featureTypeName: 'Almacenamiento', categoryType: 'F' });
    await createFeatureType(t, { featureTypeName: 'Documentos electrónicos', categoryType: 'T' });
    const inactive = await createFeatureType(t, { featureTypeName: 'Soporte prioritario', categoryType: 'F' });
    await t.api.put(`/api/v1/feature-types/${inactive.id}/state`, admin).send({ idstate: 1 }).expect(200);
  });

  it('lists feature types with their category name, filtered by category and state', async () => {
    const res = await t.api.get(`/api/v1/feature-types?filter=${encodeURIComponent('{"categoryType":"F","idstate":0}')}`, comercial).expect(200);
    expect(res.body.map((f: { featureTypeName: string; categoryTypeName: string }) => [f.featureTypeName, f.categoryTypeName])).toEqual([
      ['Almacenamiento', 'Funcionalidad Sistema'],
      ['Usuarios', 'Funcionalidad Sistema'],
    ]);
  });

  it('creates, edits and toggles; the name is unique ignoring case and accents', async () => {
    const created = await t.api.post('/api/v1/feature-types', admin).send({ featureTypeName: 'Consultas', categoryType: 'T' }).expect(201);
    expect(created.body).toMatchObject({ featureTypeName: 'Consultas', categoryType: 'T', categoryTypeName: 'Transaccionalidad', idstate: 0, version: 1 });
    const same = await t.api.put(`/api/v1/feature-types/${created.body.id}`, admin).send(created.body).expect(200);
    expect(same.body.version).toBe(1);
    const edited = await t.api
      .put(`/api/v1/feature-types/${created.body.id}`, admin)
      .send({ ...created.body, categoryType: 'F' })
      .expect(200);
    expect(edited.body).toMatchObject({ categoryTypeName: 'Funcionalidad Sistema', version: 2 });
    const taken = await t.api.post('/api/v1/feature-types', admin).send({ featureTypeName: 'DOCUMENTOS ELECTRONICOS', categoryType: 'T' }).expect(409);
    expect(taken.body.statusMessage).toBe('Ya existe un tipo de característica con ese nombre.');
    const shape = await t.api
      .post('/api/v1/feature-types', admin)
      .send({ featureTypeName: 'x'.repeat(51), categoryType: 'X' })
      .expect(400);
    expect(shape.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual(['body.categoryType', 'body.featureTypeName']);
    await t.api.put(`/api/v1/feature-types/${created.body.id}/state`, admin).send({ idstate: 1, version: 1 }).expect(409);
    await t.api.post('/api/v1/feature-types', comercial).send({ featureTypeName: 'No', categoryType: 'T' }).expect(403);
  });

  it('GetAllFeatureType, RegisterFeatureType and ChangeStateFeatureType speak the old envelope', async () => {
    const all = await t.api.get('/license/api/featureType/GetAllFeatureType', comercial).expect(200);
    expect(all.body.result.featureTypeList.map((f: { featureTypeName: string }) => f.featureTypeName)).toEqual(
      expect.arrayContaining(['Almacenamiento', 'Soporte prioritario', 'Usuarios']),
    );
    const created = await t.api
      .post('/license/api/featureType/RegisterFeatureType', admin)
      .send({ featureTypeName: 'Validaciones', categoryType: 'T', status: 0, Id: 0 })
      .expect(200);
    expect(created.body.statusMessage).toBe('La característica se ha guardado exitosamente.');
    const renamed = await t.api
      .post('/license/api/featureType/RegisterFeatureType', admin)
      .send({ featureTypeName: 'Validaciones de identidad', categoryType: 'T', status: 0, Id: created.body.result.id })
      .expect(200);
    expect(renamed.body.result).toMatchObject({ id: created.body.result.id, featureTypeName: 'Validaciones de identidad' });
    const off = await t.api.post('/license/api/featureType/ChangeStateFeatureType', admin).send({ Id: created.body.result.id, Status: 1 }).expect(200);
    expect(off.body.statusMessage).toBe('Se ha inactivado la característica exitosamente.');
    const on = await t.api.post('/license/api/featureType/ChangeStateFeatureType', admin).send({ Id: created.body.result.id, Status: 0 }).expect(200);
    expect(on.body.statusMessage).toBe('Se ha activado la característica exitosamente.');
  });

  it('GetAllFeatureTypes lists only active types for selectors', async () => {
    const res = await t.api.get('/license/api/parameter/GetAllFeatureTypes', comercial).expect(200);
    const names = res.body.result.records.map((r: { featureTypeName: string }) => r.featureTypeName);
    expect(names).toContain('Almacenamiento');
    expect(names).not.toContain('Soporte prioritario');
    expect(Object.keys(res.body.result.records[0]).sort()).toEqual(['categoryType', 'featureTypeName', 'id']);
  });
});
