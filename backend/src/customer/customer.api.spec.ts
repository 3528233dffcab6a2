import { createCustomer } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

describe('customers for the catalogue', () => {
  const t = useTestApp();
  let admin: string;
  let financiero: string;
  let promo: string;
  let roble: number;

  beforeAll(async () => {
    [admin, financiero, promo] = await Promise.all([t.signIn('SUPERADMIN'), t.signIn('LICFINANCIERO'), t.signIn('LICENSEPROMOCODE')]);
    roble = (await createCustomer(t, { documentNumber: '900123456', legalName: 'Distribuciones El Roble S.A.S.', email: 'compras@elroble.com.co' })).id;
    await createCustomer(t, { legalName: 'Otra Compañía Ltda.' });
  });

  it('GetCustomersPaged pages and searches name, document and e-mail ignoring case and accents', async () => {
    const res = await t.api
      .get('/license/api/Customer/GetCustomersPaged', financiero)
      .set('startRegister', '0')
      .set('registerNumber', '10')
      .set('filter', 'EL ROBLE')
      .expect(200);
    expect(res.body.result).toEqual({
      records: [
        expect.objectContaining({ id: roble, customerId: roble, personType: 'J', documentNumber: '900123456', name: 'Distribuciones El Roble S.A.S.' }),
      ],
      totalRecords: 1,
    });
    const byDocument = await t.api.get('/license/api/Customer/GetCustomersPaged', admin).set('filter', '9001234').expect(200);
    expect(byDocument.body.result.totalRecords).toBe(1);
    const none = await t.api.get('/license/api/Customer/GetCustomersPaged', admin).set('filter', 'nadie').expect(200);
    expect(none.body.result).toEqual({ records: [], totalRecords: 0 });
    const all = await t.api.get('/license/api/Customer/GetCustomersPaged', admin).expect(200);
    expect(all.body.result.totalRecords).toBe(2);
    await t.api.get('/license/api/Customer/GetCustomersPaged', admin).set('registerNumber', '501').expect(400);
    await t.api.get('/license/api/Customer/GetCustomersPaged', promo).expect(403);
  });

  it('lists customers for pickers with the resource conventions (ids for getMany, q)', async () => {
    const res = await t.api.get(`/api/v1/customers?filter=${encodeURIComponent(JSON.stringify({ id: [roble] }))}`, admin).expect(200);
    expect(res.headers['content-range']).toBe('customers 0-0/1');
    expect(res.body[0]).toMatchObject({ id: roble, name: 'Distribuciones El Roble S.A.S.', email: 'compras@elroble.com.co' });
    const search = await t.api.get(`/api/v1/customers?filter=${encodeURIComponent('{"q":"distribuciónes"}')}`, admin).expect(200);
    expect(search.body).toHaveLength(1);
    await t.api.get(`/api/v1/customers?filter=${encodeURIComponent('{"nit":"1"}')}`, admin).expect(400);
  });
});
