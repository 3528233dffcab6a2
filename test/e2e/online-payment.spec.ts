import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestMail, PORT } from './support';

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

interface StorePackage {
  packageName: string;
  packagePrice: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

async function paidBasePackage(request: APIRequestContext): Promise<StorePackage> {
  const answer = await request.get(`/license/api/package/GetPackagesByServiceName/colnomina`);
  expect(answer.ok()).toBeTruthy();
  const { result } = (await answer.json()) as { result: { records: StorePackage[] } };
  const found = result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && p.packageType.packageTypeCode === 'BAS');
  expect(found, 'a paid base package on colnomina').toBeDefined();
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

/**
 * From the store to the sandbox page: 'COMPRAR YA!', the form with a company of its own (a paid
 * order activates a base plan for the activation document, so each order has its own), the e-mail
 * verified with the mailed code, 'Pago en línea'.
 */
async function registerOnline(page: Page, request: APIRequestContext): Promise<{ pkg: StorePackage; reference: string }> {
  const pkg = await paidBasePackage(request);
  await page.goto(`${COLNOMINA}/cart`);
  await page
    .getByRole('button', { name: `COMPRAR YA! ${pkg.packageName}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: /Carrito de compras|Colnómina/ })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de facturación y activación' })).toBeVisible();
  const stamp = Date.now();
  const nit = `9${String(stamp).slice(-8)}`;
  const company = { nit, legalName: `Pagos en Línea ${stamp} S.A.S.` };
  const email = `pagos.${stamp}@empresa-pruebas.co`;
  await fillSection(page, page.getByRole('region', { name: 'Datos de facturación' }), { ...company, phone: '6017428973', email });
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await fillSection(page, service, { ...company, phone: '3104445566', email: `nomina.${stamp}@empresa-pruebas.co` });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('79123456');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Luisa');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Fernández Ríos');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  const mail = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
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
