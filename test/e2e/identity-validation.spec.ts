import { expect, test, type APIRequestContext } from '@playwright/test';
import { latestMail, STORE } from './support';

/**
 * firmaya's identity validation (store §4 "Continue", §8) against the built application: a visitor
 * puts a package in the cart, fills 'Tus datos', and Continue asks register-identity-validation;
 * the built-in validator answers OK01, the message page says so, and the e-mailed link brings the
 * package back to the cart and on to the purchase form. Screenshots at 1366×900 and 390×844.
 */

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

interface StorePackage {
  packageCode: string;
  packageName: string;
  packagePrice: number;
  packageType: { packageTypeCode: string };
}

async function paidBase(request: APIRequestContext): Promise<StorePackage> {
  const answer = await request.get('/license/api/package/GetPackagesByServiceName/firmaya');
  expect(answer.ok()).toBeTruthy();
  const { result } = (await answer.json()) as { result: { records: StorePackage[] } };
  const found = result.records.find((p) => p.packagePrice > 0 && p.packageType.packageTypeCode === 'BAS');
  expect(found, 'a paid base package on firmaya').toBeDefined();
  return found!;
}

test('a visitor on firmaya passes identity validation', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SIZES[0]!);
  const pkg = await paidBase(request);
  await page.goto(`${STORE}/cart`);
  await page
    .getByRole('button', { name: `COMPRAR YA! ${pkg.packageName}` })
    .first()
    .click();
  const cart = page.getByRole('dialog', { name: /Carrito de compras|FirmaYa/ });
  await expect(cart.getByRole('region', { name: 'Tus datos' })).toBeVisible();

  // Nothing filled: the form's rules speak and nothing is sent.
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/license/api/purchaseorder/register-identity-validation')) asked += 1;
  });
  await cart.getByRole('button', { name: 'Continuar' }).click();
  await expect(cart.getByText('Debes autorizar el tratamiento de tus datos personales.')).toBeVisible();
  expect(asked).toBe(0);

  const email = `firmante.${Date.now()}@correo-firmaya.co`;
  await cart.getByRole('textbox', { name: 'Número de documento' }).fill('1020304050');
  await cart.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await cart.getByRole('textbox', { name: 'Teléfono / Celular' }).fill('3001234567');
  await cart.getByRole('checkbox', { name: /Autorizo el tratamiento/ }).check();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/identity-form-${size.width}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
  await cart.getByRole('button', { name: 'Continuar' }).click();

  // OK01: the message page of §8.
  await expect(page).toHaveURL(`${STORE}/messageValidationEmail`);
  await expect(page.getByRole('heading', { name: 'No dudamos que seas tú...' })).toBeVisible();
  await expect(page.getByText(/Revisa el correo que registraste/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entendido' }).or(page.getByRole('link', { name: 'Entendido' }))).toBeVisible();
  expect(asked).toBe(1);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/identity-validated-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0]!);

  // The e-mailed link fills the cart with the package and goes on to the purchase form.
  const mail = await latestMail(request, email, 'identity-validated');
  expect(mail.subject).toBe('Continúa tu compra en FirmaYa');
  const link = mail.links.find((l) => l.includes('/license/addCart/'));
  expect(link).toBeDefined();
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(new URL(link!).pathname, STORE).toString());
  await expect(page).toHaveURL(/\/registerPurchaseOrder$/);
  await expect(page.getByRole('complementary', { name: 'Resumen de la compra' })).toContainText(pkg.packageName);
});
