import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSession, latestMail, PORT } from './support';

/**
 * The free trial on colnomina against the built application (store §2 'Free trial', issue 13
 * item 3): a visitor fills '¡Prueba Colnómina gratis!', gets '¡Revisa tu Email!', reads the link in
 * the development mailbox, follows it, and the trial licence is active (read through the API);
 * following it again says it was used. Screenshots at 1366×900 and 390×844.
 */

const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string, fullPage = true) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/trial-${name}-${size.width}.png`, fullPage });
  }
  await page.setViewportSize(SIZES[0]!);
}

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a visitor starts a Colnómina trial, follows the mailed link and the trial licence is active', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  // The brand's landing page offers the trial (colnomina's parameters name CN-PRUEBA).
  await page.goto(`${COLNOMINA}/inicio`);
  await expect(page.getByRole('link', { name: 'Prueba gratis' })).toBeVisible();
  await shoot(page, 'landing', false);
  await page.getByRole('link', { name: 'Prueba gratis' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/freeTrial`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Prueba Colnómina gratis!' })).toBeVisible();
  await expect(page.getByText('Activa Colnómina Prueba gratis durante 15 días, sin costo.')).toBeVisible();
  const start = page.getByRole('button', { name: 'Comenzar' });
  await expect(start).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Comprar ahora' })).toBeVisible();

  const form = page.getByRole('form', { name: '¡Prueba Colnómina gratis!' });
  const stamp = Date.now();
  const email = `prueba.${stamp}@empresa-pruebas.co`;
  await form.getByRole('radio', { name: 'Persona natural' }).check();
  await form.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(String(1_000_000_000 + (stamp % 999_999_999)).slice(0, 10));
  await form.getByRole('textbox', { name: /^Nombres/ }).fill('Camila');
  await form.getByRole('textbox', { name: /^Apellidos/ }).fill('Rodríguez Peña');
  await form.getByRole('textbox', { name: /Celular/ }).fill('3104445566');
  await form.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await pick(form, page, /Departamento/, 'Bogotá, D.C.');
  await pick(form, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await form.getByRole('textbox', { name: /^Dirección/ }).fill('Calle 26 # 59-51');
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await expect(start).toBeEnabled();
  await shoot(page, 'form');

  await start.click();
  await expect(page.getByRole('heading', { level: 1, name: '¡Revisa tu Email!' })).toBeVisible();
  await expect(page.getByText(`Enviamos un enlace de activación a ${email}. Síguelo para activar tu prueba gratis: es válido por 1 hora.`)).toBeVisible();
  await shoot(page, 'check-email');

  const mail = await latestMail(request, email, 'trial-link');
  expect(mail.subject).toBe('Activa tu prueba gratis de Colnómina');
  const link = mail.links.find((l) => l.includes('/freeTrial/activate#'));
  expect(link, 'the activation link in the mail').toBeDefined();

  const activation = page.waitForResponse((r) => r.url().endsWith('/api/v1/trials/activation'));
  await page.goto(link!);
  const answer = await (await activation).json();
  const dialog = page.getByRole('dialog', { name: '¡Tu prueba gratis está activa!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Ya puedes usar Colnómina Prueba gratis hasta el');
  await expect(dialog.getByRole('button', { name: 'Ir a Colnómina' })).toBeVisible();
  await shoot(page, 'active', false);

  // The licence: active, of the trial, with the trial package.
  const { token } = await apiSession(request, 'superadmin', 'license');
  const licence = await request.get(`/api/v1/licences/${answer.licenceId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(licence.ok()).toBeTruthy();
  expect(await licence.json()).toEqual(expect.objectContaining({ origin: 'TRIAL', state: 'ACTIVE', isActive: true }));

  // activatePlan goes to the brand's URL (the demo's landing page is built into the store).
  await dialog.getByRole('button', { name: 'Ir a Colnómina' }).click();
  await expect(page).toHaveURL(new URL(answer.urlApp, COLNOMINA).href);

  // The link again: used.
  await page.goto(link!);
  const used = page.getByRole('dialog', { name: '¡Lo sentimos!' });
  await expect(used).toContainText('Este enlace ya fue usado: tu prueba gratis ya está activa.');
  await expect(used.getByRole('button', { name: 'Comprar Ahora' })).toBeVisible();
  // The picture once the dialog has faded in.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await shoot(page, 'used', false);
});
