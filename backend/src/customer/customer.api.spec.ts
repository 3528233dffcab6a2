import { startTestApp, type TestApp } from '../test-support/test-app.js';

describe('customers for the catalogue', () => {
  let t: TestApp;
  let admin: string;
  let financiero: string;
  let promo: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.api.login('superadmin')).token;
    financiero = (await t.api.login('financiero')).token;
    promo = (await t.api.login('promocode')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('GetCustomersPaged pages and searches name, document and e-mail ignoring case and accents', async () => {
    const res = await t.api
      .get('/license/api/Customer/GetCustomersPaged', financiero)
      .set('startRegister', '0')
      .set('registerNumber', '10')
      .set('filter', 'EL ROBLE')
      .expect(200);
    expect(res.body.result).toEqual({
      records: [expect.objectContaining({ id: 1, customerId: 1, personType: 'J', documentNumber: '900123456', name: 'Distribuciones El Roble S.A.S.' })],
      totalRecords: 1,
    });
    const byDocument = await t.api.get('/license/api/Customer/GetCustomersPaged', admin).set('filter', '9001234').expect(200);
    expect(byDocument.body.result.totalRecords).toBe(1);
    const none = await t.api.get('/license/api/Customer/GetCustomersPaged', admin).set('filter', 'nadie').expect(200);
    expect(none.body.result).toEqual({ records: [], totalRecords: 0 });
    const all = await t.api.get('/license/api/Customer/GetCustomersPaged', admin).expect(200);
    expect(all.body.result.totalRecords).toBe(1);
    await t.api.get('/license/api/Customer/GetCustomersPaged', admin).set('registerNumber', '501').expect(400);
    await t.api.get('/license/api/Customer/GetCustomersPaged', promo).expect(403);
  });

  it('lists customers for pickers with the resource conventions (ids for getMany, q)', async () => {
    const res = await t.api.get(`/api/v1/customers?filter=${encodeURIComponent('{"id":[1]}')}`, admin).expect(200);
    expect(res.headers['content-range']).toBe('customers 0-0/1');
    expect(res.body[0]).toMatchObject({ id: 1, name: 'Distribuciones El Roble S.A.S.', email: 'compras@elroble.com.co' });
    const search = await t.api.get(`/api/v1/customers?filter=${encodeURIComponent('{"q":"distribuciónes"}')}`, admin).expect(200);
    expect(search.body).toHaveLength(1);
    await t.api.get(`/api/v1/customers?filter=${encodeURIComponent('{"nit":"1"}')}`, admin).expect(400);
  });
});
