import { decodeClaims } from '@licencias/common/claims';
import { MikroORM } from '@mikro-orm/sql';
import { Customer } from '../customer/customer.entity.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { bannerPng } from './demo-png.js';

const png = bannerPng('#123456', '#abcdef', true, 8, 4);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const body = (code: string, over: Record<string, unknown> = {}) => ({
  packageCode: code,
  packageName: `Paquete ${code}`,
  packageDescription: 'Paquete creado por las pruebas de la imagen de oferta',
  packageTypeId: 3,
  packagePrice: 119000,
  taxIva: 19,
  validityPeriod: 1,
  validityTypeId: 'A',
  relevance: 'Media',
  publicVisibility: true,
  serviceIds: [1],
  channelIds: [1],
  image: { fileName: 'oferta.png', contentBase64: png.toString('base64') },
  ...over,
});

describe('offer images go to whom they belong', () => {
  let t: TestApp;
  let admin: string;
  let consulta: string;
  let cliente: string;
  const image: Record<'open' | 'linked' | 'otherCustomer' | 'inactive' | 'pdf', string> = { open: '', linked: '', otherCustomer: '', inactive: '', pdf: '' };

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.api.login('superadmin')).token;
    consulta = (await t.api.login('consulta')).token;
    cliente = (await t.api.login('cliente', undefined, 'colnomina')).token;
    const ownCustomer = Number(decodeClaims(cliente)?.customer_id);
    const em = t.app.get(MikroORM).em.fork();
    const other = em.create(Customer, { personType: 'J', documentTypeId: 4, documentNumber: '900555111', dv: '1', legalName: 'Otra Empresa S.A.S.' });
    await em.flush();

    const create = async (code: string, over: Record<string, unknown> = {}) =>
      (await t.api.post('/api/v1/packages', admin).send(body(code, over)).expect(201)).body as { id: number; urlImageOffer: string; version: number };
    image.open = (await create('IMG-OPEN')).urlImageOffer;
    image.linked = (await create('IMG-LINKED', { publicVisibility: false, customerIds: [ownCustomer] })).urlImageOffer;
    image.otherCustomer = (await create('IMG-OTHER', { publicVisibility: false, customerIds: [other.id] })).urlImageOffer;
    const inactive = await create('IMG-INACTIVE');
    await t.api.put(`/api/v1/packages/${inactive.id}/state`, admin).send({ idstate: 1 }).expect(200);
    image.inactive = inactive.urlImageOffer;
    image.pdf = (
      await create('IMG-PDF', { image: { fileName: 'condiciones\u202Eexe.<b onmouseover=x>"ñ"\u2066.pdf', contentBase64: pdf.toString('base64') } })
    ).urlImageOffer;
  });
  afterAll(async () => {
    await t.close();
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
    expect(missing.body.statusMessage).toBe('El paquete no tiene imagen de oferta');
    for (const url of [image.linked, image.otherCustomer, image.inactive]) {
      const anonymous = await t.api.get(url).expect(404);
      expect(anonymous.body.statusMessage).toBe('El paquete no tiene imagen de oferta');
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
    expect(other.body.statusMessage).toBe('El paquete no tiene imagen de oferta');
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
