import type { OpResponse } from '../contract/types.js';
import { useTestApp } from '../test-support/fixture.js';
import { createPackage, createPromoCode, createService, day, type PackageRecord, unique } from '../test-support/factories.js';
import { sealPackageLink } from './store-link.js';

type Link = OpResponse<'createPackageLink', 200>;
type Decrypted = OpResponse<'decryptPackage', 200>['result'];

const DECRYPT = '/license/api/Package/DecryptPackage';
const FAILED = { statusMessage: '¡Ocurrió un inconveniente!', detail: 'No hemos podido procesar la solicitud, por favor inténtalo más tarde.' };

describe("package links ('Copiar enlace', DecryptPackage)", () => {
  const t = useTestApp({ PACKAGE_LINK_KEY: 'c0'.repeat(32) });
  let admin: string;
  let pkg: PackageRecord;
  let twoBrands: PackageRecord;
  let colnominaId: number;

  const link = (p: PackageRecord, body: object, status = 200) => t.api.post(`/api/v1/packages/${p.id}/link`, admin).send(body).expect(status);
  const decrypt = (token: string, status = 200) => t.api.post(DECRYPT).send({ package: token }).expect(status);
  const expectFailed = (res: { body: { statusMessage: string; statusDetails: { description: string }[] } }) => {
    expect(res.body.statusMessage).toBe(FAILED.statusMessage);
    expect(res.body.statusDetails).toEqual([{ description: FAILED.detail }]);
  };

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    const colnomina = await createService(t, { appName: 'colnomina', serviceName: unique('Nómina enlace ') });
    const firmaya = await createService(t, { appName: 'firmaya', serviceName: unique('Firma enlace ') });
    colnominaId = colnomina.id;
    pkg = await createPackage(t, {
      serviceIds: [colnomina.id],
      packageTypeId: 1,
      packageName: 'Plan del enlace',
      packagePrice: 500000,
      applyOffer: true,
      offerTypeCode: 'PTJ',
      totalOffer: 10,
      offerStartTime: day(-1),
      offerExpirationTime: day(20),
    });
    twoBrands = await createPackage(t, { serviceIds: [colnomina.id, firmaya.id], packageTypeId: 2 });
  });

  it('makes a link to the brand store that opens the package with its quantity, promotion code and offer in force', async () => {
    const before = Date.now();
    const promo = await createPromoCode(t, { promotionCode: unique('NAVIDAD') });
    const made = (await link(pkg, { quantity: 3, promotionCode: ` ${promo.promotionCode.toLowerCase()} `, validDays: 7 })).body as Link;
    expect(made.appName).toBe('colnomina');
    expect(made.url).toBe(`http://colnomina.localhost:3000/license/addCart/${made.encryptedParameter}`);
    expect(made.encryptedParameter).toMatch(/^[A-Za-z0-9_-]{60,}$/);
    expect(new Date(made.expiresAt).getTime() - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(new Date(made.expiresAt).getTime() - before).toBeLessThanOrEqual(7 * 86_400_000 + 5000);
    const opened = (await decrypt(made.encryptedParameter)).body.result as Decrypted;
    expect(opened.promotionCode).toBe(promo.promotionCode);
    expect(opened.appName).toBe('colnomina');
    expect(opened.expiresAt).toBe(made.expiresAt);
    expect(opened.records).toHaveLength(1);
    expect(opened.records[0]).toMatchObject({
      packageId: pkg.id,
      packageCode: pkg.packageCode,
      packageName: 'Plan del enlace',
      quantity: 3,
      packagePrice: 500000,
      applyOffer: true,
      offerTypeCode: 'PTJ',
      totalOffer: 10,
      packagePriceWithDiscount: 450000,
    });
  });

  it('opens for the brand asked for, defaults to 30 days and no promotion code', async () => {
    const made = (await link(twoBrands, { quantity: 1, appName: 'firmaya' })).body as Link;
    expect(made.url).toBe(`http://firmaya.localhost:3000/license/addCart/${made.encryptedParameter}`);
    expect(Math.round((new Date(made.expiresAt).getTime() - Date.now()) / 86_400_000)).toBe(30);
    const opened = (await decrypt(made.encryptedParameter)).body.result as Decrypted;
    expect(opened).toMatchObject({ promotionCode: null, appName: 'firmaya' });
  });

  it("answers '¡Ocurrió un inconveniente!' for a tampered, foreign, expired or malformed link", async () => {
    const made = (await link(pkg, { quantity: 2 })).body as Link;
    const raw = Buffer.from(made.encryptedParameter, 'base64url');
    raw[20] = (raw[20] as number) ^ 0x01;
    expectFailed(await decrypt(raw.toString('base64url'), 422));
    // Sealed under another key (another installation, or a changed PACKAGE_LINK_KEY).
    const foreign = sealPackageLink(Buffer.alloc(32, 7), {
      packageId: pkg.id,
      quantity: 1,
      promotionCode: null,
      appName: 'colnomina',
      expiresAt: Date.now() + 60_000,
    });
    expectFailed(await decrypt(foreign, 422));
    const expired = sealPackageLink(t.config.packageLinkKey, {
      packageId: pkg.id,
      quantity: 1,
      promotionCode: null,
      appName: 'colnomina',
      expiresAt: Date.now() - 1,
    });
    expectFailed(await decrypt(expired, 422));
    expectFailed(await decrypt('esto no es un enlace', 422));
  });

  it('refuses a link whose package was inactivated after it was made', async () => {
    const gone = await createPackage(t, { serviceIds: [colnominaId], packageTypeId: 3 });
    const made = (await link(gone, { quantity: 1 })).body as Link;
    await decrypt(made.encryptedParameter);
    await t.api.put(`/api/v1/packages/${gone.id}/state`, admin).send({ idstate: 1 }).expect(200);
    expectFailed(await decrypt(made.encryptedParameter, 422));
    const refused = await link(gone, { quantity: 1 }, 422);
    expect(refused.body.statusMessage).toBe('El paquete está inactivo.');
  });

  it('refuses a brand that does not sell the package (422) and an unknown package (404)', async () => {
    const res = await link(pkg, { quantity: 1, appName: 'firmaya' }, 422);
    expect(res.body.statusMessage).toBe('La marca no vende este paquete.');
    expect(res.body.statusDetails).toEqual([{ field: 'appName', description: 'La marca no vende este paquete.' }]);
    const missing = await t.api.post('/api/v1/packages/999999/link', admin).send({ quantity: 1 }).expect(404);
    expect(missing.body.statusMessage).toBe('El paquete no existe');
  });

  it('refuses a promotion code that does not exist or is inactive (422)', async () => {
    const inactive = await createPromoCode(t, { promotionCode: unique('INACTIVO') });
    await t.api.put(`/api/v1/promo-codes/${inactive.id}/state`, admin).send({ idstate: 1 }).expect(200);
    for (const promotionCode of ['NOEXISTE99', inactive.promotionCode]) {
      const res = await link(pkg, { quantity: 1, promotionCode }, 422);
      expect(res.body.statusDetails).toEqual([{ field: 'promotionCode', description: 'El código promocional no existe o está inactivo.' }]);
    }
  });

  it('checks the shape: 400 per field', async () => {
    const res = await link(pkg, { quantity: 0, validDays: 400, promotionCode: 'X'.repeat(21) }, 400);
    expect(res.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual(['body.promotionCode', 'body.quantity', 'body.validDays']);
    const empty = await t.api.post(DECRYPT).send({ package: '' }).expect(400);
    expect(empty.body.statusDetails.map((d: { field: string }) => d.field)).toEqual(['body.package']);
  });

  it('makes links for the packages screen only (PACKAGES): 401 without a token, 403 for other staff', async () => {
    await t.api.post(`/api/v1/packages/${pkg.id}/link`).send({ quantity: 1 }).expect(401);
    const commercial = await t.signIn('LICENSECOMERCIAL');
    await t.api.post(`/api/v1/packages/${pkg.id}/link`, commercial).send({ quantity: 1 }).expect(403);
  });
});
