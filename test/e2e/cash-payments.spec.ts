import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, latestMail, signInToAdmin } from './support';

/**
 * 'Pagos en efectivo' (issue 13 items 5 and 8, store §2, §6, §8): a cash order with its proof,
 * read-only for the consulta role, approved by the financiero, after which the order is paid and
 * its licence active.
 */

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]);

interface StorePackage {
  id: number;
  packageCode: string;
  packagePrice: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

/** A cash order of a paid colnomina base package for a company of its own, with its proof attached; its referenceUuid. */
async function cashOrderWithProof(request: APIRequestContext): Promise<string> {
  const packages = (await (await request.get('/license/api/package/GetPackagesByServiceName/colnomina')).json()) as { result: { records: StorePackage[] } };
  const pkg = packages.result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && p.packageType.packageTypeCode === 'BAS');
  expect(pkg, 'a paid base package on colnomina').toBeDefined();
  const email = `caja.${Date.now()}@dian-pruebas.co`;
  expect((await request.get('/license/api/purchaseorderlicense/checkisvalidemail', { headers: { pEmail: email, pAppName: 'colnomina' } })).ok()).toBeTruthy();
  const { code } = await latestMail(request, email, 'email-verification');
  expect((await request.post('/license/api/purchaseorderlicense/validationmailcode', { data: { email, code, appName: 'colnomina' } })).ok()).toBeTruthy();
  const company = {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: String(900000000 + (Date.now() % 99_999_999)),
    legalName: 'Droguería La Ñapa S.A.S.',
    departmentId: 11,
    cityId: 11001,
    fulladdress: 'Carrera 7 # 32-16',
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
  const reference = ((await answer.json()) as { result: { records: { referenceUuid: string } } }).result.records.referenceUuid;
  const upload = await request.post('/license/api/purchaseorderlicense/uploadPaymentSupport', {
    data: { referenceUuid: reference, fileName: 'consignación.png', contentFileBase64: PNG.toString('base64'), supportType: 'PAYMENT_SUPPORT' },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  return reference;
}

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/cash-payments-${name}-${size.width}.png`, fullPage: true });
    // Nothing wider than the screen: on a phone the table scrolls inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(SIZES[0]!);
}

/** The order's number (OC-n) from the resource API, as the screen shows it. */
async function paymentReference(request: APIRequestContext, referenceUuid: string): Promise<string> {
  const { token } = await apiSession(request, 'financiero', 'license');
  const list = await request.get(`/api/v1/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'PENDING' }))}&range=[0,499]`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = (await list.json()) as { referenceUuid: string; paymentReference: string }[];
  const row = rows.find((r) => r.referenceUuid === referenceUuid);
  expect(row, 'the order is in the pending tab').toBeDefined();
  return row!.paymentReference;
}

test('consulta sees the tabs read-only; the financiero approves a cash order and its licence is active', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  const referenceUuid = await cashOrderWithProof(request);
  const reference = await paymentReference(request, referenceUuid);

  await signInToAdmin(page, 'consulta');
  await page.goto('/admin/payments');
  for (const tab of ['Pagos por aprobar', 'Pagos aprobados', 'Pagos rechazados']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByPlaceholder('Buscar').fill(reference);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Droguería La Ñapa S.A.S.');
  await expect(row.getByRole('button', { name: 'Aprobar' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Rechazar' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Exportar a Excel' })).toHaveCount(0);
  await shoot(page, 'consulta');
  await page.evaluate(() => sessionStorage.clear());

  await signInToAdmin(page, 'financiero');
  await page.goto('/admin/payments');
  await page.getByPlaceholder('Buscar').fill(reference);
  const pending = page.getByRole('row').filter({ hasText: reference });
  await expect(pending.getByRole('button', { name: 'Aprobar' })).toBeEnabled();
  await shoot(page, 'financiero');
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Se ha aprobado el pago satisfactoriamente')).toBeVisible();

  await page.getByRole('tab', { name: 'Pagos aprobados' }).click();
  await page.getByPlaceholder('Buscar').fill(reference);
  await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible();

  // The order is paid and its licence active: the status call answers OK14.
  const status = await request.get(`/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/${referenceUuid}/colnomina`, {
    headers: { countValidatePayment: '-1' },
  });
  const body = (await status.json()) as { result: { records: { result: boolean; code: string } } };
  expect(body.result.records).toMatchObject({ result: true, code: 'OK14' });
});
