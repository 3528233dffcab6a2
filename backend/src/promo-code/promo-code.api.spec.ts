import { createPackage, createPromoCode, createService, day, promoCodeBody } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

/** Package ids by code, created before the tests. */
const packages: Record<string, number> = {};
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
const code = (over: Record<string, unknown> = {}) =>
  promoCodeBody({ promotionCode: 'PRUEBA 2026', packageIds: [packages['CN-EMPRENDEDOR'], packages['CN-EMPRESARIAL']], ...over });
const compat = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  PromotionCode: 'ANTIGUO1',
  DescriptionPromotionCode: 'Creado con la llamada antigua',
  UseQuantity: 1,
  OfferTypeCode: 'VLR',
  OfferValue: 20000,
  EffectiveStartDate: day(1),
  ExpirationDate: day(5),
  PeriodicityType: 'NEVER',
  PeriodicityQuantity: 0,
  EndPeriodicityDate: null,
  ApplyTotalPurchase: false,
  ApplyProduct: true,
  TypeUserId: 1,
  Idstate: 0,
  PromotionalCodePackage: [{ PackageId: packages['FM-CORREOS'] }, { PackageId: packages['FY-PRO'] }],
  ...over,
});

describe('promotional codes API (resource and compatibility)', () => {
  const t = useTestApp();
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    for (const [user, role] of [
      ['superadmin', 'SUPERADMIN'],
      ['comercial', 'LICENSECOMERCIAL'],
      ['promocode', 'LICENSEPROMOCODE'],
      ['financiero', 'LICFINANCIERO'],
    ] as const)
      tokens[user] = await t.signIn(role);
    const serviceIds = [(await createService(t)).id];
    for (const packageCode of ['CN-EMPRENDEDOR', 'CN-EMPRESARIAL', 'FY-PRO', 'FM-CORREOS'])
      packages[packageCode] = (await createPackage(t, { packageCode, serviceIds })).id;
    const on = (...codes: string[]) => ({ packageIds: codes.map((c) => packages[c]) });
    await createPromoCode(t, { promotionCode: 'BIENVENIDA10', offerValue: 10, ...on('CN-EMPRENDEDOR') });
    await createPromoCode(t, {
      promotionCode: 'MENSUAL5',
      offerValue: 5,
      periodicityType: 'MONTHLY',
      periodicityQuantity: 1,
      endPeriodicityDate: day(90),
      ...on('CN-EMPRENDEDOR', 'CN-EMPRESARIAL'),
    });
    await createPromoCode(t, { promotionCode: 'NAVIDAD2025', descriptionPromotionCode: 'Promoción navideña', applyTotalPurchase: true });
    await createPromoCode(t, { promotionCode: 'FIRMAYA50K', offerTypeCode: 'VLR', offerValue: 50000, ...on('FY-PRO') });
    await createPromoCode(t, { promotionCode: 'ALIADO100', typeUserId: 2, ...on('CN-EMPRESARIAL') });
    await createPromoCode(t, { promotionCode: 'EQUIPO100', typeUserId: 3, ...on('CN-EMPRESARIAL') });
  });

  it('lists codes newest first with their packages, filtered', async () => {
    const res = await t.api.get('/api/v1/promo-codes', tokens.promocode).expect(200);
    expect(res.headers['content-range']).toBe('promo-codes 0-5/6');
    const monthly = res.body.find((c: { promotionCode: string }) => c.promotionCode === 'MENSUAL5');
    expect(monthly).toMatchObject({ periodicityType: 'MONTHLY', periodicityQuantity: 1, applyProduct: true, typeUser: 'Cliente' });
    expect(monthly.packages.map((p: { packageCode: string }) => p.packageCode)).toEqual(['CN-EMPRENDEDOR', 'CN-EMPRESARIAL']);
    const full = await t.api.get(`/api/v1/promo-codes?${filter({ typeUserId: [2, 3] })}`, tokens.promocode).expect(200);
    expect(full.body.map((c: { promotionCode: string; offerValue: number }) => [c.promotionCode, c.offerValue])).toEqual([
      ['EQUIPO100', 100],
      ['ALIADO100', 100],
    ]);
    const forPackage = await t.api.get(`/api/v1/promo-codes?${filter({ packageId: packages['FY-PRO'] })}`, tokens.promocode).expect(200);
    expect(forPackage.body.map((c: { promotionCode: string }) => c.promotionCode)).toEqual(['FIRMAYA50K']);
    const search = await t.api.get(`/api/v1/promo-codes?${filter({ q: 'navideña' })}`, tokens.promocode).expect(200);
    expect(search.body.map((c: { promotionCode: string }) => c.promotionCode)).toEqual(['NAVIDAD2025']);
    const types = await t.api.get('/api/v1/promo-user-types', tokens.promocode).expect(200);
    expect(types.body.map((u: { id: number; fullDiscount: boolean }) => [u.id, u.fullDiscount])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
  });

  it('creates a code without whitespace; the code is unique ignoring case and cannot change', async () => {
    const created = await t.api.post('/api/v1/promo-codes', tokens.promocode).send(code()).expect(201);
    expect(created.body).toMatchObject({
      promotionCode: 'PRUEBA2026',
      packageIds: [packages['CN-EMPRENDEDOR'], packages['CN-EMPRESARIAL']],
      applyProduct: true,
      applyTotalPurchase: false,
      version: 1,
    });
    expect(created.body.effectiveStartDate).toMatch(/T05:00:00\.000Z$/);
    expect(created.body.expirationDate).toMatch(/T04:59:59\.999Z$/);
    const taken = await t.api
      .post('/api/v1/promo-codes', tokens.promocode)
      .send(code({ promotionCode: 'prueba2026' }))
      .expect(409);
    expect(taken.body.statusMessage).toBe('Ya existe el código promocional prueba2026.');
    const renamed = await t.api
      .put(`/api/v1/promo-codes/${created.body.id}`, tokens.promocode)
      .send({ ...created.body, promotionCode: 'OTRO' })
      .expect(422);
    expect(renamed.body.statusMessage).toBe('El código promocional no se puede modificar');
    const same = await t.api.put(`/api/v1/promo-codes/${created.body.id}`, tokens.promocode).send(created.body).expect(200);
    expect([same.body.version, same.body.modifiedon]).toEqual([1, created.body.modifiedon]);
    const edited = await t.api
      .put(`/api/v1/promo-codes/${created.body.id}`, tokens.promocode)
      .send({ ...created.body, packageIds: [packages['CN-EMPRESARIAL']], useQuantity: 1 })
      .expect(200);
    expect(edited.body).toMatchObject({ packageIds: [packages['CN-EMPRESARIAL']], useQuantity: 1, version: 2 });
    await t.api
      .put(`/api/v1/promo-codes/${created.body.id}`, tokens.promocode)
      .send({ ...created.body, useQuantity: 3 })
      .expect(409);
  });

  it('applies the dialog rules server-side', async () => {
    const full = await t.api
      .post('/api/v1/promo-codes', tokens.promocode)
      .send(code({ promotionCode: 'EQUIPO2', typeUserId: 3, offerTypeCode: 'VLR', offerValue: 5000 }))
      .expect(201);
    expect([full.body.offerTypeCode, full.body.offerValue]).toEqual(['PTJ', 100]);
    const reset = await t.api
      .post('/api/v1/promo-codes', tokens.promocode)
      .send(code({ promotionCode: 'LARGO1', expirationDate: day(31), periodicityType: 'MONTHLY', periodicityQuantity: 2, endPeriodicityDate: day(90) }))
      .expect(201);
    expect([reset.body.periodicityType, reset.body.periodicityQuantity, reset.body.endPeriodicityDate]).toEqual(['NEVER', null, null]);
    const monthly = await t.api
      .post('/api/v1/promo-codes', tokens.promocode)
      .send(code({ promotionCode: 'CORTO1', expirationDate: day(30), periodicityType: 'MONTHLY', periodicityQuantity: 2, endPeriodicityDate: day(90) }))
      .expect(201);
    expect([monthly.body.periodicityType, monthly.body.periodicityQuantity]).toEqual(['MONTHLY', 2]);
  });

  it.each([
    [
      'an end not after the start',
      { effectiveStartDate: `${day(2)}T10:00`, expirationDate: `${day(2)}T09:00` },
      'Fin vigencia debe ser mayor a Inicio vigencia',
    ],
    [
      'a repetition ending before the expiration',
      { periodicityType: 'MONTHLY', periodicityQuantity: 1, endPeriodicityDate: day(9) },
      'Fecha final de repetición no puede ser menor a la fecha de expiración',
    ],
    ['neither the whole purchase nor packages', { packageIds: [] }, 'Campo obligatorio'],
    ['a percentage above 100', { offerValue: 150 }, 'El porcentaje de descuento debe estar entre 0 y 100'],
    ['a start in the past', { effectiveStartDate: day(-1) }, 'La fecha no puede ser anterior a hoy'],
    ['an impossible date', { expirationDate: '2030-02-30' }, 'Fecha no válida'],
  ])('refuses %s (422)', async (_case, over, message) => {
    const res = await t.api
      .post('/api/v1/promo-codes', tokens.promocode)
      .send(code({ promotionCode: 'REGLA1', ...over }))
      .expect(422);
    expect(res.body.statusMessage).toBe(message);
  });

  it('answers 400 per field on shape', async () => {
    const res = await t.api
      .post('/api/v1/promo-codes', tokens.promocode)
      .send(code({ promotionCode: 'x'.repeat(51), useQuantity: 10000, typeUserId: 4, periodicityQuantity: 13, descriptionPromotionCode: 'con emoji 🎉' }))
      .expect(400);
    expect(res.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual([
      'body.descriptionPromotionCode',
      'body.periodicityQuantity',
      'body.promotionCode',
      'body.typeUserId',
      'body.useQuantity',
    ]);
  });

  it('toggles the state with modify or delete rights', async () => {
    const { id } = await createPromoCode(t);
    const off = await t.api.put(`/api/v1/promo-codes/${id}/state`, tokens.comercial).send({ idstate: 1 }).expect(200);
    expect(off.body.idstate).toBe(1);
    await t.api.put(`/api/v1/promo-codes/${id}/state`, tokens.comercial).send({ idstate: 0 }).expect(200);
  });

  it('compatibility: SaveNewPromoCode, UpdatePromoCode, ActivePromoCode (201), GetPromotionalCodes, GetPackagesId, GetTypeUserPromotional', async () => {
    const saved = await t.api.post('/license/api/PromotionalCode/SaveNewPromoCode', tokens.promocode).send(compat()).expect(200);
    expect(saved.body.statusMessage).toBe('El código promocional se ha guardado exitosamente');
    const id = saved.body.result.id;
    expect(saved.body.result).toMatchObject({ promotionCode: 'ANTIGUO1', useQuantity: 1, packageIds: [packages['FY-PRO'], packages['FM-CORREOS']] });

    const edited = await t.api
      .put('/license/api/PromotionalCode/UpdatePromoCode', tokens.promocode)
      .send(compat({ Id: id, OfferValue: 25000 }))
      .expect(200);
    expect(edited.body.statusMessage).toBe('El código promocional se ha editado exitosamente');
    expect(edited.body.result.offerValue).toBe(25000);

    const off = await t.api.put('/license/api/PromotionalCode/ActivePromoCode', tokens.promocode).send({ id, idstate: 1 }).expect(201);
    expect(off.body.statusMessage).toBe('Se ha inactivado el código promocional exitosamente');
    const on = await t.api.put('/license/api/PromotionalCode/ActivePromoCode', tokens.promocode).send({ id, idstate: 0 }).expect(201);
    expect(on.body.statusMessage).toBe('Se ha activado el código promocional exitosamente');

    const all = await t.api.get('/license/api/PromotionalCode/GetPromotionalCodes', tokens.promocode).expect(200);
    expect(all.body.result.records.map((c: { promotionCode: string }) => c.promotionCode)).toContain('ANTIGUO1');
    const linked = await t.api.get('/license/api/PromotionalCode/GetPackagesId', tokens.promocode).set('promotionalCodeId', String(id)).expect(200);
    expect(linked.body.result.records.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual([
      packages['FY-PRO'],
      packages['FM-CORREOS'],
    ]);
    await t.api.get('/license/api/PromotionalCode/GetPackagesId', tokens.promocode).set('promotionalCodeId', '99999').expect(404);
    await t.api.get('/license/api/PromotionalCode/GetPackagesId', tokens.promocode).expect(400);
    const types = await t.api.get('/license/api/PromotionalCode/GetTypeUserPromotional', tokens.promocode).expect(200);
    expect(types.body.result.records[1]).toMatchObject({ id: 2, typeUser: 'Colaborador interno' });
  });

  it('compatibility: a refused save reads "El código {code} no fue guardado/editado"', async () => {
    const refused = await t.api
      .post('/license/api/PromotionalCode/SaveNewPromoCode', tokens.promocode)
      .send(compat({ PromotionCode: 'MAL 1', PromotionalCodePackage: [] }))
      .expect(422);
    expect(refused.body.statusMessage).toBe('El código MAL 1 no fue guardado');
    expect(refused.body.statusDetails).toEqual([{ field: 'packageIds', description: 'Campo obligatorio' }]);
    const taken = await t.api
      .post('/license/api/PromotionalCode/SaveNewPromoCode', tokens.promocode)
      .send(compat({ PromotionCode: 'bienvenida10' }))
      .expect(409);
    expect(taken.body.statusMessage).toBe('El código bienvenida10 no fue guardado');
    const edit = await t.api
      .put('/license/api/PromotionalCode/UpdatePromoCode', tokens.promocode)
      .send(
        compat({
          Id: (await t.api.get(`/api/v1/promo-codes?${filter({ q: 'BIENVENIDA10' })}`, tokens.promocode)).body[0].id,
          PromotionCode: 'BIENVENIDA10',
          ExpirationDate: day(0),
          EffectiveStartDate: day(3),
        }),
      )
      .expect(422);
    expect(edit.body.statusMessage).toBe('El código BIENVENIDA10 no fue editado');
    expect(edit.body.statusDetails[0].description).toBe('Fin vigencia debe ser mayor a Inicio vigencia');
  });

  it('keeps the promo-code privileges apart', async () => {
    await t.api.get('/api/v1/promo-codes', tokens.financiero).expect(403);
    await t.api
      .post('/license/api/PromotionalCode/SaveNewPromoCode', tokens.financiero)
      .send(compat({ PromotionCode: 'NO1' }))
      .expect(403);
    await t.api.get('/license/api/PromotionalCode/GetPromotionalCodes', tokens.comercial).expect(200);
    await t.api.get('/license/api/Package/GetPackagesAdditionalDiscount', tokens.promocode).expect(200);
    await t.api.get('/license/api/Package/GetPackagesType', tokens.promocode).expect(200);
    await t.api.get(`/license/api/package/GetPromoCodeLinkedPackage/${packages['FY-PRO']}`, tokens.promocode).expect(403);
    await t.api.get('/api/v1/promo-codes').expect(401);
  });
});
