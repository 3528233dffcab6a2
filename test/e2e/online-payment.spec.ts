import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillOnlinePurchase, PORT, type StoreListedPackage } from './support';

/**
 * Online payment through the sandbox gateway (the default outside production; issue 13 items 1
 * and 8): a visitor registers an EN_LINEA order on colnomina, lands on the sandbox's hosted page
 * (the order's reference, items and total; approve, decline, leave pending), and its choice is
 * confirmed server to server as ePayco would before the browser reaches the order's status page.
 * The status page's title and GetStatusPurchaseOrder's code say how it went.
 */

const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/**
 * From the store to the sandbox page (fillOnlinePurchase), then 'Verificar': the storefront opens
 * the page with the four values of store §4.
 */
async function registerOnline(page: Page, request: APIRequestContext): Promise<{ pkg: StoreListedPackage; reference: string }> {
  const { pkg, nit, verify } = await fillOnlinePurchase(page, request, { origin: COLNOMINA, appName: 'colnomina', legalName: 'Pagos en Línea' });
  await verify.click();
  await page.waitForURL(/\/api\/v1\/payments\/checkout\?/);
  const url = new URL(page.url());
  expect([...url.searchParams.keys()].sort()).toEqual(['docNumber', 'docType', 'paymentId', 'signToken']);
  expect(url.searchParams.get('docType')).toBe('NIT');
  expect(url.searchParams.get('docNumber')).toBe(nit);
  return { pkg, reference: url.searchParams.get('paymentId')! };
}

/** A choice on the sandbox page: its answer sends the browser to the order's status page (303). */
async function choose(page: Page, label: string, reference: string) {
  const statusPath = `/registerPurchaseOrder/statusOrder/${reference}`;
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/payments/sandbox/decision')),
    page.getByRole('button', { name: label }).click(),
  ]);
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe(statusPath);
  await expect(page).toHaveURL(`${COLNOMINA}${statusPath}`);
}

async function statusOf(request: APIRequestContext, reference: string) {
  const answer = await request.get(`/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/${reference}/colnomina`, {
    headers: { countValidatePayment: '-1' },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { result: { records: { result: boolean; code: string } } }).result.records;
}

test('a visitor pays online through the sandbox: the page shows the order, approving it reaches the status page with the payment approved', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  const { pkg, reference } = await registerOnline(page, request);
  const checkout = page.url();

  await expect(page).toHaveTitle('Pasarela de pagos de prueba');
  await expect(page.getByText('Pasarela de pruebas')).toBeVisible();
  await expect(page.getByText(/^OC-\d+$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: pkg.packageName })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total a pagar/ })).toContainText('$');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Nothing scrolls sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/screens/sandbox-checkout-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0]!);

  // Leave pending first: the status page, the order still awaiting its payment (WR12).
  await choose(page, 'Dejar pendiente', reference);
  await expect(page.getByRole('heading', { name: '¡Licencia pendiente por activar!' })).toBeVisible();
  expect(await statusOf(request, reference)).toEqual(expect.objectContaining({ result: false, code: 'WR12' }));

  // The same payment approved later, back on the gateway's page.
  await page.goto(checkout);
  await choose(page, 'Aprobar pago', reference);
  await expect(page.getByRole('heading', { name: '¡Pago exitoso!' })).toBeVisible();
  expect(await statusOf(request, reference)).toEqual(expect.objectContaining({ result: true }));
});

test('declining in the sandbox rejects the order, and the status page says so', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[1]!);
  const { reference } = await registerOnline(page, request);
  const checkout = page.url();
  await choose(page, 'Rechazar pago', reference);
  await expect(page.getByRole('heading', { name: '¡Lo sentimos!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver a la tienda' }).or(page.getByRole('link', { name: 'Volver a la tienda' }))).toBeVisible();
  expect(await statusOf(request, reference)).toEqual(expect.objectContaining({ result: false, code: expect.stringMatching(/^ER/) }));
  // The decided order's payment page now sends the buyer to the status page.
  await page.goto(checkout);
  await expect(page).toHaveURL(`${COLNOMINA}/registerPurchaseOrder/statusOrder/${reference}`);
});
