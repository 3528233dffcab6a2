import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createUser } from '../test-support/factories.js';

const RAZON = '/license/api/PurchaseOrderLicense/GetRazonSocialByDocTypeAndDoc';
const INFO = '/license/api/PurchaseOrderLicense/GetCustomerInformation';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

describe('named lookups (GetRazonSocialByDocTypeAndDoc, GetCustomerInformation)', () => {
  const t = useTestApp();
  let company: Customer;
  let person: Customer;
  let owner: string;
  let stranger: string;

  const signInCustomer = async (customerId: number) => {
    const user = await createUser(t, { role: 'CUSTOMER', customerId });
    return (await t.api.login(user.username, user.password, user.appName)).token;
  };

  beforeAll(async () => {
    company = await createCustomer(t, {
      legalName: 'Panadería La Espiga S.A.S.',
      cellphoneNumber: '3001234567',
      fulladdress: 'Calle 10 # 20-30',
      addressAdditionalInformation: 'Local 2',
      departmentId: 11,
      cityId: 11001,
      legalDocumentTypeId: 1,
      legalDocumentNumber: '52123456',
      legalFirstName: 'Marta',
      legalLastName: 'Gómez',
    });
    person = await createCustomer(t, {
      personType: 'N',
      documentTypeId: 1,
      documentNumber: '1020304050',
      dv: null,
      legalName: null,
      firstName: 'Andrés',
      lastName: 'Rojas',
      email: 'andres.rojas@example.com',
    });
    owner = await signInCustomer(company.id);
    stranger = await signInCustomer(person.id);
  });

  it("tells anyone a legal person's name and nothing else, never kept by a shared cache", async () => {
    const res = await t.api.get(`${RAZON}/colnomina/4/${company.documentNumber}`).expect(200);
    expect(res.body.result).toEqual({
      complete: false,
      personType: 'J',
      documentTypeId: 4,
      documentNumber: company.documentNumber,
      dv: company.dv,
      firstName: null,
      lastName: null,
      legalName: 'Panadería La Espiga S.A.S.',
      cellphoneNumber: null,
      email: null,
      fullAddress: null,
      departmentId: null,
      cityId: null,
      city: null,
      addressAdditionalInformation: null,
      legalDocumentTypeId: null,
      legalDocumentNumber: null,
      legalFirstName: null,
      legalLastName: null,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Another customer is anyone too.
    expect((await t.api.get(`${RAZON}/colnomina/4/${company.documentNumber}`, stranger).expect(200)).body.result.complete).toBe(false);
  });

  it('tells anyone only that a natural person exists', async () => {
    const res = await t.api.get(`${RAZON}/firmaya/1/1020304050`).expect(200);
    expect(res.body.result).toMatchObject({ complete: false, personType: 'N', legalName: null, firstName: null, lastName: null, email: null, dv: null });
  });

  it('gives the company itself and staff the whole billing data', async () => {
    const admin = await t.signIn('SUPERADMIN');
    for (const token of [owner, admin]) {
      const res = await t.api.get(`${RAZON}/colnomina/4/${company.documentNumber}`, token).expect(200);
      expect(res.body.result).toMatchObject({
        complete: true,
        legalName: 'Panadería La Espiga S.A.S.',
        cellphoneNumber: '3001234567',
        email: company.email,
        fullAddress: 'Calle 10 # 20-30',
        addressAdditionalInformation: 'Local 2',
        departmentId: 11,
        cityId: 11001,
        city: { id: 11001, stateId: 11 },
        legalDocumentTypeId: 1,
        legalDocumentNumber: '52123456',
        legalFirstName: 'Marta',
        legalLastName: 'Gómez',
      });
    }
  });

  it("answers 404 'Número de documento no registrado' and 'La marca no existe', 400 for a malformed path", async () => {
    const missing = await t.api.get(`${RAZON}/colnomina/4/999999991`).expect(404);
    expect(missing.body.statusMessage).toBe('Número de documento no registrado');
    // Same document number, other type: not that company.
    expect((await t.api.get(`${RAZON}/colnomina/1/${company.documentNumber}`).expect(404)).body.statusMessage).toBe('Número de documento no registrado');
    const brand = await t.api.get(`${RAZON}/nomarca/4/${company.documentNumber}`).expect(404);
    expect(brand.body.statusMessage).toBe('La marca no existe');
    await t.api.get(`${RAZON}/colnomina/abc/${company.documentNumber}`).expect(400);
  });

  it("GetCustomerInformation gives a customer its own company's billing data, complete", async () => {
    const res = await t.api
      .post(INFO, owner)
      .send({ DocumentType: 4, DocumentNumber: ` ${company.documentNumber} ` })
      .expect(200);
    expect(res.body.result).toMatchObject({ complete: true, legalName: 'Panadería La Espiga S.A.S.', city: { id: 11001, stateId: 11 } });
  });

  it('GetCustomerInformation refuses another company or an unknown document to a customer (403); staff get 404 for an unknown one', async () => {
    for (const body of [
      { DocumentType: 1, DocumentNumber: '1020304050' },
      { DocumentType: 4, DocumentNumber: '999999992' },
    ]) {
      const res = await t.api.post(INFO, owner).send(body).expect(403);
      expect(res.body.statusMessage).toBe('No tienes los suficientes privilegios para realizar esta acción.');
    }
    const commercial = await t.signIn('LICENSECOMERCIAL');
    expect((await t.api.post(INFO, commercial).send({ DocumentType: 1, DocumentNumber: '1020304050' }).expect(200)).body.result.firstName).toBe('Andrés');
    const missing = await t.api.post(INFO, commercial).send({ DocumentType: 4, DocumentNumber: '999999992' }).expect(404);
    expect(missing.body.statusMessage).toBe('Número de documento no registrado');
  });

  it('GetCustomerInformation checks the shape (400) and who calls (401, 403)', async () => {
    const bad = await t.api.post(INFO, owner).send({ DocumentType: 0, DocumentNumber: '' }).expect(400);
    expect(bad.body.statusDetails.map((d: { field: string }) => d.field).sort()).toEqual(['body.DocumentNumber', 'body.DocumentType']);
    await t.api.post(INFO).send({ DocumentType: 4, DocumentNumber: company.documentNumber }).expect(401);
    const promo = await t.signIn('LICENSEPROMOCODE');
    await t.api.post(INFO, promo).send({ DocumentType: 4, DocumentNumber: company.documentNumber }).expect(403);
  });
});
