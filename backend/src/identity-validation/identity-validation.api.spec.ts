import { jest } from '@jest/globals';
import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createPackage, createService, type PackageRecord } from '../test-support/factories.js';
import { IDENTITY_VERIFIER, type IdentityVerifier } from './identity-validation.types.js';

const VALIDATE = '/license/api/purchaseorder/register-identity-validation';

/**
 * firmaya's identity validation (issue 12, store §4 "Continue", §8): OK01 and the e-mail with the
 * link to continue, the data not validated (ER01), the form's rules, a package the store does not
 * sell, and the validation service out of reach.
 */
describe('register-identity-validation', () => {
  const t = useTestApp();
  const appName = 'firmaya';
  let admin: string;
  let pkg: PackageRecord;
  let other: PackageRecord;

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    const serviceId = (await createService(t, { appName })).id;
    pkg = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1, packagePrice: 59000, taxIva: 19 });
    other = await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3, packagePrice: 19000, taxIva: 19 });
  });

  const body = (subscriber: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
    package: [{ code: pkg.packageCode, quantity: 2 }],
    PromotionCode: null,
    subscriber: { documentType: 1, document: '1020304050', email: 'firmante.uno@correo-firma.com', phoneNumber: '3001234567', ...subscriber },
    appName,
    ...over,
  });
  const mailsTo = async (email: string) => {
    const filter = encodeURIComponent(JSON.stringify({ to: email, template: 'identity-validated' }));
    return (await t.api.get(`/api/v1/mail-messages?filter=${filter}`, admin).expect(200)).body as { id: number; subject: string }[];
  };

  it('answers OK01 with "No dudamos que seas tú..." and e-mails a link that fills the cart with the package', async () => {
    const res = await t.api.post(VALIDATE).send(body()).expect(200);
    expect(res.body).toEqual(expect.objectContaining({ statusMessage: 'No dudamos que seas tú...', result: { code: 'OK01' } }));
    const [mail] = await mailsTo('firmante.uno@correo-firma.com');
    expect(mail?.subject).toBe('Continúa tu compra en FirmaYa');
    const detail = (await t.api.get(`/api/v1/mail-messages/${mail!.id}`, admin).expect(200)).body as { links: string[] };
    const link = detail.links.find((l) => l.includes('/license/addCart/'));
    expect(link).toBeDefined();
    const opened = await t.api
      .post('/license/api/Package/DecryptPackage')
      .send({ package: link!.split('/license/addCart/')[1] })
      .expect(200);
    expect(opened.body.result.records).toEqual([expect.objectContaining({ packageId: pkg.id, quantity: 2 })]);
    expect(opened.body.result.appName).toBe(appName);

    // A second request within ten minutes sends no second e-mail.
    await t.api.post(VALIDATE).send(body()).expect(200);
    expect(await mailsTo('firmante.uno@correo-firma.com')).toHaveLength(1);
  });

  it('links to the store when the cart holds several packages', async () => {
    const email = 'firmante.dos@correo-firma.com';
    await t.api
      .post(VALIDATE)
      .send(
        body(
          { email },
          {
            package: [
              { code: pkg.packageCode, quantity: 1 },
              { code: other.packageCode, quantity: 1 },
            ],
          },
        ),
      )
      .expect(200);
    const [mail] = await mailsTo(email);
    const detail = (await t.api.get(`/api/v1/mail-messages/${mail!.id}`, admin).expect(200)).body as { links: string[] };
    expect(detail.links.some((l) => l.includes('/license/addCart/'))).toBe(false);
  });

  it('a customer holding that document with another e-mail or mobile is not validated: 422 ER01', async () => {
    await createCustomer(t, {
      personType: 'N',
      documentTypeId: 1,
      documentNumber: '79123456',
      dv: null,
      firstName: 'Ana',
      lastName: 'Pérez',
      legalName: 'Ana Pérez',
      email: 'ana.perez@correo-firma.com',
      cellphoneNumber: '3109876543',
    });
    const stranger = await t.api
      .post(VALIDATE)
      .send(body({ document: '79123456', email: 'otra.persona@correo-firma.com', phoneNumber: '3109876543' }))
      .expect(422);
    expect(stranger.body.statusMessage).toBe('No hemos validado tu información');
    expect(stranger.body.statusDetails).toEqual([{ code: 'ER01', description: 'Revisa los datos ingresados y vuelve a intentarlo' }]);
    expect(stranger.body.result).toEqual({ code: 'ER01' });
    const otherPhone = await t.api
      .post(VALIDATE)
      .send(body({ document: '79123456', email: 'Ana.Perez@correo-firma.com', phoneNumber: '3000000000' }))
      .expect(422);
    expect(otherPhone.body.result).toEqual({ code: 'ER01' });
    expect(await mailsTo('otra.persona@correo-firma.com')).toHaveLength(0);

    const owner = await t.api
      .post(VALIDATE)
      .send(body({ document: '79 123 456', email: 'Ana.Perez@correo-firma.com', phoneNumber: '3109876543' }))
      .expect(200);
    expect(owner.body.result).toEqual({ code: 'OK01' });
  });

  it("refuses the firmaya form's data field by field (422) and a shape outside the contract (400)", async () => {
    const res = await t.api
      .post(VALIDATE)
      .send(body({ documentType: 2, document: '12', email: 'malo', phoneNumber: '12345' }))
      .expect(422);
    const fields = Object.fromEntries((res.body.statusDetails as { field: string; description: string }[]).map((d) => [d.field, d.description]));
    expect(fields['body.subscriber.documentType']).toBe('Solo se admite la cédula de ciudadanía.');
    expect(fields['body.subscriber.document']).toBeDefined();
    expect(fields['body.subscriber.email']).toBe('Debe ingresar una dirección de correo válida, mínimo 10 caracteres');
    expect(fields['body.subscriber.phoneNumber']).toBe('El campo debe ser numérico de 10 cifras');
    await t.api
      .post(VALIDATE)
      .send(body({}, { package: [] }))
      .expect(400);
    await t.api
      .post(VALIDATE)
      .send(body({ document: '1'.repeat(16) }))
      .expect(400);
  });

  it('refuses a package the brand does not sell', async () => {
    const foreign = await createPackage(t);
    const res = await t.api
      .post(VALIDATE)
      .send(body({}, { package: [{ code: foreign.packageCode, quantity: 1 }] }))
      .expect(422);
    expect(res.body.statusMessage).toBe(`El paquete ${foreign.packageCode} no está disponible.`);
    expect(res.body.statusDetails).toEqual([{ field: 'body.package[0].code', description: `El paquete ${foreign.packageCode} no está disponible.` }]);
  });

  it("answers 503 with the spec's text when the validation service cannot process the request", async () => {
    const verifier = t.app.get<IdentityVerifier>(IDENTITY_VERIFIER);
    const spy = jest.spyOn(verifier, 'verify').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      const res = await t.api
        .post(VALIDATE)
        .send(body({ email: 'firmante.tres@correo-firma.com' }))
        .expect(503);
      expect(res.body.statusMessage).toBe('No hemos podido procesar tu solicitud de validación de identidad, por favor inténtalo más tarde.');
      expect(await mailsTo('firmante.tres@correo-firma.com')).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });
});
