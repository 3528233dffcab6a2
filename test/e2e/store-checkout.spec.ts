import { expect, test, type Locator, type Page } from '@playwright/test';
import { latestMail, PORT, shootScreens } from './support';

/**
 * Two journeys of colnomina's cart and checkout (store §4, §5): a promotion code on an employee
 * package, priced for the chosen number of employees and applied again when it changes; and a
 * free cart ('Colnómina Gratis') registered without payment (SIN_PAGO) through 'Activar'.
 * Screenshots at 1366×900 and 390×844.
 */
const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/store-checkout-${name}-${size.width}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
}

const card = (page: Page, section: string, name: string) => page.getByRole('region', { name: section }).getByRole('article', { name });

test('a promotion code on an employee package is applied to the price of the chosen employees, again after each change', async ({ page }) => {
  await page.setViewportSize(SIZES[0]!);
  await page.goto(`${COLNOMINA}/cart`);
  const name = 'Colnómina Emprendedor';
  await card(page, 'Planes base', name)
    .getByRole('button', { name: `COMPRAR YA! ${name}` })
    .click();
  const cart = page.getByRole('dialog', { name });
  // Priced by employees: the tier of its card (20 employees, $480.000).
  await expect(cart.getByRole('combobox', { name: `Empleados de ${name}` })).toContainText('20');
  await expect(cart.getByTestId('cart-total')).toHaveText('$480.000');

  // MENSUAL5: 5 % on Colnómina's plans, before IVA (the line's IVA comes down with it).
  await cart.getByRole('textbox', { name: 'Código promocional' }).fill('MENSUAL5');
  await cart.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('El código promocional ha sido aplicado a su compra.')).toBeVisible();
  await expect(cart.getByTestId('cart-total')).toHaveText('$456.000');
  await expect(cart.getByText('MENSUAL5')).toBeVisible();

  // Another number of employees: another tier's price, and the code applied to it.
  await cart.getByRole('combobox', { name: `Empleados de ${name}` }).click();
  await page.getByRole('option', { name: /^Hasta 30 empleados/ }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(cart.getByTestId('cart-total')).toHaveText('$617.500');
  await expect(cart.getByText('MENSUAL5')).toBeVisible();
  await shoot(page, 'employee-promo');
});

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillSection(page: Page, section: Locator, data: { nit: string; phone: string; email: string }) {
  await section.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(data.nit);
  await section.getByRole('textbox', { name: /Razón social/ }).fill('Panadería La Espiga S.A.S.');
  await section.getByRole('textbox', { name: /Teléfono|Celular/ }).fill(data.phone);
  await section.getByRole('textbox', { name: /Correo electrónico/ }).fill(data.email);
  await pick(section, page, /Departamento/, 'Bogotá, D.C.');
  await pick(section, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await section.getByRole('textbox', { name: /^Dirección/ }).fill('Calle 26 # 13-19');
}

test('a free cart is registered without payment (SIN_PAGO) through Activar; the new company creates its password from the e-mail and sees the plan in My Plan', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  await page.goto(`${COLNOMINA}/cart`);
  await card(page, 'Planes base', 'Colnómina Gratis').getByRole('button', { name: 'COMPRAR YA! Colnómina Gratis' }).click();
  await page.getByRole('dialog', { name: 'Colnómina Gratis' }).getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/license/RegisterPurchaseExt`);

  // Nothing to pay: the activation title and 'Activar' only.
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de activación de licencia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pago en línea' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pago en efectivo' })).toHaveCount(0);

  // A company of its own (a base plan activated for a document makes its next base order ER16).
  const nit = `9${String(Date.now()).slice(-8)}`;
  const email = `activacion.${Date.now()}@espiga-pruebas.co`;
  // Nothing is billed: the activation data only.
  await expect(page.getByRole('region', { name: 'Datos de facturación' })).toHaveCount(0);
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await fillSection(page, service, { nit, phone: '3012345678', email });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('52345678');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Marta');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Gómez Ruiz');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();

  const REGISTER = '/license/api/PurchaseOrderLicense/RegisterPurchaseOrder';
  const registered: { paymentMethod?: string; state?: string; referenceUuid?: string }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith(REGISTER) || response.request().method() !== 'POST') return;
    const records = ((await response.json()) as { result?: { records?: { paymentMethod: string; state: string; referenceUuid: string } } }).result?.records;
    registered.push({ paymentMethod: records?.paymentMethod, state: records?.state, referenceUuid: records?.referenceUuid });
  });
  await page.getByRole('button', { name: 'Activar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  const mail = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);
  // SIN_PAGO without the activation check goes to the order's status (store §4; the status page is issue 13's).
  const status = page.waitForURL(/\/registerPurchaseOrder\/statusOrder\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await status;
  const reference = /statusOrder\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  // The server registered it without payment and activated it with its registration.
  await expect.poll(() => registered.length).toBe(1);
  expect(registered[0]).toEqual({ paymentMethod: 'SIN_PAGO', state: 'ACTIVATED', referenceUuid: reference });
  // The status page empties the cart once it has read the order as activated.
  await expect(page.getByRole('heading', { level: 1, name: '¡Activación exitosa!' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  await shoot(page, 'free-status');

  // A new company has no user: the activation e-mail carries a one-time 'Crea tu contraseña' link.
  const activation = await latestMail(request, email, 'activation');
  const link = activation.links.find((l) => l.includes('/crear-contrasena#'));
  expect(link).toBeDefined();
  const { pathname, hash } = new URL(link!);
  await page.goto(`${COLNOMINA}${pathname}${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu contraseña' })).toBeVisible();
  await expect(page.getByText(`Tu usuario es ${email}.`)).toBeVisible();
  await shootScreens(page, 'create-password');
  const password = 'Espiga-2026';
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).fill('Otra-2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '¡Tu contraseña fue creada!' })).toBeVisible();
  await shootScreens(page, 'create-password-created');

  // Signing in with it leads to My Plan, where the free plan shows.
  await page.getByRole('link', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/login`);
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/myplan`);
  await expect(page.getByRole('region', { name: 'Planes base' }).getByRole('row').filter({ hasText: 'Colnómina Gratis' })).toHaveCount(1);
  await shootScreens(page, 'create-password-myplan');

  // The link works once.
  await page.goto(`${COLNOMINA}${pathname}${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: '¡El enlace no es válido o ya fue usado!' })).toBeVisible();
  await shootScreens(page, 'create-password-used');
});
