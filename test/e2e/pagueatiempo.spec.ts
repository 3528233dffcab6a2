import { expect, test } from '@playwright/test';
import { DESKTOP, fillOnlinePurchase, PORT, shootScreens } from './support';

/**
 * Online payment through PagueATiempo (issue 13 item 1; store §4 "Online", §7): colfactura is
 * configured PAGUEATIEMPO in the browser tests' server (playwright.config.ts). After 'Pago en
 * línea' the storefront opens the server's hand-off, which posts `payment/form` server to server
 * (to the built-in emulator, over HTTP) and answers 303 to the url it returned; the emulator's
 * page notifies the signed outcome and returns the buyer to the order's status page.
 */

const COLFACTURA = `http://colfactura.localhost:${PORT}`;

test('a visitor of a brand on PagueATiempo pays through its page and reaches ¡Pago exitoso!', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const { pkg, verify } = await fillOnlinePurchase(page, request, { origin: COLFACTURA, appName: 'colfactura', legalName: 'Facturas a Tiempo' });
  const [handOff] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/payments/pagueatiempo/form'), verify.click()]);
  expect(handOff.status()).toBe(303);
  const reference = new URL(handOff.url()).searchParams.get('paymentId')!;
  await page.waitForURL(`${COLFACTURA}/api/v1/payments/sandbox/pagueatiempo/checkout?session=*`);
  await expect(page).toHaveTitle('PagueATiempo de prueba');
  await expect(page.getByText('Emulador de PagueATiempo')).toBeVisible();
  await expect(page.getByText(/^OC-\d+$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: pkg.packageCode })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total a pagar/ })).toContainText('$');
  await shootScreens(page, 'pagueatiempo-emulator');

  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page).toHaveURL(`${COLFACTURA}/registerPurchaseOrder/statusOrder/${reference}`);
  await expect(page.getByRole('heading', { name: '¡Pago exitoso!' })).toBeVisible();
  const status = await request.get(`/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/${reference}/colfactura`, {
    headers: { countValidatePayment: '-1' },
  });
  expect(((await status.json()) as { result: { records: { result: boolean } } }).result.records.result).toBe(true);
});
