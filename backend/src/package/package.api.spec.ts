import {
  createCustomer,
  createFeatureType,
  createPackage,
  createService,
  createServiceFeature,
  day,
  offerImage as image,
  packageBody,
} from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { bannerPng } from './demo-png.js';

const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
const tomorrow = day(1);
const nextMonth = day(30);

describe('packages resource API', () => {
  const t = useTestApp();
  let admin: string;
  let promo: string;
  let consulta: string;
  const features: Record<string, number> = {};
  const services: Record<string, number> = {};
  const packages: Record<string, number> = {};
  let roble: number;
  const body = (over: Record<string, unknown> = {}) => packageBody({ packageCode: 'TST-001', serviceIds: [services.nomina], ...over });
  /** The answer to a superadmin's create of `body(over)`. */
  const createdPackage = async (over: Record<string, unknown>) =>
    (await t.api.post('/api/v1/packages', admin).send(body(over)).expect(201)).body as Record<string, unknown> & { id: number; version: number };

  beforeAll(async () => {
    [admin, promo, consulta] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICENSEPROMOCODE'), t.signIn('LICFINANCIEROCONSULTA')]);
    services.nomina = (await createService(t, { serviceName: 'Colnómina', serviceTypeId: 1 })).id;
    services.firma = (await createService(t, { serviceName: 'FirmaYa', serviceTypeId: 2 })).id;
    const storage = (await createFeatureType(t, { featureTypeName: 'Almacenamiento', categoryType: 'F' })).id;
    for (const code of ['COLNOMINA_EMPLEADO', 'COLNOMINA_USUARIO', 'COLNOMINA_NOMINAELECTRONICA'])
      features[code] = (await createServiceFeature(t, { serviceId: services.nomina, serviceFeatureCode: code })).id;
    features.COLNOMINA_ALMACENAMIENTO = (
      await createServiceFeature(t, { serviceId: services.nomina, serviceFeatureCode: 'COLNOMINA_ALMACENAMIENTO', featureTypeId: storage })
    ).id;
    features.FIRMAYA_FIRMA = (await createServiceFeature(t, { serviceId: services.firma, serviceFeatureCode: 'FIRMAYA_FIRMA' })).id;
    roble = (await createCustomer(t, { legalName: 'Distribuciones El Roble S.A.S.' })).id;
  });

  describe('reading', () => {
    beforeAll(async () => {
      const offer = { applyOffer: true, offerTypeCode: 'PTJ', totalOffer: 20, offerStartTime: day(-1), offerExpirationTime: nextMonth } as const;
      const catalogue: [string, string, Record<string, unknown>][] = [
        ['CN-GRATIS', 'Nómina gratis', { packageTypeId: 1, relevance: 'Baja' }],
        ['CN-EMPRENDEDOR', 'Nómina emprendedor', { packageTypeId: 1 }],
        ['CN-EMPRESARIAL', 'Nómina empresarial', { packageTypeId: 1, relevance: 'Alta', packagePrice: 1500000, channelIds: [1, 2], ...offer }],
        ['FY-BASICO', 'FirmaYa básico', { packageTypeId: 1, serviceIds: [services.firma] }],
        ['FY-PRO', 'FirmaYa pro', { packageTypeId: 1, relevance: 'Alta', serviceIds: [services.firma], ...offer }],
        ['FY-LEGADO', 'FirmaYa legado', { packageTypeId: 1, serviceIds: [services.firma] }],
        ['CMB-NOMINA-FIRMA', '100 firmas y nómina', { packageTypeId: 2, serviceIds: [services.nomina, services.firma] }],
        ['PRV-ELROBLE', 'Paquete privado de El Roble', { publicVisibility: false, customerIds: [roble] }],
      ];
      for (const [packageCode, packageName, over] of catalogue)
        packages[packageCode] = (await createPackage(t, { serviceIds: [services.nomina], packageCode, packageName, ...over })).id;
      await t.api.put(`/api/v1/packages/${packages['FY-LEGADO']}/state`, admin).send({ idstate: 1 }).expect(200);
      await t.api
        .put(`/api/v1/packages/${packages['CN-EMPRESARIAL']}/features`, admin)
        .send({ features: [{ serviceFeatureId: features.COLNOMINA_ALMACENAMIENTO, quantity: 20, storageType: 'GB' }] })
        .expect(200);
    });

    it('lists packages newest first with Content-Range, paged and sorted', async () => {
      const page = await t.api.get('/api/v1/packages?range=[0,4]', admin).expect(200);
      expect(page.headers['content-range']).toBe('packages 0-4/8');
      expect(page.body).toHaveLength(5);
      expect(page.body[0].id).toBeGreaterThan(page.body[1].id);
      const sorted = await t.api.get(`/api/v1/packages?sort=${encodeURIComponent('["packageName","ASC"]')}&range=[0,2]`, admin).expect(200);
      expect(sorted.body.map((p: { packageName: string }) => p.packageName)).toEqual(['100 firmas y nómina', 'FirmaYa básico', 'FirmaYa legado']);
    });

    it('searches code, name and description ignoring case and accents', async () => {
      const res = await t.api.get(`/api/v1/packages?${filter({ q: 'NOMINA' })}&range=[0,99]`, admin).expect(200);
      expect(res.body.map((p: { packageCode: string }) => p.packageCode).sort()).toEqual(['CMB-NOMINA-FIRMA', 'CN-EMPRENDEDOR', 'CN-EMPRESARIAL', 'CN-GRATIS']);
      for (const p of res.body)
        expect(`${p.packageCode} ${p.packageName} ${p.packageDescription}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toContain('nomina');
      const byCode = await t.api.get(`/api/v1/packages?${filter({ q: 'fy-pro' })}`, admin).expect(200);
      expect(byCode.body.map((p: { packageCode: string }) => p.packageCode)).toEqual(['FY-PRO']);
      const wildcard = await t.api.get(`/api/v1/packages?${filter({ q: '%' })}`, admin).expect(200);
      expect(wildcard.headers['content-range']).toBe('packages */0');
    });

    it('filters by type, state, visibility, offer, service, customer and ids', async () => {
      const get = async (f: object) => (await t.api.get(`/api/v1/packages?${filter(f)}&range=[0,99]`, admin).expect(200)).body as { packageCode: string }[];
      expect((await get({ packageTypeId: 2 })).map((p) => p.packageCode).sort()).toEqual(['CMB-NOMINA-FIRMA']);
      expect((await get({ idstate: 1 })).map((p) => p.packageCode)).toEqual(['FY-LEGADO']);
      expect((await get({ publicVisibility: false })).map((p) => p.packageCode)).toEqual(['PRV-ELROBLE']);
      expect((await get({ applyOffer: true })).map((p) => p.packageCode).sort()).toEqual(['CN-EMPRESARIAL', 'FY-PRO']);
      expect((await get({ customerId: roble })).map((p) => p.packageCode)).toEqual(['PRV-ELROBLE']);
      expect((await get({ serviceId: services.firma })).map((p) => p.packageCode).sort()).toEqual(['CMB-NOMINA-FIRMA', 'FY-BASICO', 'FY-LEGADO', 'FY-PRO']);
      expect((await get({ id: [packages['CN-GRATIS'], packages['CN-EMPRENDEDOR']] })).map((p) => p.packageCode).sort()).toEqual([
        'CN-EMPRENDEDOR',
        'CN-GRATIS',
      ]);
    });

    it('refuses unknown filters, bad sorts and bad ranges per field (400)', async () => {
      for (const [query, field] of [
        [filter({ color: 'rojo' }), 'query.filter.color'],
        [filter({ packageTypeId: 9 }), 'query.filter.packageTypeId'],
        [`sort=${encodeURIComponent('["secret","ASC"]')}`, 'query.sort.0'],
        ['range=[5,1]', 'query.range'],
        ['filter=notjson', 'query.filter'],
      ]) {
        const res = await t.api.get(`/api/v1/packages?${query}`, admin).expect(400);
        expect(res.body.statusDetails[0].field).toBe(field);
      }
    });

    it('answers odd filters, ranges and ids without a server error', async () => {
      const cases: [string, number][] = [
        [filter({ id: [] }), 200],
        [filter({ serviceId: [] }), 200],
        [filter({ q: "a'b\\%_" }), 200],
        [filter({ q: 123 }), 400],
        [filter({ customerId: 'x' }), 400],
        [filter({ id: [2147483648] }), 400],
        ['range=[100000,100010]', 200],
        [`sort=${encodeURIComponent('["order","DESC"]')}`, 200],
      ];
      for (const [query, status] of cases) await t.api.get(`/api/v1/packages?${query}`, admin).expect(status);
      await t.api.get('/api/v1/packages/0', admin).expect(400);
      await t.api.get('/api/v1/packages/2147483648', admin).expect(400);
    });

    it('gets one package with prices, links, features and image address', async () => {
      const list = await t.api.get(`/api/v1/packages?${filter({ q: 'CN-EMPRESARIAL' })}`, admin).expect(200);
      const pkg = (await t.api.get(`/api/v1/packages/${list.body[0].id}`, admin).expect(200)).body;
      expect(pkg).toMatchObject({
        packageCode: 'CN-EMPRESARIAL',
        packagePrice: 1500000,
        taxIva: 19,
        packageUnitPrice: 1260504.2,
        priceUnit: 1260504.2,
        applyOffer: true,
        offerActive: true,
        offerTypeCode: 'PTJ',
        totalOffer: 20,
        packageDiscount: 300000,
        packagePriceWithDiscount: 1200000,
        serviceIds: [services.nomina],
        channelIds: [1, 2],
        customerIds: [],
      });
      expect(pkg.features).toContainEqual(expect.objectContaining({ serviceFeatureCode: 'COLNOMINA_ALMACENAMIENTO', quantity: 20, storageType: 'GB' }));
      expect(pkg.urlImageOffer).toMatch(new RegExp(`^/api/v1/packages/${pkg.id}/offer-image\\?v=[0-9a-f]{16}$`));
      await t.api.get('/api/v1/packages/99999', admin).expect(404);
      const bad = await t.api.get('/api/v1/packages/abc', admin).expect(400);
      expect(bad.body.statusDetails[0].field).toBe('path.id');
    });

    it('serves the offer image publicly, immutable at its hashed address', async () => {
      const pkg = (await t.api.get(`/api/v1/packages/${packages['CN-GRATIS']}`, admin).expect(200)).body;
      const res = await t.api.get(pkg.urlImageOffer).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('immutable');
      expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
      await t.api.get('/api/v1/packages/99999/offer-image').expect(404);
    });

    it('lists package types, channels and the next order of a type and relevance', async () => {
      const types = await t.api.get('/api/v1/package-types', promo).expect(200);
      expect(types.body.map((p: { packageTypeCode: string }) => p.packageTypeCode)).toEqual(['BAS', 'CMB', 'CMP']);
      const channels = await t.api.get('/api/v1/channels', admin).expect(200);
      expect(channels.headers['content-range']).toBe('channels 0-3/4');
      const next = await t.api.get('/api/v1/package-types/1/next-order?relevance=Alta', admin).expect(200);
      expect(next.body).toEqual({ packageTypeId: 1, relevance: 'Alta', count: 2, nextOrder: 3 });
      await t.api.get('/api/v1/package-types/4/next-order?relevance=Alta', admin).expect(400);
    });

    it('offers package names to the promo-code screens, and nothing more', async () => {
      const options = await t.api.get(`/api/v1/package-options?${filter({ idstate: 0, packageTypeId: 1, q: 'firmaya' })}`, promo).expect(200);
      expect(options.body.map((o: { packageCode: string }) => o.packageCode)).toEqual(['FY-BASICO', 'FY-PRO']);
      expect(Object.keys(options.body[0]).sort()).toEqual(['id', 'idstate', 'packageCode', 'packageName', 'packageTypeId']);
      await t.api.get('/api/v1/packages', promo).expect(403);
      await t.api.get('/api/v1/package-options', consulta).expect(403);
    });
  });

  describe('creating', () => {
    it('creates a package: 201, unit price computed, order proposed, links and image stored', async () => {
      const { nextOrder } = (await t.api.get('/api/v1/package-types/3/next-order?relevance=Media', admin).expect(200)).body;
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'NEW-001', priceUnit: 1 }))
        .expect(201);
      expect(res.body).toMatchObject({
        packageCode: 'NEW-001',
        packageUnitPrice: 100000,
        order: nextOrder,
        serviceIds: [services.nomina],
        channelIds: [1],
        idstate: 0,
        version: 1,
      });
      expect(res.body.createdby).toMatch(/^[0-9a-f-]{36}$/);
      const img = await t.api.get(res.body.urlImageOffer).expect(200);
      expect(img.headers['content-type']).toBe('image/png');
    });

    it('answers 400 with one entry per field when the shape is wrong', async () => {
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'X'.repeat(31), packageName: 'N'.repeat(41), validityPeriod: 1000, taxIva: 101, relevance: 'Urgente', serviceIds: [] }))
        .expect(400);
      expect(res.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual([
        'body.packageCode',
        'body.packageName',
        'body.relevance',
        'body.serviceIds',
        'body.taxIva',
        'body.validityPeriod',
      ]);
      const decimals = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'DEC-1', packagePrice: 10.005 }))
        .expect(400);
      expect(decimals.body.statusDetails[0].field).toBe('packagePrice');
    });

    it.each([
      ['no image', { image: null }, 'Campo obligatorio', 'image'],
      [
        'an image that is not one',
        { image: { fileName: 'oferta.png', contentBase64: Buffer.from('%PDF-1.4').toString('base64') } },
        'Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).',
        'image',
      ],
      [
        'an image over 2 MB',
        { image: image(Buffer.concat([bannerPng('#000000', '#ffffff', false, 8, 4), Buffer.alloc(2 * 1024 * 1024)])) },
        'El tamaño del archivo supera el máximo permitido (2MB).',
        'image',
      ],
      [
        'an offer without start',
        { applyOffer: true, offerTypeCode: 'VLR', totalOffer: 1000, offerExpirationTime: nextMonth },
        'Fecha no válida',
        'offerStartTime',
      ],
      [
        'an offer ending yesterday',
        { applyOffer: true, offerTypeCode: 'VLR', totalOffer: 1000, offerStartTime: '2020-01-01', offerExpirationTime: '2020-01-02' },
        'Fecha fin oferta debe ser mayor o igual a la actual',
        'offerExpirationTime',
      ],
      [
        'an offer ending before it starts',
        { applyOffer: true, offerTypeCode: 'VLR', totalOffer: 1000, offerStartTime: `${nextMonth}T10:00`, offerExpirationTime: `${nextMonth}T09:00` },
        'Fecha fin oferta debe ser mayor a la fecha inicio oferta',
        'offerExpirationTime',
      ],
      [
        'an offer above the price',
        { applyOffer: true, offerTypeCode: 'VLR', totalOffer: 119001, offerStartTime: tomorrow, offerExpirationTime: nextMonth },
        'El valor total de la oferta no puede superar el valor del paquete',
        'totalOffer',
      ],
      ['a private package without customers', { publicVisibility: false, customerIds: [] }, 'Campo obligatorio', 'customerIds'],
      ['an unknown service', { serviceIds: [999999] }, 'No existen los productos o servicios: 999999', 'serviceIds'],
    ])('refuses %s with the spec message (422)', async (_case, over, message, field) => {
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'RULE-1', ...over }))
        .expect(422);
      expect(res.body.statusMessage).toBe(message);
      expect(res.body.statusDetails).toContainEqual({ field, description: message });
    });

    it('names every broken rule at once', async () => {
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'RULE-2', image: null, publicVisibility: false }))
        .expect(422);
      expect(res.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(['customerIds', 'image']);
    });

    it('refuses a code taken, ignoring case (409)', async () => {
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'fy-pro' }))
        .expect(409);
      expect(res.body.statusMessage).toBe('Ya existe un paquete con el código fy-pro.');
    });

    it('stores the summary cleaned to the editor markup, and counts only its text', async () => {
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(
          body({
            packageCode: 'XSS-1',
            summaryHtml: '<p onclick="alert(1)">Hola <a href="javascript:alert(1)">ver</a><img src=x onerror=alert(1)></p><svg><script>alert(1)</script></svg>',
          }),
        )
        .expect(201);
      expect(res.body.summaryHtml).toBe('<p>Hola ver</p>');
      const long = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'XSS-2', summaryHtml: `<p><strong>${'a'.repeat(250)}</strong></p>` }))
        .expect(201);
      expect(long.body.summaryHtml).toBe(`<p><strong>${'a'.repeat(250)}</strong></p>`);
      const tooLong = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'XSS-3', summaryHtml: `<p>${'a'.repeat(251)}</p>` }))
        .expect(422);
      expect(tooLong.body.statusDetails).toContainEqual({ field: 'summaryHtml', description: 'El resumen no puede superar 250 caracteres' });
    });

    it('resets an offer switched off and clears the customers of a public package', async () => {
      const res = await t.api
        .post('/api/v1/packages', admin)
        .send(body({ packageCode: 'NEW-002', applyOffer: false, offerTypeCode: 'PTJ', totalOffer: 50, customerIds: [roble] }))
        .expect(201);
      expect(res.body).toMatchObject({ applyOffer: false, offerTypeCode: 'VLR', totalOffer: 0, customerIds: [] });
      expect(res.body.offerStartTime).toBe(res.body.offerExpirationTime);
    });

    it('of two creates with one code, one gets 201 and the other 409', async () => {
      const statuses = await Promise.all([1, 2].map(() => t.api.post('/api/v1/packages', admin).send(body({ packageCode: 'RACE-1' }))));
      expect(statuses.map((r) => r.status).sort()).toEqual([201, 409]);
    });
  });

  describe('editing', () => {
    let created: Record<string, unknown> & { id: number; version: number };
    beforeAll(async () => {
      created = await createdPackage({ packageCode: 'EDIT-1' });
    });
    const path = () => `/api/v1/packages/${created.id}`;

    it('writes nothing when the record comes back unchanged (react-admin sends it whole)', async () => {
      const res = await t.api.put(path(), admin).send(created).expect(200);
      expect(res.body.version).toBe(created.version);
      expect(res.body.modifiedon).toBe(created.modifiedon);
    });

    it('saves a change with a new version, and refuses a stale version (409)', async () => {
      const saved = await t.api
        .put(path(), admin)
        .send({ ...created, packageName: 'Paquete editado', customerIds: [roble], publicVisibility: false })
        .expect(200);
      expect(saved.body).toMatchObject({ packageName: 'Paquete editado', publicVisibility: false, customerIds: [roble], version: created.version + 1 });
      const stale = await t.api
        .put(path(), admin)
        .send({ ...created, packageName: 'Otra vez' })
        .expect(409);
      expect(stale.body.statusCode).toBe(409);
      created = saved.body;
    });

    it('never changes the code (422) and asks for the version (400)', async () => {
      const res = await t.api
        .put(path(), admin)
        .send({ ...created, packageCode: 'OTRO' })
        .expect(422);
      expect(res.body.statusMessage).toBe('El código del paquete no se puede modificar');
      const { version: _v, ...withoutVersion } = created;
      await t.api.put(path(), admin).send(withoutVersion).expect(400);
    });

    it('of two concurrent edits of one version, one wins and the other gets 409; the loser can re-apply', async () => {
      const base = (await t.api.get(path(), admin).expect(200)).body;
      const [a, b] = await Promise.all([
        t.api.put(path(), admin).send({ ...base, packageName: 'Cambio de A' }),
        t.api.put(path(), admin).send({ ...base, packageDescription: 'Cambio de B' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [winner, loserChange] = a.status === 200 ? [a, { packageDescription: 'Cambio de B' }] : [b, { packageName: 'Cambio de A' }];
      const current = (await t.api.get(path(), admin).expect(200)).body;
      expect(current).toEqual(winner.body);
      expect(current.version).toBe(base.version + 1);
      const reapplied = await t.api
        .put(path(), admin)
        .send({ ...current, ...loserChange })
        .expect(200);
      expect(reapplied.body).toMatchObject({ packageName: 'Cambio de A', packageDescription: 'Cambio de B', version: base.version + 2 });
      created = reapplied.body;
    });

    it('switches the state, writing nothing when it is already so', async () => {
      const off = await t.api.put(`${path()}/state`, admin).send({ idstate: 1 }).expect(200);
      expect(off.body).toMatchObject({ idstate: 1, version: created.version + 1 });
      const again = await t.api.put(`${path()}/state`, admin).send({ idstate: 1 }).expect(200);
      expect(again.body.version).toBe(off.body.version);
      await t.api.put(`${path()}/state`, admin).send({ idstate: 0, version: created.version }).expect(409);
      await t.api.put(`${path()}/state`, admin).send({ idstate: 2 }).expect(400);
      await t.api.put('/api/v1/packages/99999/state', admin).send({ idstate: 1 }).expect(404);
      created = (await t.api.put(`${path()}/state`, admin).send({ idstate: 0 }).expect(200)).body;
    });
  });

  describe('features', () => {
    let id: number;
    beforeAll(async () => {
      id = (await createdPackage({ packageCode: 'FEAT-1' })).id;
    });

    it("shows every feature of the package's services, none selected yet", async () => {
      const res = await t.api.get(`/api/v1/packages/${id}/features`, admin).expect(200);
      expect(res.body.serviceList).toHaveLength(1);
      const codes = res.body.serviceList[0].features.map((f: { featureCode: string; selected: boolean }) => [f.featureCode, f.selected]);
      expect(codes).toEqual([
        ['COLNOMINA_ALMACENAMIENTO', false],
        ['COLNOMINA_EMPLEADO', false],
        ['COLNOMINA_NOMINAELECTRONICA', false],
        ['COLNOMINA_USUARIO', false],
      ]);
    });

    it('replaces the selection: storage gets MB by default, 1000000 is unlimited, the package gets a new version', async () => {
      const before = (await t.api.get(`/api/v1/packages/${id}`, admin).expect(200)).body;
      const res = await t.api
        .put(`/api/v1/packages/${id}/features`, admin)
        .send({
          version: before.version,
          features: [
            { serviceFeatureId: features.COLNOMINA_EMPLEADO, quantity: 1000000 },
            { serviceFeatureId: features.COLNOMINA_ALMACENAMIENTO, quantity: 2 },
          ],
        })
        .expect(200);
      const chosen = res.body.serviceList[0].features.filter((f: { selected: boolean }) => f.selected);
      expect(chosen.map((f: { featureCode: string; quantity: number; storageType: string | null }) => [f.featureCode, f.quantity, f.storageType])).toEqual([
        ['COLNOMINA_ALMACENAMIENTO', 2, 'MB'],
        ['COLNOMINA_EMPLEADO', 1000000, null],
      ]);
      expect(res.body.version).toBe(before.version + 1);
      const pkg = (await t.api.get(`/api/v1/packages/${id}`, admin).expect(200)).body;
      expect(pkg.features.find((f: { serviceFeatureCode: string }) => f.serviceFeatureCode === 'COLNOMINA_EMPLEADO').unlimited).toBe(true);

      const replaced = await t.api
        .put(`/api/v1/packages/${id}/features`, admin)
        .send({ features: [{ serviceFeatureId: features.COLNOMINA_ALMACENAMIENTO, quantity: 3, storageType: 'GB' }] })
        .expect(200);
      expect(replaced.body.serviceList[0].features.filter((f: { selected: boolean }) => f.selected).map((f: { featureCode: string }) => f.featureCode)).toEqual(
        ['COLNOMINA_ALMACENAMIENTO'],
      );
      const same = await t.api
        .put(`/api/v1/packages/${id}/features`, admin)
        .send({ features: [{ serviceFeatureId: features.COLNOMINA_ALMACENAMIENTO, quantity: 3, storageType: 'GB' }] })
        .expect(200);
      expect(same.body.version).toBe(replaced.body.version);
    });

    it('refuses features of other services (422), bad quantities (400) and stale versions (409)', async () => {
      const foreign = await t.api
        .put(`/api/v1/packages/${id}/features`, admin)
        .send({ features: [{ serviceFeatureId: features.FIRMAYA_FIRMA, quantity: 1 }] })
        .expect(422);
      expect(foreign.body.statusMessage).toBe('La característica no pertenece a los productos o servicios del paquete');
      const zero = await t.api
        .put(`/api/v1/packages/${id}/features`, admin)
        .send({ features: [{ serviceFeatureId: features.COLNOMINA_EMPLEADO, quantity: 0 }] })
        .expect(400);
      expect(zero.body.statusDetails[0].field).toBe('body.features.0.quantity');
      await t.api
        .put(`/api/v1/packages/${id}/features`, admin)
        .send({ features: [{ serviceFeatureId: features.COLNOMINA_EMPLEADO, quantity: 10_000_000 }] })
        .expect(400);
      await t.api.put(`/api/v1/packages/${id}/features`, admin).send({ version: 1, features: [] }).expect(409);
    });
  });
});
