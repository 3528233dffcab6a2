import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestMail, PORT } from './support';

/**
 * Online payment through PagueATiempo (issue 13 item 1; store §4 "Online", §7): colfactura is
 * configured PAGUEATIEMPO in the browser tests' server (playwright.config.ts). After 'Pago en
 * línea' the application posts `payment/form` server to server (to its built-in emulator, over
 * HTTP) and the browser goes on to the url it answered; the emulator's page notifies the signed
 * outcome and returns the buyer to the order's status page.
 */

const COLFACTURA = `http://colfactura.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

interface StorePackage {
  packageName: string;
  packagePrice: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

async function paidBasePackage(request: APIRequestContext): Promise<StorePackage> {
  const answer = await request.get(`/license/api/package/GetPackagesByServiceName/colfactura`);
  expect(answer.ok()).toBeTruthy();
  const { result } = (await answer.json()) as { result: { records: StorePackage[] } };
  const found = result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && p.packageType.packageTypeCode === 'BAS');
  expect(found, 'a paid base package on colfactura').toBeDefined();
  return found!;
}

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillSection(page: Page, section: Locator, data: { nit: string; legalName: string; phone: string; email: string }) {
  await section.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(data.nit);
  await section.getByRole('textbox', { name: /Razón social/ }).fill(data.legalName);
  await section.getByRole('textbox', { name: /Teléfono|Celular/ }).fill(data.phone);
  await section.getByRole('textbox', { name: /Correo electrónico/ }).fill(data.email);
  await pick(section, page, /Departamento/, 'Bogotá, D.C.');
  await pick(section, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await section.getByRole('textbox', { name: /^Dirección/ }).fill('Carrera 8 # 6C-38');
}

test('a visitor of a brand on PagueATiempo pays through its page and reaches ¡Pago exitoso!', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  const pkg = await paidBasePackage(request);
  await page.goto(`${COLFACTURA}/cart`);
  await page
    .getByRole('button', { name: `COMPRAR YA! ${pkg.packageName}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: /Carrito de compras|Colfactura/ })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de facturación y activación' })).toBeVisible();
  const stamp = Date.now();
  const nit = `8${String(stamp).slice(-8)}`;
  const company = { nit, legalName: `Facturas a Tiempo ${stamp} S.A.S.` };
  const email = `pat.${stamp}@empresa-pruebas.co`;
  await fillSection(page, page.getByRole('region', { name: 'Datos de facturación' }), { ...company, phone: '6017428973', email });
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await fillSection(page, service, { ...company, phone: '3104445566', email: `factura.${stamp}@empresa-pruebas.co` });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('79123456');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Luisa');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Fernández Ríos');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  const mail = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);

  // The storefront opens the server's hand-off, which answers 303 to the provider's url.
  const [handOff] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/payments/pagueatiempo/form'),
    dialog.getByRole('button', { name: 'Verificar' }).click(),
  ]);
  expect(handOff.status()).toBe(303);
  const reference = new URL(handOff.url()).searchParams.get('paymentId')!;
  await page.waitForURL(`${COLFACTURA}/api/v1/payments/sandbox/pagueatiempo/checkout?session=*`);
  await expect(page).toHaveTitle('PagueATiempo de prueba');
  await expect(page.getByText('Emulador de PagueATiempo')).toBeVisible();
  await expect(page.getByText(/^OC-\d+$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: /CF-INICIAL/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total a pagar/ })).toContainText('$');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/screens/pagueatiempo-emulator-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0]!);

  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page).toHaveURL(`${COLFACTURA}/registerPurchaseOrder/statusOrder/${reference}`);
  await expect(page.getByRole('heading', { name: '¡Pago exitoso!' })).toBeVisible();
  const status = await request.get(`/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/${reference}/colfactura`, {
    headers: { countValidatePayment: '-1' },
  });
  expect(((await status.json()) as { result: { records: { result: boolean } } }).result.records.result).toBe(true);
});
