import { createCustomer, createUser } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

/** A complete legal person, as the 'Nueva empresa' form sends it (licences §3, §5). */
function company(documentNumber: string, over: Record<string, unknown> = {}) {
  return {
    personType: 'J',
    documentTypeId: 4,
    documentNumber,
    legalName: 'Industrias La Ceiba S.A.S.',
    fulladdress: 'Carrera 43A # 1-50, Torre 2',
    addressAdditionalInformation: 'Piso 7',
    addressLatGeocode: 6.2086,
    addressLngGeocode: -75.5659,
    departmentId: 5,
    cityId: 5001,
    cellphoneNumber: '3104567890',
    email: 'gerencia@laceiba.com.co',
    legalDocumentTypeId: 1,
    legalDocumentNumber: '43123456',
    legalFirstName: 'Lucía',
    legalLastName: 'Restrepo Álvarez',
    linkToApp: 'otras_apps',
    ...over,
  };
}

/** Distinct NITs for the companies these tests create. */
let next = 0;
const nit = () => String(901000000 + next++);

describe("companies: 'Nueva empresa', GetCustomer/SetCustomer and /api/v1/customers", () => {
  const t = useTestApp();
  let admin: string;
  let comercial: string;
  let financiero: string;
  let consulta: string;
  let promo: string;

  beforeAll(async () => {
    [admin, comercial, financiero, consulta, promo] = await Promise.all([
      t.signIn('SUPERADMIN'),
      t.signIn('LICENSECOMERCIAL'),
      t.signIn('LICFINANCIERO'),
      t.signIn('LICFINANCIEROCONSULTA'),
      t.signIn('LICENSEPROMOCODE'),
    ]);
  });

  it('creates a company with every field of §3; the server computes the NIT check digit and strips spaces', async () => {
    const res = await t.api
      .post('/api/v1/customers', admin)
      .send(company('900 123 456', { dv: undefined }))
      .expect(201);
    expect(res.body).toMatchObject({
      personType: 'J',
      documentTypeId: 4,
      documentNumber: '900123456',
      dv: '8',
      name: 'Industrias La Ceiba S.A.S.',
      customerName: 'Industrias La Ceiba S.A.S.',
      legalName: 'Industrias La Ceiba S.A.S.',
      firstName: null,
      lastName: null,
      fulladdress: 'Carrera 43A # 1-50, Torre 2',
      addressAdditionalInformation: 'Piso 7',
      addressLatGeocode: 6.2086,
      addressLngGeocode: -75.5659,
      departmentId: 5,
      cityId: 5001,
      cellphoneNumber: '3104567890',
      email: 'gerencia@laceiba.com.co',
      legalDocumentTypeId: 1,
      legalDocumentNumber: '43123456',
      legalRepresentativeName: 'Lucía Restrepo Álvarez',
      linkToApp: 'otras_apps',
      contractStartDate: null,
      contractEndDate: null,
      version: 1,
    });
    const read = await t.api.get(`/api/v1/customers/${res.body.id}`, financiero).expect(200);
    expect(read.body).toEqual(res.body);
  });

  it('stores a natural person without the legal fields, and contract dates only for biometria', async () => {
    const res = await t.api
      .post('/api/v1/customers', comercial)
      .send(
        company('1020304050', {
          personType: 'N',
          documentTypeId: 1,
          legalName: 'ignorado',
          firstName: 'María José',
          lastName: 'Núñez',
          linkToApp: 'biometria',
          contractStartDate: '2026-12-01',
          contractEndDate: '2027-11-30',
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({
      personType: 'N',
      dv: null,
      name: 'María José Núñez',
      legalName: null,
      legalDocumentTypeId: null,
      legalDocumentNumber: null,
      legalRepresentativeName: null,
      contractStartDate: '2026-12-01',
      contractEndDate: '2027-11-30',
    });
    const other = await t.api
      .post('/api/v1/customers', comercial)
      .send(company(nit(), { contractStartDate: '2026-12-01', contractEndDate: '2027-11-30' }))
      .expect(201);
    expect(other.body).toMatchObject({ contractStartDate: null, contractEndDate: null });
  });

  it("refuses a company that breaks the form's rules with 422 and one Spanish message per field", async () => {
    const res = await t.api
      .post('/api/v1/customers', admin)
      .send({ personType: 'J', documentTypeId: 1, documentNumber: '12A', email: 'ana@mx.yopmail.com', cellphoneNumber: '30045', fulladdress: 'Calle 1 @ 2' })
      .expect(422);
    expect(res.body.statusMessage).toBe('El tipo de documento no es permitido para el tipo de persona.');
    expect(res.body.statusDetails).toEqual([
      { field: 'documentTypeId', description: 'El tipo de documento no es permitido para el tipo de persona.' },
      { field: 'documentNumber', description: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.' },
      { field: 'legalName', description: 'Campo obligatorio' },
      { field: 'legalDocumentTypeId', description: 'Campo obligatorio' },
      { field: 'legalDocumentNumber', description: 'Campo obligatorio' },
      { field: 'legalFirstName', description: 'Campo obligatorio' },
      { field: 'legalLastName', description: 'Campo obligatorio' },
      { field: 'fulladdress', description: 'La dirección solo admite letras, números, espacios y los caracteres # - , .' },
      { field: 'departmentId', description: 'Campo obligatorio' },
      { field: 'cityId', description: 'Campo obligatorio' },
      { field: 'cellphoneNumber', description: 'El teléfono debe tener 7 o 10 dígitos.' },
      { field: 'email', description: 'El dominio de correo ingresado no es permitido.' },
      { field: 'linkToApp', description: 'Campo obligatorio' },
    ]);
  });

  it('refuses names, legal representative, city of another department and contract dates in order', async () => {
    const natural = await t.api
      .post('/api/v1/customers', admin)
      .send(company('52123456', { personType: 'N', documentTypeId: 1, firstName: 'Jo', lastName: 'Pérez2', cityId: 11001 }))
      .expect(422);
    expect(natural.body.statusDetails).toEqual([
      { field: 'firstName', description: 'El campo debe tener mínimo 3 letras.' },
      { field: 'lastName', description: 'El campo solo admite letras.' },
      { field: 'cityId', description: 'La ciudad no pertenece al departamento.' },
    ]);
    const legal = await t.api
      .post('/api/v1/customers', admin)
      .send(
        company(nit(), {
          legalName: 'La Ceiba <S.A.S>',
          legalDocumentTypeId: 4,
          email: 'gerencia@',
          linkToApp: 'biometria',
          contractStartDate: '2026-12-01',
          contractEndDate: '2026-11-30',
        }),
      )
      .expect(422);
    expect(legal.body.statusDetails).toEqual([
      { field: 'legalName', description: 'El campo no admite caracteres especiales.' },
      {
        field: 'legalDocumentTypeId',
        description: 'El tipo de documento del representante legal debe ser cédula de ciudadanía, cédula de extranjería o pasaporte.',
      },
      { field: 'email', description: 'El correo electrónico no es válido.' },
      { field: 'contractEndDate', description: 'La fecha debe ser posterior a 01/12/2026' },
    ]);
    const passport = await t.api
      .post('/api/v1/customers', admin)
      .send(company('P-12', { personType: 'N', documentTypeId: 6, firstName: 'John', lastName: 'Smith' }))
      .expect(422);
    expect(passport.body.statusDetails).toEqual([{ field: 'documentNumber', description: 'El campo debe ser alfanumérico, mínimo 5 y máximo 15 caracteres.' }]);
  });

  it('answers 400 for a shape the contract refuses (an over-long legal name, an unknown linked app)', async () => {
    await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { legalName: 'x'.repeat(451) }))
      .expect(400);
    await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { linkToApp: 'otra' }))
      .expect(400);
    await t.api.post('/api/v1/customers', admin).send({ personType: 'J' }).expect(400);
  });

  it('is unique by document: two creates at once give one row and a 409 to the other', async () => {
    const document = nit();
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.api.post('/api/v1/customers', admin).send(company(document))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.body.statusMessage).toBe('Ya existe una empresa con ese tipo y número de documento.');
      expect(refused.body.statusDetails).toEqual([{ field: 'documentNumber', description: 'Ya existe una empresa con ese tipo y número de documento.' }]);
    }
    const list = await t.api.get(`/api/v1/customers?filter=${encodeURIComponent(JSON.stringify({ documentNumber: document }))}`, admin).expect(200);
    expect(list.body).toHaveLength(1);
  });

  it('updates a company: nothing changed writes nothing, a stale version or a taken document is 409', async () => {
    const taken = await createCustomer(t);
    const created = (await t.api.post('/api/v1/customers', admin).send(company(nit())).expect(201)).body;
    const same = await t.api
      .put(`/api/v1/customers/${created.id}`, financiero)
      .send({ ...company(created.documentNumber), version: 1 })
      .expect(200);
    expect(same.body.version).toBe(1);
    const changed = await t.api
      .put(`/api/v1/customers/${created.id}`, financiero)
      .send({ ...company(created.documentNumber, { legalName: 'Industrias La Ceiba S.A.', linkToApp: 'confronta' }), version: 1 })
      .expect(200);
    expect(changed.body).toMatchObject({ legalName: 'Industrias La Ceiba S.A.', linkToApp: 'confronta', version: 2 });
    const stale = await t.api
      .put(`/api/v1/customers/${created.id}`, admin)
      .send({ ...company(created.documentNumber), version: 1 })
      .expect(409);
    expect(stale.body.statusMessage).toBe('El registro fue modificado por otra persona. Recarga e inténtalo de nuevo.');
    const dup = await t.api.put(`/api/v1/customers/${created.id}`, admin).send(company(taken.documentNumber)).expect(409);
    expect(dup.body.statusMessage).toBe('Ya existe una empresa con ese tipo y número de documento.');
    const missing = await t.api.put('/api/v1/customers/99999999', admin).send(company(nit())).expect(404);
    expect(missing.body.statusMessage).toBe('La empresa no existe');
    await t.api
      .put(`/api/v1/customers/${created.id}`, admin)
      .send(company(created.documentNumber, { cityId: 11001 }))
      .expect(422);
  });

  it('SetCustomer creates without customerId and updates with it; refusals say ¡La empresa NO fue guardada!', async () => {
    const document = nit();
    const created = await t.api
      .post('/license/api/Customer/SetCustomer', comercial)
      .send({ ...company(document), dv: '0', departmentId: null, stateId: 5 })
      .expect(200);
    expect(created.body).toMatchObject({ statusCode: 200, statusMessage: '¡La empresa fue creada con éxito!', statusDetails: [] });
    expect(created.body.result).toMatchObject({ documentNumber: document, departmentId: 5, cityId: 5001 });
    expect(created.body.result.dv).not.toBe('0');
    const id = created.body.result.customerId;

    const updated = await t.api
      .post('/license/api/Customer/SetCustomer', comercial)
      .send({ ...company(document, { cellphoneNumber: '6045551234' }), customerId: id })
      .expect(200);
    expect(updated.body.statusMessage).toBe('¡La empresa fue actualizada con éxito!');
    expect(updated.body.result).toMatchObject({ customerId: id, cellphoneNumber: '6045551234', version: 2 });

    const refused = await t.api
      .post('/license/api/Customer/SetCustomer', comercial)
      .send({ ...company(document, { email: 'x@yopmail.com' }), customerId: id })
      .expect(422);
    expect(refused.body.statusMessage).toBe('¡La empresa NO fue guardada!');
    expect(refused.body.statusDetails).toEqual([{ field: 'email', description: 'El dominio de correo ingresado no es permitido.' }]);

    const twice = await t.api.post('/license/api/Customer/SetCustomer', comercial).send(company(document)).expect(409);
    expect(twice.body.statusMessage).toBe('¡La empresa NO fue guardada!');
    expect(twice.body.statusDetails).toEqual([{ field: 'documentNumber', description: 'Ya existe una empresa con ese tipo y número de documento.' }]);
  });

  it('GetCustomer finds a company by id or by document, 404 when there is none, 400 without either', async () => {
    const saved = await createCustomer(t, { legalName: 'Ferretería Los Andes Ltda.' });
    const byId = await t.api.post('/license/api/Customer/GetCustomer', financiero).send({ CustomerId: saved.id }).expect(200);
    expect(byId.body.result).toMatchObject({ customerId: saved.id, customerName: 'Ferretería Los Andes Ltda.' });
    const byDocument = await t.api
      .post('/license/api/Customer/GetCustomer', financiero)
      .send({ DocumentType: 4, DocumentNumber: ` ${saved.documentNumber} ` })
      .expect(200);
    expect(byDocument.body.result.customerId).toBe(saved.id);
    const none = await t.api.post('/license/api/Customer/GetCustomer', financiero).send({ DocumentType: 4, DocumentNumber: '123456789012' }).expect(404);
    expect(none.body.statusMessage).toBe('La empresa no existe');
    await t.api.post('/license/api/Customer/GetCustomer', financiero).send({ DocumentType: 4 }).expect(400);
  });

  it('a customer user reads only its own company; only the licences roles read others or save', async () => {
    const own = await createCustomer(t);
    const other = await createCustomer(t);
    const user = await createUser(t, { role: 'CUSTOMER', customerId: own.id });
    const customer = (await t.api.login(user.username, user.password, user.appName)).token;
    await t.api.get(`/api/v1/customers/${own.id}`, customer).expect(200);
    const denied = await t.api.get(`/api/v1/customers/${other.id}`, customer).expect(403);
    expect(denied.body.statusMessage).toBe('No tienes los suficientes privilegios para realizar esta acción.');
    await t.api.post('/license/api/Customer/GetCustomer', customer).send({ CustomerId: own.id }).expect(200);
    await t.api.post('/license/api/Customer/GetCustomer', customer).send({ CustomerId: other.id }).expect(403);
    await t.api.post('/license/api/Customer/GetCustomer', customer).send({ DocumentType: 4, DocumentNumber: other.documentNumber }).expect(403);
    await t.api.post('/api/v1/customers', customer).send(company(nit())).expect(403);
    await t.api.put(`/api/v1/customers/${own.id}`, customer).send(company(own.documentNumber)).expect(403);
    for (const token of [consulta, promo]) {
      await t.api.get(`/api/v1/customers/${own.id}`, token).expect(403);
      await t.api.post('/license/api/Customer/SetCustomer', token).send(company(nit())).expect(403);
    }
  });
});
