import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createOrder, createPackage, createService, createUser } from '../test-support/factories.js';

const UPLOAD = '/license/api/purchaseorderlicense/uploadPaymentSupport';
const FILE = '/license/api/purchaseorderlicense/getpaymentsupport';

/**
 * PAYMENT_SUPPORT_STORAGE=database: the bytes in PostgreSQL (several instances on one database
 * read what any of them stored), the same answers as the directory storage, and a re-upload that
 * leaves only the last file's bytes.
 */
describe('payment supports stored in PostgreSQL', () => {
  const t = useTestApp({ PAYMENT_SUPPORT_STORAGE: 'database', PAYMENT_SUPPORT_DIR: '/nonexistent/no-debe-usarse' });
  const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

  it('stores, serves and replaces the bytes in the database', async () => {
    const serviceId = (await createService(t, { appName: 'colnomina' })).id;
    const packages = [
      (await createPackage(t, { serviceIds: [serviceId], packageTypeId: 1 })).id,
      (await createPackage(t, { serviceIds: [serviceId], packageTypeId: 3 })).id,
    ] as [number, number];
    const customerId = (await createCustomer(t)).id;
    const order = await createOrder(t, { serviceId, packageIds: packages, buyerCustomerId: customerId });
    const send = (name: string, bytes: Buffer) =>
      t.api
        .post(UPLOAD)
        .send({ referenceUuid: order.referenceUuid, fileName: name, contentFileBase64: bytes.toString('base64'), supportType: 'RUT' })
        .expect(200);
    await send('rut-viejo.pdf', pdf('viejo'));
    await send('rut-nuevo.pdf', pdf('nuevo'));

    const rows = await t.em().execute<{ storage_key: string; content: Buffer }[]>(`select storage_key, content from payment_support_content`);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.content).equals(pdf('nuevo'))).toBe(true);

    const user = await createUser(t, { role: 'CUSTOMER', customerId });
    const { token } = await t.api.login(user.username, user.password, user.appName);
    const res = await t.api.get(FILE, token).set('ReferenceUuid', order.referenceUuid).set('SupportType', 'RUT').expect(200);
    expect(res.body.result.resultUploadSupport).toEqual({ fileName: 'rut-nuevo.pdf', contentType: 'application/pdf', base64: pdf('nuevo').toString('base64') });
  });
});
