import { createCustomer, createFeatureType, createPackage, createPromoCode, createService, createServiceFeature, day } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { bannerPng } from './demo-png.js';

const nextMonth = day(30);
const payload = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  PackageCode: 'CMP-001',
  PackageName: 'Paquete compatible',
  PackageTypeId: 1,
  PackageDescription: 'Creado con la llamada antigua',
  PackagePrice: 238000,
  TaxIva: 19,
  PriceUnit: 0,
  ValidityPeriod: 1,
  ValidityTypeId: 'A',
  Relevance: 'Baja',
  Order: null,
  PublicVisibility: true,
  ApplyOffer: false,
  OfferTypeCode: 'VLR',
  TotalOffer: 0,
  OfferStartTime: null,
  OfferExpirationTime: null,
  SummaryHtml: '<p>Resumen</p>',
  Idstate: 0,
  PackageServiceIdList: [2],
  PackageChannelIdList: [1, 2],
  CustomerIdList: null,
  Image: { FileName: 'oferta.png', ContentFileBase64: bannerPng('#5e35b1', '#ff7043', true, 8, 4).toString('base64') },
  ...over,
});

describe('packages compatibility API', () => {
  const t = useTestApp();
  let admin: string;
  let comercial: string;
  const services: Record<string, number> = {};
  const features: Record<string, number> = {};
  const packages: Record<string, number> = {};
  let company: number;
  const feature = (code: string, quantity: number) => ({ serviceFeatureId: features[code], quantity });

  beforeAll(async () => {
    [admin, comercial] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICENSECOMERCIAL')]);
    services.nomina = (await createService(t, { serviceName: 'Colnómina', serviceTypeId: 1 })).id;
    services.firma = (await createService(t, { serviceName: 'FirmaYa', serviceTypeId: 2 })).id;
    const storage = (await createFeatureType(t, { featureTypeName: 'Almacenamiento', categoryType: 'F' })).id;
    for (const [service, code, type] of [
      ['nomina', 'COLNOMINA_EMPLEADO', undefined],
      ['nomina', 'COLNOMINA_ALMACENAMIENTO', storage],
      ['firma', 'FIRMAYA_FIRMA', undefined],
      ['firma', 'FIRMAYA_USUARIO', undefined],
    ] as const)
      features[code] = (await createServiceFeature(t, { serviceId: services[service], serviceFeatureCode: code, featureTypeId: type })).id;
    company = (await createCustomer(t, { documentNumber: '900123456', legalName: 'Distribuciones El Roble S.A.S.' })).id;
    const catalogue: [string, string, Record<string, unknown>, ReturnType<typeof feature>[]][] = [
      ['CN-GRATIS', 'Colnómina gratis', { relevance: 'Baja' }, [feature('COLNOMINA_ALMACENAMIENTO', 500)]],
      ['CN-EMPRESARIAL', 'Colnómina Empresarial', { relevance: 'Alta' }, []],
      ['FY-PRO', 'FirmaYa 100 firmas', { relevance: 'Alta', serviceIds: [services.firma] }, []],
      ['FY-LEGADO', 'FirmaYa firmas legado', { relevance: 'Baja', serviceIds: [services.firma] }, []],
      ['BM-CERT-PJ', 'Certificado digital persona jurídica', { packageTypeId: 3 }, []],
      [
        'CMB-NOMINA-FIRMA',
        '500 firmas y nómina',
        { packageTypeId: 2, serviceIds: [services.nomina, services.firma] },
        [feature('FIRMAYA_FIRMA', 500), feature('FIRMAYA_USUARIO', 5)],
      ],
      [
        'PRV-ELROBLE',
        'Plan privado El Roble',
        { publicVisibility: false, customerIds: [company], channelIds: [2, 4], serviceIds: [services.nomina, services.firma] },
        [feature('FIRMAYA_FIRMA', 1000000)],
      ],
    ];
    for (const [packageCode, packageName, over, selection] of catalogue) {
      const id = (await createPackage(t, { packageTypeId: 1, serviceIds: [services.nomina], packageCode, packageName, ...over })).id;
      packages[packageCode] = id;
      if (selection.length) await t.api.put(`/api/v1/packages/${id}/features`, admin).send({ features: selection }).expect(200);
    }
    await t.api.put(`/api/v1/packages/${packages['FY-LEGADO']}/state`, admin).send({ idstate: 1 }).expect(200);
    await createPromoCode(t, { promotionCode: 'FIRMAYA50K', packageIds: [packages['FY-PRO']] });
  });

  it('GetPackages returns every package in the store order, with the nested lists the old screens read', async () => {
    const res = await t.api.get('/license/api/Package/GetPackages', admin).expect(200);
    expect(res.body).toMatchObject({ statusCode: 200, statusMessage: 'OK', statusDetails: [] });
    const { records, totalRecords } = res.body.result;
    expect(totalRecords).toBe(7);
    expect(records.map((p: { packageTypeId: number }) => p.packageTypeId)).toEqual([...records.map((p: { packageTypeId: number }) => p.packageTypeId)].sort());
    const roble = records.find((p: { packageCode: string }) => p.packageCode === 'PRV-ELROBLE');
    expect(roble).toMatchObject({
      packageId: roble.id,
      packageType: { packageTypeId: 1, packageTypeCode: 'BAS', packageTypeName: 'Base' },
      packageService: [
        { serviceId: services.nomina, serviceName: 'Colnómina' },
        { serviceId: services.firma, serviceName: 'FirmaYa' },
      ],
      packageCustomer: [{ customerId: company, customer: { name: 'Distribuciones El Roble S.A.S.', documentNumber: '900123456' } }],
    });
    expect(roble.itemsPackageFeatures).toContainEqual(
      expect.objectContaining({ quantity: 1000000, serviceFeature: expect.objectContaining({ serviceFeatureCode: 'FIRMAYA_FIRMA' }) }),
    );
  });

  it('GetPackages pages and searches with headers, reading UTF-8 or percent-encoded text', async () => {
    const page = await t.api
      .get('/license/api/Package/GetPackages', admin)
      .set('startRegister', '0')
      .set('registerNumber', '2')
      .set('filter', 'firmas')
      .expect(200);
    expect(page.body.result.records).toHaveLength(2);
    expect(page.body.result.totalRecords).toBe(3);
    const encoded = await t.api.get('/license/api/Package/GetPackages', admin).set('filter', encodeURIComponent('Colnómina Empresarial')).expect(200);
    expect(encoded.body.result.records.map((p: { packageCode: string }) => p.packageCode)).toEqual(['CN-EMPRESARIAL']);
    const latin = await t.api.get('/license/api/Package/GetPackages', admin).set('filter', Buffer.from('jurídica', 'utf8').toString('latin1')).expect(200);
    expect(latin.body.result.records.map((p: { packageCode: string }) => p.packageCode)).toEqual(['BM-CERT-PJ']);
    const bad = await t.api.get('/license/api/Package/GetPackages', admin).set('registerNumber', '0').expect(400);
    expect(bad.body.statusDetails[0].field).toBe('header.registerNumber');
  });

  it('GetPackagesType and GetAllChannel list the lookups in result.records', async () => {
    const types = await t.api.get('/license/api/Package/GetPackagesType', admin).expect(200);
    expect(types.body.result.records.map((r: { packageTypeId: number }) => r.packageTypeId)).toEqual([1, 2, 3]);
    const channels = await t.api.get('/license/api/Package/GetAllChannel', admin).expect(200);
    expect(channels.body.result.records[0]).toEqual({ id: 1, channelId: 1, channelType: 'Tienda virtual' });
  });

  it('GetCountPackagesByType counts a type and relevance', async () => {
    const res = await t.api.get('/license/api/Package/GetCountPackagesByType/1/Alta', admin).expect(200);
    expect(res.body.result).toBe(2);
    await t.api.get('/license/api/Package/GetCountPackagesByType/1/Urgente', admin).expect(400);
  });

  it('SavePackage creates with the spec message; UpdatePackage edits; ActivePackage toggles', async () => {
    const saved = await t.api.post('/license/api/Package/SavePackage', admin).send(payload()).expect(200);
    expect(saved.body.statusMessage).toBe('El paquete se ha guardado exitosamente');
    const pkg = saved.body.result;
    expect(pkg).toMatchObject({
      packageCode: 'CMP-001',
      packageUnitPrice: 200000,
      order: 3,
      packageService: [{ serviceId: services.firma, serviceName: 'FirmaYa' }],
    });

    const updated = await t.api
      .put('/license/api/Package/UpdatePackage', admin)
      .send(
        payload({
          Id: pkg.id,
          PackageName: 'Paquete compatible 2',
          ApplyOffer: true,
          OfferTypeCode: 'PTJ',
          TotalOffer: 10,
          OfferStartTime: '2020-01-01',
          OfferExpirationTime: nextMonth,
          Image: null,
        }),
      )
      .expect(200);
    expect(updated.body.statusMessage).toBe('El paquete se ha editado exitosamente');
    expect(updated.body.result).toMatchObject({
      packageName: 'Paquete compatible 2',
      offerActive: true,
      packageDiscount: 23800,
      packageWithDiscount: 214200,
      version: 2,
    });

    const off = await t.api.put('/license/api/Package/ActivePackage', admin).send({ id: pkg.id, idstate: 1 }).expect(200);
    expect(off.body.statusMessage).toBe('Se ha inactivado el paquete exitosamente');
    const on = await t.api.put('/license/api/Package/ActivePackage', admin).send({ id: pkg.id, idstate: 0 }).expect(200);
    expect(on.body.statusMessage).toBe('Se ha activado el paquete exitosamente');
    await t.api.put('/license/api/Package/ActivePackage', admin).send({ id: 999999, idstate: 0 }).expect(404);
  });

  it('answers a refused save with "El paquete {code} no fue guardado" and the rule in statusDetails', async () => {
    const res = await t.api
      .post('/license/api/Package/SavePackage', admin)
      .send(payload({ PackageCode: 'CMP-002', PublicVisibility: false }))
      .expect(422);
    expect(res.body.statusMessage).toBe('El paquete CMP-002 no fue guardado');
    expect(res.body.statusDetails).toEqual([{ field: 'customerIds', description: 'Campo obligatorio' }]);
    const duplicate = await t.api
      .post('/license/api/Package/SavePackage', admin)
      .send(payload({ PackageCode: 'FY-PRO' }))
      .expect(409);
    expect(duplicate.body.statusMessage).toBe('El paquete FY-PRO no fue guardado');
    const edit = await t.api
      .put('/license/api/Package/UpdatePackage', admin)
      .send(payload({ Id: packages['CN-GRATIS'], PackageCode: 'CN-GRATIS', TotalOffer: 5, ApplyOffer: true, OfferStartTime: 'ayer' }))
      .expect(422);
    expect(edit.body.statusMessage).toBe('El paquete CN-GRATIS no fue editado');
    expect(edit.body.statusDetails[0]).toEqual({ field: 'offerStartTime', description: 'Fecha no válida' });
    const shape = await t.api
      .post('/license/api/Package/SavePackage', admin)
      .send(payload({ PackageName: '', ValidityPeriod: 0 }))
      .expect(400);
    expect(shape.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual(['body.PackageName', 'body.ValidityPeriod']);
  });

  it('lists the customers, promo codes, channels and features of a package (popovers)', async () => {
    const customers = await t.api.get(`/license/api/package/GetCustomerLinkedPackage/${packages['PRV-ELROBLE']}`, admin).expect(200);
    expect(customers.body.result.records).toEqual([{ customerId: company, customer: expect.objectContaining({ name: 'Distribuciones El Roble S.A.S.' }) }]);
    const codes = await t.api.get(`/license/api/package/GetPromoCodeLinkedPackage/${packages['FY-PRO']}`, admin).expect(200);
    expect(codes.body.result.records.map((c: { promotionCode: string }) => c.promotionCode)).toEqual(['FIRMAYA50K']);
    const channels = await t.api.get(`/license/api/package/GetChannelsLinkedPackage/${packages['PRV-ELROBLE']}`, admin).expect(200);
    expect(channels.body.result.records.map((c: { channelType: string }) => c.channelType)).toEqual(['Asesor comercial', 'Convenio empresarial']);
    const linked = await t.api.get(`/license/api/package/GetFeaturesPackage/${packages['CN-GRATIS']}`, admin).expect(200);
    expect(linked.body.result.records).toContainEqual(
      expect.objectContaining({
        quantity: 500,
        storageType: 'MB',
        serviceFeature: expect.objectContaining({ serviceFeatureCode: 'COLNOMINA_ALMACENAMIENTO' }),
      }),
    );
    const empty = await t.api.get(`/license/api/package/GetCustomerLinkedPackage/${packages['CN-GRATIS']}`, admin).expect(200);
    expect(empty.body.result.records).toEqual([]);
    await t.api.get('/license/api/package/GetFeaturesPackage/999999', admin).expect(404);
  });

  it('GetPackagesConfiguration and SetFeaturesDependingPackage read and save features', async () => {
    const res = await t.api.post('/license/api/package/GetPackagesConfiguration', admin).send({ PackageType: 2, PackageName: 'nomina' }).expect(200);
    const [combo] = res.body.result.records;
    expect(combo.packageCode).toBe('CMB-NOMINA-FIRMA');
    expect(combo.serviceList.map((s: { serviceName: string }) => s.serviceName)).toEqual(['Colnómina', 'FirmaYa']);
    const storage = combo.serviceList[0].features.find((f: { featureCode: string }) => f.featureCode === 'COLNOMINA_ALMACENAMIENTO');
    expect(storage).toMatchObject({ isStorage: true, selected: false, quantity: 0, storageType: null });
    const employees = combo.serviceList[0].features.find((f: { featureCode: string }) => f.featureCode === 'COLNOMINA_EMPLEADO');

    const save = [
      {
        ...combo,
        serviceList: [
          {
            ...combo.serviceList[0],
            features: [
              { ...storage, selected: true, quantity: 1, updated: true },
              { ...employees, selected: false, quantity: 0, updated: true },
            ],
          },
        ],
      },
    ];
    const saved = await t.api.post('/license/api/package/SetFeaturesDependingPackage', admin).send(save).expect(200);
    expect(saved.body.statusMessage).toBe('Las características se han actualizado exitosamente');
    const after = saved.body.result.records[0].serviceList[0].features;
    expect(after.find((f: { featureCode: string }) => f.featureCode === 'COLNOMINA_ALMACENAMIENTO')).toMatchObject({
      selected: true,
      quantity: 1,
      storageType: 'MB',
    });
    expect(after.find((f: { featureCode: string }) => f.featureCode === 'COLNOMINA_EMPLEADO')).toMatchObject({ selected: false });
    expect(saved.body.result.records[0].serviceList[1].features.filter((f: { selected: boolean }) => f.selected)).toHaveLength(2);

    // The record's version came along: saving it again is stale (the package changed).
    await t.api.post('/license/api/package/SetFeaturesDependingPackage', admin).send(save).expect(409);
    const bad = structuredClone(save);
    bad[0].version = saved.body.result.records[0].version;
    bad[0].serviceList[0].features[0].quantity = 0;
    const refused = await t.api.post('/license/api/package/SetFeaturesDependingPackage', admin).send(bad).expect(422);
    expect(refused.body.statusMessage).toBe('La cantidad debe ser un número entero entre 1 y 9999999');
    await t.api.post('/license/api/package/SetFeaturesDependingPackage', admin).send({}).expect(400);
  });

  it('GetPackagesAdditionalDiscount lists active packages for promo codes', async () => {
    const res = await t.api.get('/license/api/Package/GetPackagesAdditionalDiscount', comercial).expect(200);
    expect(res.body.result.records.map((p: { packageCode: string }) => p.packageCode)).not.toContain('FY-LEGADO');
    expect(res.body.result.records).toContainEqual({
      id: packages['BM-CERT-PJ'],
      packageCode: 'BM-CERT-PJ',
      packageName: 'Certificado digital persona jurídica',
      packageTypeId: 3,
      idstate: 0,
    });
    await t.api.get('/license/api/Package/GetPackages', comercial).expect(403);
  });
});
