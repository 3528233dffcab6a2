import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createPackage, createService, createUser, offerImage } from '../test-support/factories.js';
import { bannerPng } from './demo-png.js';

const png = bannerPng('#123456', '#abcdef', true, 8, 4);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const NO_IMAGE = 'El paquete no tiene imagen de oferta';

describe('offer images go to whom they belong', () => {
  const t = useTestApp();
  let admin: string;
  let consulta: string;
  let cliente: string;
  const image: Record<'open' | 'linked' | 'otherCustomer' | 'inactive' | 'pdf', string> = { open: '', linked: '', otherCustomer: '', inactive: '', pdf: '' };

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    consulta = await t.signIn('LICFINANCIEROCONSULTA');
    const own = await createCustomer(t);
    const other = await createCustomer(t);
    const user = await createUser(t, { role: 'CUSTOMER', customerId: own.id });
    cliente = (await t.api.login(user.username, user.password, user.appName)).token;
    const serviceIds = [(await createService(t)).id];

    image.open = (await createPackage(t, { serviceIds, image: offerImage(png) })).urlImageOffer!;
    image.linked = (await createPackage(t, { serviceIds, publicVisibility: false, customerIds: [own.id] })).urlImageOffer!;
    image.otherCustomer = (await createPackage(t, { serviceIds, publicVisibility: false, customerIds: [other.id] })).urlImageOffer!;
    const inactive = await createPackage(t, { serviceIds });
    await t.api.put(`/api/v1/packages/${inactive.id}/state`, admin).send({ idstate: 1 }).expect(200);
    image.inactive = inactive.urlImageOffer!;
    const named = { fileName: 'condiciones\u202Eexe.<b onmouseover=x>"ñ"\u2066.pdf', contentBase64: pdf.toString('base64') };
    image.pdf = (await createPackage(t, { serviceIds, image: named })).urlImageOffer!;
  });

  it('serves the image of an active public package to anyone, cacheable for good at its hashed address', async () => {
    const res = await t.api.get(image.open).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect((res.body as Buffer).equals(png)).toBe(true);
  });

  it('answers anyone else as if there were no image: private, inactive, missing or without image alike', async () => {
    const missing = await t.api.get('/api/v1/packages/99999/offer-image').expect(404);
    expect(missing.body.statusMessage).toBe(NO_IMAGE);
    for (const url of [image.linked, image.otherCustomer, image.inactive]) {
      const anonymous = await t.api.get(url).expect(404);
      expect(anonymous.body.statusMessage).toBe(NO_IMAGE);
    }
    await t.api.get(image.linked, 'not-a-token').expect(404);
  });

  it('serves private and inactive images to staff, never to be stored by shared caches', async () => {
    for (const token of [admin, consulta])
      for (const url of [image.linked, image.otherCustomer, image.inactive]) {
        const res = await t.api.get(url, token).expect(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
  });

  it('serves a private image to the customers the package is offered to, and to no other customer', async () => {
    const own = await t.api.get(image.linked, cliente).expect(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const other = await t.api.get(image.otherCustomer, cliente).expect(404);
    expect(other.body.statusMessage).toBe(NO_IMAGE);
    await t.api.get(image.inactive, cliente).expect(404);
  });

  it('serves a PDF as a sandboxed download under its cleaned name', async () => {
    const res = await t.api.get(image.pdf).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="condicionesexe.b onmouseover=x_.pdf"; filename*=UTF-8''condicionesexe.b%20onmouseover%3Dx%C3%B1.pdf`,
    );
  });
});
