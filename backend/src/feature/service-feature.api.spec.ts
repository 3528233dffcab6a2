import { createFeatureType, createService, createServiceFeature } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { ServiceFeatureService } from './service-feature.service.js';

const STALE_MESSAGE = 'El registro fue modificado por otra persona. Recarga e inténtalo de nuevo.';
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe('service features API (resource and compatibility)', () => {
  const t = useTestApp();
  let admin: string;
  let comercial: string;
  const ids: Record<string, number> = {};
  const services: Record<string, number> = {};
  const types: Record<string, number> = {};

  beforeAll(async () => {
    [admin, comercial] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICENSECOMERCIAL')]);
    for (const [name, serviceTypeId] of [
      ['Colnómina', 1],
      ['FirmaYa', 2],
      ['FirmaMail', 4],
      ['BeMyself', 5],
    ] as const)
      services[name] = (await createService(t, { serviceName: name, serviceTypeId })).id;
    for (const [name, categoryType] of [
      ['Empleados', 'T'],
      ['Usuarios', 'F'],
      ['Firmas', 'T'],
      ['Documentos', 'T'],
      ['Correos', 'T'],
      ['Certificados', 'T'],
    ] as const)
      types[name] = (await createFeatureType(t, { featureTypeName: name, categoryType })).id;
    const features: [string, string, string, string, string?][] = [
      ['Colnómina', 'COLNOMINA_EMPLEADO', 'Empleados', 'Empleados'],
      ['Colnómina', 'COLNOMINA_USUARIO', 'Usuarios administradores', 'Usuarios'],
      ['FirmaYa', 'FIRMAYA_FIRMA', 'Firmas electrónicas', 'Firmas'],
      ['FirmaYa', 'FIRMAYA_FIRMA_OTP', 'Firmas con validación OTP', 'Firmas', 'FIRMAYA_FIRMA'],
      ['FirmaYa', 'FIRMAYA_USUARIO', 'Usuarios firmantes', 'Usuarios'],
      ['FirmaYa', 'FIRMAYA_ALMACENAMIENTO', 'Almacenamiento de documentos firmados', 'Documentos'],
      ['BeMyself', 'BEMYSELF_CERTIFICADODIGITALPJ', 'Certificado digital persona jurídica', 'Certificados'],
    ];
    for (const [service, serviceFeatureCode, featureDescription, type, parent] of features)
      ids[serviceFeatureCode] = (
        await createServiceFeature(t, {
          serviceId: services[service],
          featureTypeId: types[type],
          serviceFeatureCode,
          featureDescription,
          featureRelation: parent ? ids[parent] : null,
        })
      ).id;
  });

  it('lists features with their service, type and parent, filtered', async () => {
    const res = await t.api.get(`/api/v1/service-features?${filter({ serviceId: services.FirmaYa })}`, comercial).expect(200);
    expect(res.body.map((f: { serviceFeatureCode: string }) => f.serviceFeatureCode)).toEqual([
      'FIRMAYA_ALMACENAMIENTO',
      'FIRMAYA_FIRMA',
      'FIRMAYA_FIRMA_OTP',
      'FIRMAYA_USUARIO',
    ]);
    const otp = res.body[2];
    expect(otp).toMatchObject({
      serviceName: 'FirmaYa',
      serviceId: services.FirmaYa,
      featureTypeName: 'Firmas',
      featureCategoryType: 'T',
      featureRelation: ids.FIRMAYA_FIRMA,
      featureRelationName: 'Firmas electrónicas',
    });
    const children = await t.api.get(`/api/v1/service-features?${filter({ principal: false })}`, comercial).expect(200);
    expect(children.body.map((f: { serviceFeatureCode: string }) => f.serviceFeatureCode)).toEqual(['FIRMAYA_FIRMA_OTP']);
    const search = await t.api.get(`/api/v1/service-features?${filter({ q: 'juridica' })}`, comercial).expect(200);
    expect(search.body.map((f: { serviceFeatureCode: string }) => f.serviceFeatureCode)).toEqual(['BEMYSELF_CERTIFICADODIGITALPJ']);
  });

  it('creates and edits features; a parent must be a principal feature of the same service', async () => {
    const base = {
      serviceId: services['Colnómina'],
      serviceFeatureCode: 'COLNOMINA_CONTRATO',
      featureDescription: 'Contratos laborales',
      featureTypeId: types.Documentos,
    };
    const created = await t.api
      .post('/api/v1/service-features', admin)
      .send({ ...base, featureRelation: ids.COLNOMINA_EMPLEADO, urlImageFeature: 'https://cdn.example.com/contrato.svg' })
      .expect(201);
    expect(created.body).toMatchObject({ featureRelation: ids.COLNOMINA_EMPLEADO, featureRelationName: 'Empleados', isunlimited: false, version: 1 });
    const same = await t.api.put(`/api/v1/service-features/${created.body.id}`, admin).send(created.body).expect(200);
    expect(same.body.version).toBe(1);

    for (const parent of [ids.FIRMAYA_FIRMA, ids.FIRMAYA_FIRMA_OTP, created.body.id]) {
      const res = await t.api
        .put(`/api/v1/service-features/${created.body.id}`, admin)
        .send({ ...created.body, featureRelation: parent })
        .expect(422);
      expect(res.body.statusMessage).toBe('La característica relacionada debe ser una característica principal del mismo servicio.');
    }
    const asParent = await t.api
      .put(`/api/v1/service-features/${ids.COLNOMINA_EMPLEADO}`, admin)
      .send({ ...base, serviceFeatureCode: 'COLNOMINA_EMPLEADO', featureRelation: ids.COLNOMINA_USUARIO, version: 1 })
      .expect(422);
    expect(asParent.body.statusMessage).toBe('Una característica de la que dependen otras no puede depender de otra.');
    const taken = await t.api
      .post('/api/v1/service-features', admin)
      .send({ ...base, serviceFeatureCode: 'colnomina_usuario' })
      .expect(409);
    expect(taken.body.statusMessage).toBe('Ya existe una característica del servicio con ese código.');
    const shape = await t.api
      .post('/api/v1/service-features', admin)
      .send({
        ...base,
        serviceFeatureCode: 'CON ESPACIO',
        featureDescription: '',
        featureAlias: 'a'.repeat(101),
        colorFeature: 'c'.repeat(51),
        urlImageFeature: 'u'.repeat(1001),
      })
      .expect(400);
    expect(shape.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual([
      'body.colorFeature',
      'body.featureAlias',
      'body.featureDescription',
      'body.serviceFeatureCode',
      'body.urlImageFeature',
    ]);
    const unknown = await t.api
      .post('/api/v1/service-features', admin)
      .send({ ...base, serviceFeatureCode: 'X_1', serviceId: 999999, featureTypeId: 999999 })
      .expect(422);
    expect(unknown.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(['serviceId', 'featureTypeId']);
  });

  it('GetOnlyParentServices and GetAllServiceFeatures page with lastRow and numRows', async () => {
    const parents = await t.api.get('/license/api/ServiceFeature/GetOnlyParentServices', comercial).set('lastRow', '0').set('numRows', '5').expect(200);
    expect(parents.body.result.serviceFeatureDetailsList).toHaveLength(5);
    expect(parents.body.result.serviceFeatureDetailsList.every((f: { featureRelation: number | null }) => f.featureRelation === null)).toBe(true);
    const total = Number((await t.api.get('/api/v1/service-features', comercial).expect(200)).headers['content-range'].split('/')[1]);
    const all = await t.api.get('/license/api/servicefeature/GetAllServiceFeatures', comercial).set('lastRow', '3').set('numRows', '100').expect(200);
    expect(all.body.result.serviceFeatureList.rows).toBe(total);
    expect(all.body.result.serviceFeatureList.records).toHaveLength(total - 3);
    await t.api.get('/license/api/servicefeature/GetAllServiceFeatures', comercial).set('numRows', 'muchas').expect(400);
  });

  it('RegisterServiceFeature and ChangeStateServiceFeature speak the old envelope', async () => {
    const created = await t.api
      .post('/license/api/servicefeature/RegisterServiceFeature', admin)
      .send({
        id: 0,
        serviceTypeId: services.FirmaMail,
        serviceFeatureCode: 'FIRMAMAIL_ADJUNTO',
        featureDescription: 'Adjuntos certificados',
        featureTypeId: types.Correos,
        featureRelation: null,
        status: 0,
      })
      .expect(200);
    expect(created.body.statusMessage).toBe('La característica del servicio se ha guardado exitosamente.');
    expect(created.body.result).toMatchObject({ serviceId: services.FirmaMail, serviceName: 'FirmaMail', serviceFeatureCode: 'FIRMAMAIL_ADJUNTO' });
    const off = await t.api
      .post('/license/api/servicefeature/ChangeStateServiceFeature', admin)
      .send({ Id: created.body.result.id, Status: false })
      .expect(200);
    expect(off.body.statusMessage).toBe('Se ha inactivado la característica del servicio exitosamente.');
    expect(off.body.result.idstate).toBe(1);
    await t.api
      .post('/license/api/servicefeature/RegisterServiceFeature', comercial)
      .send({ serviceTypeId: services.FirmaMail, serviceFeatureCode: 'NO', featureDescription: 'No', featureTypeId: types.Correos })
      .expect(403);
  });

  it('saves a change with a new version and refuses a stale version (409), for edits and state changes', async () => {
    const created = await createServiceFeature(t, { featureDescription: 'Sellos de tiempo' });
    const path = `/api/v1/service-features/${created.id}`;
    const edited = await t.api
      .put(path, admin)
      .send({ ...created, featureDescription: 'Sellos de tiempo certificados' })
      .expect(200);
    expect(edited.body).toMatchObject({ featureDescription: 'Sellos de tiempo certificados', version: created.version + 1 });
    const stale = await t.api
      .put(path, admin)
      .send({ ...created, featureDescription: 'Cambio sobre una versión vieja' })
      .expect(409);
    expect(stale.body.statusMessage).toBe(STALE_MESSAGE);
    const staleState = await t.api.put(`${path}/state`, admin).send({ idstate: 1, version: created.version }).expect(409);
    expect(staleState.body.statusMessage).toBe(STALE_MESSAGE);
    const kept = await t.api.get(path, admin).expect(200);
    expect(kept.body).toMatchObject({ featureDescription: 'Sellos de tiempo certificados', idstate: 0, version: edited.body.version });
  });

  it("the lists kept for every-request reads drop at a write of a feature or of its type (the tables' triggers)", async () => {
    const service = await createService(t);
    const type = await createFeatureType(t, { featureTypeName: 'Sellos', categoryType: 'T' });
    const created = await createServiceFeature(t, { serviceId: service.id, featureTypeId: type.id, featureDescription: 'Sellos de tiempo' });
    const described = async () => (await t.app.get(ServiceFeatureService).described([service.id])).map((f) => [f.featureDescription, f.featureTypeName]);
    expect(await described()).toEqual([['Sellos de tiempo', 'Sellos']]);
    await t.api
      .put(`/api/v1/service-features/${created.id}`, admin)
      .send({ ...created, featureDescription: 'Sellos de tiempo certificados' })
      .expect(200);
    expect(await described()).toEqual([['Sellos de tiempo certificados', 'Sellos']]);
    const current = (await t.api.get(`/api/v1/feature-types/${type.id}`, admin).expect(200)).body;
    await t.api
      .put(`/api/v1/feature-types/${type.id}`, admin)
      .send({ ...current, featureTypeName: 'Estampas cronológicas' })
      .expect(200);
    expect(await described()).toEqual([['Sellos de tiempo certificados', 'Estampas cronológicas']]);
    // A feature added to the service shows at once too.
    await createServiceFeature(t, {
      serviceId: service.id,
      featureTypeId: type.id,
      serviceFeatureCode: 'ZZ_SELLO_LOTE',
      featureDescription: 'Sellos por lote',
    });
    expect((await described()).map(([name]) => name)).toContain('Sellos por lote');
  });
});
