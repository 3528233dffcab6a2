import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, PORT } from './support';

/** My Plan on colnomina: `cliente` (company NIT 900123456) signs in and sees its plan; screenshots of each state. */
const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const CALL = '**/license/api/License/GetDetailLicenseCustomerMyPlan';

async function signIn(page: Page) {
  await page.goto(`${COLNOMINA}/login`);
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('cliente');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/myplan`);
}

async function shoot(page: Page, state: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/myplan-${state}-${size.width}.png`, fullPage: true });
  }
}

test('cliente signs in on colnomina and sees My Plan with its plan and feature cards', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Mi plan Colnómina' })).toBeVisible();
  await expect(page.getByText('Colnómina Empresarial').first()).toBeVisible();
  const cards = page.getByRole('article');
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Baja disponibilidad').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mis planes adquiridos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Planes base' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Paquetes complementarios' })).toBeVisible();
  await shoot(page, 'active');
  // On a phone (shoot ends at 390 px) the state column stays in view, without scrolling the table sideways.
  const state = await page.getByRole('region', { name: 'Planes base' }).getByRole('columnheader', { name: 'Estado' }).boundingBox();
  expect(state && state.x + state.width).toBeLessThanOrEqual(390);
});

test('the expired and empty views (answers replaced in the browser)', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Mi plan Colnómina' })).toBeVisible();
  await page.route(CALL, (route) =>
    route.fulfill({ status: 422, json: { statusCode: 422, statusMessage: '¡Tu plan base ha vencido!', result: null, statusDetails: [] } }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: '¡Tu plan base ha vencido!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Adquirir plan' })).toBeVisible();
  await shoot(page, 'expired');
  await page.unroute(CALL);
  const empty = {
    serviceId: 1,
    serviceName: 'Colnómina',
    serviceNameDescription: null,
    packageName: null,
    expirationDate: null,
    packagesFeatures: [],
    packagesActiveInfo: [],
  };
  await page.route(CALL, (route) =>
    route.fulfill({ status: 200, json: { statusCode: 200, statusMessage: '', result: { records: empty }, statusDetails: [] } }),
  );
  await page.reload();
  await expect(page.getByText('Aún no tienes un plan base')).toBeVisible();
  await expect(page.getByText('No existe información correspondiente')).toHaveCount(2);
  await shoot(page, 'empty');
});

test('the employee months: a bar per month, and the detail of the month chosen', async ({ page }) => {
  await signIn(page);
  const section = page.getByRole('region', { name: 'Empleados por mes' });
  const chart = section.getByRole('group', { name: 'Empleados usados por mes' });
  const bars = chart.getByRole('button');
  await expect(bars.first()).toBeVisible();
  const count = await bars.count();
  expect(count).toBeGreaterThanOrEqual(2);
  // The newest month is chosen first; its detail follows.
  await expect(bars.nth(count - 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('region', { name: /^Detalle de / })).toContainText('Empleados usados');
  const label = (await bars.nth(0).getAttribute('aria-label')) ?? '';
  const [name] = label.split(':');
  await bars.nth(0).click();
  await expect(section.getByRole('region', { name: `Detalle de ${name}` })).toContainText('Saldo al cierre');
  await section.scrollIntoViewIfNeeded();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/myplan-employees-${size.width}.png` });
  }
});

test("'Comprar más' lists the complementary packages and hands one to the cart", async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Comprar más Empleados' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Paquetes complementarios' });
  const items = dialog.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/myplan-buy-more-${size.width}.png` });
  }
  const name = (await items.first().getAttribute('aria-label')) ?? '';
  await items.first().getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
  // The cart opens with the package in it.
  await expect(page.getByRole('dialog').getByText(name).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/myplan-buy-more-cart-390.png' });
});

test("'Comprar más' says 'No hay información' when the service has no complementary package", async ({ page }) => {
  await page.route('**/license/api/package/GetPackagesByServiceName/**', (route) =>
    route.fulfill({ status: 200, json: { statusCode: 200, statusMessage: '', result: { records: [] }, statusDetails: [] } }),
  );
  await signIn(page);
  await page
    .getByRole('button', { name: /^Comprar más/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Paquetes complementarios' }).getByText('No hay información')).toBeVisible();
});
