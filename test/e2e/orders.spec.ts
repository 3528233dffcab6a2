import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, latestMail, signInToAdmin } from './support';

/**
 * 'Órdenes de compra' (issue 13 item 6, item 5's audit log): a cash order with its proof, approved
 * by the financiero, is found in the list by the consulta role and opened: its packages and
 * totals, the cash payment's decision, the proof, the licence it granted and the log as a timeline.
 * 'Pagos en efectivo' links each payment to its order.
 */

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]);

interface StorePackage {
  id: number;
  packageCode: string;
  packageName: string;
  packagePrice: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

/** A colnomina cash order of a paid base package, with its proof, approved by the financiero: its number and package. */
async function approvedCashOrder(request: APIRequestContext): Promise<{ id: number; reference: string; pkg: StorePackage }> {
  const packages = (await (await request.get('/license/api/package/GetPackagesByServiceName/colnomina')).json()) as { result: { records: StorePackage[] } };
  const pkg = packages.result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && p.packageType.packageTypeCode === 'BAS');
  expect(pkg, 'a paid base package on colnomina').toBeDefined();
  const email = `ordenes.${Date.now()}@dian-pruebas.co`;
  expect((await request.get('/license/api/purchaseorderlicense/checkisvalidemail', { headers: { pEmail: email, pAppName: 'colnomina' } })).ok()).toBeTruthy();
  const { code } = await latestMail(request, email, 'email-verification');
  expect((await request.post('/license/api/purchaseorderlicense/validationmailcode', { data: { email, code, appName: 'colnomina' } })).ok()).toBeTruthy();
  const company = {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: String(910000000 + (Date.now() % 89_999_999)),
    legalName: 'Panadería El Trigal Ñuñoa S.A.S.',
    departmentId: 11,
    cityId: 11001,
    fulladdress: 'Calle 26 # 13-19',
  };
  const answer = await request.post('/license/api/PurchaseOrderLicense/RegisterPurchaseOrder', {
    data: {
      customerBilling: { ...company, cellphoneNumber: '6013344556', email },
      customerService: {
        ...company,
        cellphoneNumber: '3001234567',
        email: `nomina.${Date.now()}@dian-pruebas.co`,
        legalDocumentTypeId: 1,
        legalDocumentNumber: '52123456',
        legalFirstName: 'Marta',
        legalLastName: 'Gómez Pardo',
      },
      packagesToPurchase: [{ packageId: pkg!.id, packageCode: pkg!.packageCode, packageQuantity: 1 }],
      promotionCodeUse: null,
      totalPurchase: pkg!.packagePrice,
      paymentMethod: 'EFECTIVO',
      appName: 'colnomina',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const referenceUuid = ((await answer.json()) as { result: { records: { referenceUuid: string } } }).result.records.referenceUuid;
  const upload = await request.post('/license/api/purchaseorderlicense/uploadPaymentSupport', {
    data: { referenceUuid, fileName: 'consignación.png', contentFileBase64: PNG.toString('base64'), supportType: 'PAYMENT_SUPPORT' },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { token } = await apiSession(request, 'financiero', 'license');
  const headers = { Authorization: `Bearer ${token}` };
  const found = await request.get(`/api/v1/orders?filter=${encodeURIComponent(JSON.stringify({ q: referenceUuid }))}`, { headers });
  const [order] = (await found.json()) as { id: number; reference: string }[];
  expect(order, 'the order is listed').toBeDefined();
  const approve = await request.post(`/api/v1/payments/${order!.id}/approve`, { headers });
  expect(approve.status(), await approve.text()).toBe(200);
  return { id: order!.id, reference: order!.reference, pkg: pkg! };
}

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/orders-${name}-${size.width}.png`, fullPage: true });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(SIZES[0]!);
}

test('the consulta role finds an approved cash order in the list and reads its detail and log', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  const order = await approvedCashOrder(request);

  await signInToAdmin(page, 'consulta');
  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Órdenes de compra' }).click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.locator('#main-content').getByRole('textbox', { name: 'Buscar' }).fill(order.reference);
  const row = page.getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Panadería El Trigal Ñuñoa S.A.S.');
  await expect(row).toContainText('Activada');
  await expect(row).toContainText('Efectivo');
  await shoot(page, 'list');

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
  await expect(page.getByRole('heading', { name: `Orden de compra ${order.reference}` })).toBeVisible();
  await expect(page.getByTestId('order-lines')).toContainText(order.pkg.packageName);
  await expect(page.getByTestId('order-totals')).toContainText('Total Retenciones');
  const payments = page.getByTestId('order-payments');
  await expect(payments).toContainText('Pago en efectivo');
  await expect(payments).toContainText('Aprobado');
  await expect(payments).toContainText('Felipe Arango Duque');
  await expect(page.getByTestId('order-supports')).toContainText('consignación.png');
  await expect(page.getByTestId('order-licences')).toContainText('Activa');
  const history = page.getByTestId('order-history').getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.nth(0)).toContainText('Orden registrada: Esperando pago en efectivo');
  await expect(history.nth(1)).toContainText('Pago en efectivo aprobado');
  await expect(history.nth(1)).toContainText('Felipe Arango Duque (financiero)');
  await expect(history.nth(2)).toContainText('Esperando pago en efectivo → Pagada');
  await expect(history.nth(3)).toContainText('Pagada → Activada');
  await expect(history.nth(3)).toContainText('Licencias otorgadas');
  await shoot(page, 'show');

  // 'Pagos en efectivo' names the order behind each payment.
  await page.goto('/admin/payments');
  await page.getByRole('tab', { name: 'Pagos aprobados' }).click();
  await page.getByPlaceholder('Buscar').fill(order.reference);
  await page.getByRole('row').filter({ hasText: order.reference }).getByRole('link', { name: order.reference }).click();
  await expect(page.getByRole('heading', { name: `Orden de compra ${order.reference}` })).toBeVisible();
});
