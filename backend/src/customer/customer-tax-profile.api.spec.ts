import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { useTestApp } from '../test-support/fixture.js';
import { TAX_RULES, type TaxRules } from '../tax/tax.types.js';
import { CustomerService } from './customer.service.js';

/** A complete legal person in Medellín (city 5001, DANE 05001), as 'Nueva empresa' sends it. */
function company(documentNumber: string, over: Record<string, unknown> = {}) {
  return {
    personType: 'J',
    documentTypeId: 4,
    documentNumber,
    legalName: 'Tributos del Valle S.A.S.',
    fulladdress: 'Calle 10 # 43-20',
    departmentId: 5,
    cityId: 5001,
    cellphoneNumber: '3104567890',
    email: 'impuestos@tributosdelvalle.com.co',
    legalDocumentTypeId: 1,
    legalDocumentNumber: '43123456',
    legalFirstName: 'Marta',
    legalLastName: 'Gómez',
    linkToApp: 'otras_apps',
    ...over,
  };
}

let next = 0;
const nit = () => String(902000000 + next++);

describe("the company's tax profile (Colombian taxes): /api/v1/customers, SetCustomer and CustomerService.taxProfile", () => {
  const t = useTestApp();
  let admin: string;
  let comercial: string;

  beforeAll(async () => {
    [admin, comercial] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICENSECOMERCIAL')]);
  });

  it('stores the three roles; a company created without them has none', async () => {
    const plain = await t.api.post('/api/v1/customers', admin).send(company(nit())).expect(201);
    expect(plain.body).toMatchObject({ largeTaxpayer: false, ivaWithholdingAgent: false, icaWithholdingAgent: false });

    const agent = await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { largeTaxpayer: true, icaWithholdingAgent: true }))
      .expect(201);
    expect(agent.body).toMatchObject({ largeTaxpayer: true, ivaWithholdingAgent: false, icaWithholdingAgent: true, version: 1 });
    const read = await t.api.get(`/api/v1/customers/${agent.body.id}`, admin).expect(200);
    expect(read.body).toMatchObject({ largeTaxpayer: true, ivaWithholdingAgent: false, icaWithholdingAgent: true });
  });

  it('an edit without the fields keeps them (older clients); with them it changes them', async () => {
    const created = await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { ivaWithholdingAgent: true }))
      .expect(201);
    const { id, documentNumber } = created.body;
    const untouched = await t.api
      .put(`/api/v1/customers/${id}`, admin)
      .send({ ...company(documentNumber, { cellphoneNumber: '6045551234' }), version: 1 })
      .expect(200);
    expect(untouched.body).toMatchObject({ ivaWithholdingAgent: true, cellphoneNumber: '6045551234', version: 2 });
    const changed = await t.api
      .put(`/api/v1/customers/${id}`, admin)
      .send({ ...company(documentNumber, { cellphoneNumber: '6045551234', ivaWithholdingAgent: false, largeTaxpayer: true }), version: 2 })
      .expect(200);
    expect(changed.body).toMatchObject({ ivaWithholdingAgent: false, largeTaxpayer: true, version: 3 });
  });

  it('SetCustomer creates and updates the profile as the form sends it', async () => {
    const document = nit();
    const created = await t.api
      .post('/license/api/Customer/SetCustomer', comercial)
      .send(company(document, { icaWithholdingAgent: true }))
      .expect(200);
    expect(created.body.statusMessage).toBe('¡La empresa fue creada con éxito!');
    expect(created.body.result).toMatchObject({ icaWithholdingAgent: true, largeTaxpayer: false });
    const updated = await t.api
      .post('/license/api/Customer/SetCustomer', comercial)
      .send({ ...company(document, { icaWithholdingAgent: false, largeTaxpayer: true }), customerId: created.body.result.customerId })
      .expect(200);
    expect(updated.body.statusMessage).toBe('¡La empresa fue actualizada con éxito!');
    expect(updated.body.result).toMatchObject({ icaWithholdingAgent: false, largeTaxpayer: true });
  });

  it('refuses a flag that is not true or false with 400, naming the field', async () => {
    const text = await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { largeTaxpayer: 'sí' }))
      .expect(400);
    expect(text.body.statusDetails).toEqual([{ field: 'body.largeTaxpayer', description: 'debe ser boolean' }]);
    const nulled = await t.api
      .post('/license/api/Customer/SetCustomer', comercial)
      .send(company(nit(), { icaWithholdingAgent: null }))
      .expect(400);
    expect(nulled.body.statusDetails).toEqual([{ field: 'body.icaWithholdingAgent', description: 'debe ser boolean' }]);
  });

  it('an ICA agent needs the city where it withholds: 422 with the form messages', async () => {
    const res = await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { icaWithholdingAgent: true, departmentId: null, cityId: null }))
      .expect(422);
    expect(res.body.statusDetails).toEqual([
      { field: 'departmentId', description: 'Campo obligatorio' },
      { field: 'cityId', description: 'Campo obligatorio' },
    ]);
  });

  it("gives TaxRules the company's profile: Medellín's ICA for an ICA agent there", async () => {
    const created = await t.api
      .post('/api/v1/customers', admin)
      .send(company(nit(), { icaWithholdingAgent: true, largeTaxpayer: true }))
      .expect(201);
    // As RegisterPurchaseOrder calls it: inside a request's context.
    const inRequest = <T>(run: () => Promise<T>) => RequestContext.create(t.app.get(EntityManager), run);
    const profile = await inRequest(() => t.app.get(CustomerService).taxProfile(created.body.id));
    expect(profile).toEqual({ personType: 'J', largeTaxpayer: true, ivaWithholdingAgent: false, icaWithholdingAgent: true, municipalityDaneCode: '05001' });
    // 1.000.000 before IVA: IVA 190.000; retefuente 3,5 % = 35.000; reteIVA 15 % = 28.500; Medellín 10 ‰ = 10.000;
    // total 1.190.000 − 73.500 = 1.116.500.
    const figures = await t.app
      .get<TaxRules>(TAX_RULES)
      .compute({ lines: [{ base: 1000000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }], buyer: profile, date: '2026-03-10' });
    expect(Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, String(value)]))).toEqual({
      subTotal: '1000000',
      taxIva: '190000',
      taxReteFuente: '35000',
      taxReteIva: '28500',
      taxReteIca: '10000',
      total: '1116500',
    });
    await expect(inRequest(() => t.app.get(CustomerService).taxProfile(999999))).rejects.toThrow('La empresa no existe');
  });
});
