import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestMail, PASSWORD, PORT } from './support';

/**
 * The purchase and activation form on colnomina against the built application: a visitor buys a
 * package from the store home ('COMPRAR YA!', 'Continuar'), is told what is missing, fills billing
 * and activation with a real NIT (the DIAN's, 800197268, whose check digit is 4), verifies the
 * e-mail with the code read from the development mailbox and registers a cash order ('¡Perfecto!',
 * the cart emptied); screenshots at 1366×900 and 390×844.
 */

const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

interface StorePackage {
  id: number;
  packageCode: string;
  packageName: string;
  packagePrice: number;
  packagePriceWithDiscount?: number;
  taxIva: number;
  applyOffer: boolean;
  offerTypeCode?: string;
  totalOffer?: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
  itemsPackageFeatures: unknown[];
}

/** A paid base (or combo) package of colnomina's store that is not priced by employees. */
async function paidPackage(request: APIRequestContext): Promise<StorePackage> {
  const answer = await request.get(`/license/api/package/GetPackagesByServiceName/colnomina`);
  expect(answer.ok()).toBeTruthy();
  const { result } = (await answer.json()) as { result: { records: StorePackage[] } };
  const found = result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && ['BAS', 'CMB'].includes(p.packageType.packageTypeCode));
  expect(found, 'a paid base package on colnomina').toBeDefined();
  return found!;
}

/** The visitor's journey to the form: the store home's 'COMPRAR YA!', the cart modal's 'Continuar'. */
async function buyThroughStore(page: Page, pkg: StorePackage) {
  await page.goto(`${COLNOMINA}/cart`);
  await page
    .getByRole('button', { name: `COMPRAR YA! ${pkg.packageName}` })
    .first()
    .click();
  const cart = page.getByRole('dialog', { name: /Carrito de compras|Colnómina/ });
  await cart.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/license/RegisterPurchaseExt`);
}

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const DIAN = { nit: '800 197 268', legalName: 'Dirección de Impuestos y Aduanas Nacionales' };

async function fillSection(page: Page, section: Locator, data: { phone: string; email: string; nit?: string; legalName?: string }) {
  await section.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(data.nit ?? DIAN.nit);
  await section.getByRole('textbox', { name: /Razón social/ }).fill(data.legalName ?? DIAN.legalName);
  await section.getByRole('textbox', { name: /Teléfono|Celular/ }).fill(data.phone);
  await section.getByRole('textbox', { name: /Correo electrónico/ }).fill(data.email);
  await pick(section, page, /Departamento/, 'Bogotá, D.C.');
  await pick(section, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await section.getByRole('textbox', { name: /^Dirección/ }).fill('Carrera 8 # 6C-38');
}

async function shoot(page: Page, name: string, fullPage = true) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // A full-page picture from the top: the sticky header would otherwise be drawn mid-page.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/checkout-${name}-${size.width}.png`, fullPage });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('a visitor on colnomina fills the purchase form with a real NIT and verifies the e-mail with the mailed code', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  const pkg = await paidPackage(request);
  await buyThroughStore(page, pkg);
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de facturación y activación' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Resumen de la compra' })).toContainText(pkg.packageName);
  await expect(page.getByRole('button', { name: 'Pago en efectivo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activar' })).toHaveCount(0);

  // Nothing filled: every rule of common speaks under its field, nothing is sent.
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  const billing = page.getByRole('region', { name: 'Datos de facturación' });
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await expect(billing.getByRole('textbox', { name: 'Número de documento', exact: true })).toHaveAccessibleDescription('Campo obligatorio');
  await expect(billing.getByText('Campo Obligatorio', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Debes aceptar la Política de Tratamiento de Datos Personales y Términos y Condiciones.')).toBeVisible();
  await shoot(page, 'errors');

  const email = `compras.${Date.now()}@dian-pruebas.co`;
  await fillSection(page, billing, { phone: '6017428973', email });
  // The DV of the DIAN's NIT, computed by common's rule.
  await expect(billing.getByRole('textbox', { name: 'DV' })).toHaveValue('4');
  await expect(billing.getByRole('textbox', { name: 'Número de documento', exact: true })).toHaveValue('800197268');
  await fillSection(page, service, { phone: '3104445566', email: `nomina.${Date.now()}@dian-pruebas.co` });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('800197268');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Luisa');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Fernández Ríos');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).focus();
  await expect(service.getByRole('textbox', { name: /Documento del representante/ })).toHaveAccessibleDescription(
    'Nit y Número de Documento no deben ser iguales.',
  );
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('79123456');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await shoot(page, 'filled');

  // The billing e-mail is not verified yet: a code goes to the mailbox.
  await page.getByRole('button', { name: 'Pago en efectivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  const code = dialog.getByRole('textbox', { name: /Código de verificación/ });
  await code.fill('123');
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(code).toHaveAccessibleDescription('Ingresa un código numérico de 6 caracteres.');
  await shoot(page, 'code', false);

  const mail = await latestMail(request, email, 'email-verification');
  expect(mail.code).toMatch(/^\d{6}$/);
  const wrong = mail.code === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.getByText('El código ingresado no es correcto. Te quedan 4 intentos.')).toBeVisible();
  await expect(code).toHaveValue('');
  await code.fill(mail.code!);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('dialog', { name: '¡Verificación Exitosa!' })).toBeVisible();
  await shoot(page, 'verified', false);

  // Cash: the notice, then the order registered by the server ('¡Perfecto!') and an empty cart.
  const notice = page.getByRole('dialog', { name: 'Pago en efectivo' });
  await expect(notice).toBeVisible();
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/license/api/PurchaseOrderLicense/RegisterPurchaseOrder')) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  // A double click is one submission.
  await notice.getByRole('button', { name: 'Continuar' }).dblclick();
  const done = page.getByRole('dialog', { name: '¡Perfecto!' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Se ha enviado la orden de pedido a tu correo electrónico');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  await shoot(page, 'cash-done', false);
});

test('the resend view takes a corrected e-mail and shows the blacklist refusal as the server gives it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SIZES[0]!);
  await buyThroughStore(page, await paidPackage(request));
  const billing = page.getByRole('region', { name: 'Datos de facturación' });
  const service = page.getByRole('region', { name: 'Datos de activación' });
  const typo = `compras.${Date.now()}@dian-pruebas.cp`;
  await fillSection(page, billing, { phone: '6017428973', email: typo });
  await fillSection(page, service, { phone: '3104445566', email: `nomina.${Date.now()}@dian-pruebas.co` });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('79123456');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Luisa');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Fernández Ríos');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  await page.getByRole('dialog', { name: 'Verifica tu correo electrónico' }).getByRole('button', { name: '¿No has recibido el email?' }).click();
  const resend = page.getByRole('dialog', { name: 'Reenviar el código' });
  const field = resend.getByRole('textbox', { name: /Correo electrónico/ });
  await expect(field).toHaveValue(typo);
  await field.fill('compras@mx.yopmail.com');
  await resend.getByRole('button', { name: 'Reenviar' }).click();
  await expect(field).toHaveAccessibleDescription('El dominio de correo ingresado no es permitido.');
  await shoot(page, 'resend', false);
  const corrected = `compras.${Date.now()}@dian-pruebas.co`;
  await field.fill(corrected);
  await resend.getByRole('button', { name: 'Reenviar' }).click();
  const again = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(again.getByText(`Enviamos un nuevo código a ${corrected}.`)).toBeVisible();
  const mail = await latestMail(request, corrected, 'email-verification');
  await again.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);
  await again.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('dialog', { name: '¡Verificación Exitosa!' })).toBeVisible();
  // The corrected e-mail is the form's from now on.
  await expect(page.locator('#emailBilling')).toHaveValue(corrected);
});

test('a signed-in customer holding an active Colnómina base plan gets ER16 for a second one', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  await page.goto(`${COLNOMINA}/login`);
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('cliente');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/myplan`);
  await buyThroughStore(page, await paidPackage(request));
  const billing = page.getByRole('region', { name: 'Datos de facturación' });
  const service = page.getByRole('region', { name: 'Datos de activación' });
  // Its company's record (GetCustomerInformation) fills both sections and locks them.
  await expect(service.getByRole('textbox', { name: 'Número de documento', exact: true })).toHaveValue('900123456');
  await expect(service.getByRole('textbox', { name: /Razón social/ })).toHaveValue('Distribuciones El Roble S.A.S.');
  await expect(service.getByRole('textbox', { name: /Razón social/ })).toBeDisabled();
  await expect(service.getByText(/Si deseas modificar los datos de la licencia contáctanos/)).toBeVisible();
  await expect(billing.getByRole('textbox', { name: /Correo electrónico/ })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Modificar datos de facturación' }).check();
  await expect(billing.getByRole('textbox', { name: /Correo electrónico/ })).toBeEnabled();
  const email = `compras.${Date.now()}@elroble-pruebas.co`;
  await billing.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await shoot(page, 'signed-in');
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  const mail = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  const problem = page.getByRole('dialog', { name: '¡Tenemos un problema!' });
  await expect(problem).toBeVisible({ timeout: 15_000 });
  await expect(problem).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(problem.getByRole('button', { name: 'Ir a Mi Plan' })).toBeVisible();
  await shoot(page, 'er16', false);
  await problem.getByRole('button', { name: 'Ir a Mi Plan' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/myplan`);
});

test('an empty cart goes back to the store', async ({ page }) => {
  await page.goto(`${COLNOMINA}/registerPurchaseOrder`);
  await expect(page).not.toHaveURL(/registerPurchaseOrder/);
});
