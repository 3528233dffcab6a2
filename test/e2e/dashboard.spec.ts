import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { DENIED, DESKTOP, fillAdminSignIn, shootScreens, signInToAdmin } from './support';

/**
 * The consumption dashboards against the built application (catalogue-and-dashboards.md §2.4–2.7):
 * the superadmin opens 'Productos adquiridos' of the demo company Distribuciones El Roble (NIT
 * 900123456) from 'Licencias y consumos', opens a package on its rings and contracts, goes to
 * 'Movimiento del producto' (customer card, the date filter's rules, the movements, the chart,
 * the Excel download with progress), back, and to 'Detalle del contrato'. Screenshots at
 * 1366×900 and 390×844 go to test-results/screens/dashboard-*.
 */

const COMPANY = 'Distribuciones El Roble';

/** A Bogotá day plus some days, as typed in the dd/MM/yyyy fields (digits only; the field adds the slashes). */
function typedDay(plusDays: number): string {
  const day = new Date(Date.now() + plusDays * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(day);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}${part('month')}${part('year')}`;
}

/** Opens the first package of the first service and waits for its balance. */
async function openFirstPackage(page: Page) {
  const pkg = page.getByTestId('package-item').first();
  await pkg.getByRole('button').first().click();
  await expect(pkg.getByTestId('package-panel')).toBeVisible();
  await expect(pkg.locator('.MuiCollapse-entered')).toHaveCount(1);
  return pkg;
}

test.describe('consumption dashboards', () => {
  test("staff open a company's products, a package, its movements and a contract", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page);
    const main = page.locator('#main-content');

    await test.step("'Productos adquiridos' from 'Licencias y consumos'", async () => {
      await page.goto('/admin/licenses');
      const list = page.getByTestId('customers-list');
      await list.locator('tbody tr').filter({ hasText: COMPANY }).getByText(COMPANY).click();
      await list.getByRole('button', { name: 'Productos adquiridos' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\?documentType=\d+&documentNumber=900123456$/);
      await expect(main.getByRole('heading', { name: 'Productos adquiridos', level: 1 })).toBeVisible();
      await expect(main.getByText('NIT 900123456')).toBeVisible();
      await expect(page.getByTestId('service-item').first()).toBeVisible();
      await shootScreens(page, 'dashboard-products');
    });

    await test.step('a package: three rings and its contracts', async () => {
      const pkg = await openFirstPackage(page);
      const rings = pkg.getByTestId('balance-ring');
      await expect(rings).toHaveCount(3);
      for (const name of ['Total', 'Disponible', 'Usado']) await expect(pkg.getByRole('progressbar', { name })).toBeVisible();
      for (const header of ['Contrato', 'Fecha inicio', 'Fecha vencimiento', 'Total', 'Disponibles', 'Usados'])
        await expect(pkg.getByRole('columnheader', { name: header, exact: true })).toBeAttached();
      await expect(pkg.getByTestId('contract-row').first()).toBeVisible();
      await shootScreens(page, 'dashboard-package');
    });

    await test.step("'Movimiento del producto'", async () => {
      await page.getByTestId('package-item').first().getByRole('button', { name: 'Movimientos' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/movements\?.*serviceFeatureCode=/);
      await expect(main.getByRole('heading', { name: 'Movimiento del producto' })).toBeVisible();
      const card = page.getByTestId('customer-card');
      await expect(card).toContainText(COMPANY);
      await expect(card).toContainText('900123456');
      for (const header of ['Descripción', 'Evento', 'Cantidad', 'Fecha y hora']) await expect(main.getByRole('columnheader', { name: header })).toBeAttached();
      await expect(page.getByTestId('consumption-chart')).toBeVisible();
      await shootScreens(page, 'dashboard-movements');
    });

    await test.step('the date filter: the shared rules, Excel disabled while a date is invalid', async () => {
      const from = main.getByRole('textbox', { name: 'Desde' });
      const until = main.getByRole('textbox', { name: 'Hasta' });
      const excel = main.getByRole('button', { name: 'Excel' });
      await expect(excel).toBeEnabled();
      await from.fill('');
      await expect(main.getByText('Campo obligatorio')).toBeVisible();
      await expect(excel).toBeDisabled();
      await from.fill('31121999');
      await expect(main.getByText('Fecha mínima permitida 01/01/2000')).toBeVisible();
      await from.fill('01022024');
      await until.fill('31012024');
      await expect(main.getByText('La fecha debe ser igual o posterior a 01/02/2024')).toBeVisible();
      await expect(excel).toBeDisabled();
      await shootScreens(page, 'dashboard-movements-invalid');

      // A year: the chart shows months.
      await until.fill(typedDay(0));
      await from.fill(typedDay(-364));
      await expect(excel).toBeEnabled();
      await main.getByRole('button', { name: 'Buscar' }).click();
      await expect(page.getByTestId('consumption-chart')).toContainText('Consumo por mes');
      await expect(main.getByTestId('movement-row').first()).toBeVisible();
      await shootScreens(page, 'dashboard-movements-year');
    });

    await test.step("'Excel' downloads the movements with progress", async () => {
      await page.route('**/api/v1/dashboard/movements/export?**', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.fulfill({ response });
      });
      const downloading = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Excel' }).click();
      await expect(main.getByRole('progressbar', { name: 'Descargando los movimientos…' })).toBeVisible();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      await expect(main.getByRole('progressbar', { name: 'Descargando los movimientos…' })).toHaveCount(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('Movimientos')).toBeDefined();
    });

    await test.step("back, and 'Detalle del contrato'", async () => {
      await main.getByRole('button', { name: 'Volver a productos adquiridos' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\?documentType=\d+&documentNumber=900123456$/);
      const pkg = await openFirstPackage(page);
      await pkg.getByTestId('contract-row').first().getByRole('button', { name: 'Ver detalle' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/contractInfo\?.*contractNumber=/);
      const detail = page.getByTestId('contract-detail');
      await expect(detail).toBeVisible();
      await expect(detail).toContainText('Número de oportunidad');
      for (const header of ['Servicios contratados', 'Cantidad', 'Inicio vigencia', 'Fin vigencia'])
        await expect(detail.getByRole('columnheader', { name: header })).toBeAttached();
      await shootScreens(page, 'dashboard-contract');
    });
  });

  test("a company without services says '¡Lo sentimos!'; movements without a package go back to the dashboard", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page);
    await page.goto('/admin/dashboard?documentType=4&documentNumber=111222333');
    await expect(page.getByText('¡Lo sentimos!')).toBeVisible();
    await expect(page.getByText('Consulta con tu comercial aún no tienes servicios asociados a tu compañía.')).toBeVisible();
    await shootScreens(page, 'dashboard-empty');

    await page.goto('/admin/dashboard/movements?documentType=4&documentNumber=900123456');
    await expect(page).toHaveURL(/\/admin\/dashboard\?documentType=4&documentNumber=900123456$/);
  });

  test("'comercial' (LICENSES, without the Excel privilege) sees the movements without 'Excel'", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page, 'comercial');
    await page.goto('/admin/dashboard?documentType=4&documentNumber=900123456');
    await openFirstPackage(page);
    await page.getByTestId('package-item').first().getByRole('button', { name: 'Movimientos' }).click();
    await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Excel' })).toHaveCount(0);
  });

  test("the demo customer 'cliente' signs in to the back office and sees only its own company's products", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    // The shell's calls on load (brand, session hub, menu, user menu) must all work with a customer token.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    const main = page.locator('#main-content');
    const menu = page.getByTestId('main-menu');

    await test.step("the admin's sign-in page lands on 'Productos adquiridos' of Distribuciones El Roble", async () => {
      await page.goto('/admin/login');
      await fillAdminSignIn(page, 'cliente');
      await expect(page).toHaveURL(/\/admin\/dashboard(\?documentType=\d+&documentNumber=900123456)?$/);
      await expect(main.getByRole('heading', { name: 'Productos adquiridos', level: 1 })).toBeVisible();
      await expect(main.getByText('NIT 900123456')).toBeVisible();
      await expect(page.getByTestId('service-item').first()).toBeVisible();
      await expect(menu.getByRole('menuitem')).toHaveText(['Productos adquiridos']);
      await shootScreens(page, 'dashboard-customer-products');
    });

    await test.step('a package, its movements of the last 90 days, and their Excel read back', async () => {
      await openFirstPackage(page);
      await expect(page.getByTestId('package-item').first().getByTestId('balance-ring')).toHaveCount(3);
      await page.getByTestId('package-item').first().getByRole('button', { name: 'Movimientos' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/movements\?.*serviceFeatureCode=/);
      await expect(page.getByTestId('customer-card')).toContainText(COMPANY);
      await expect(main.getByRole('button', { name: 'Buscar' })).toBeVisible();
      await main.getByRole('textbox', { name: 'Hasta' }).fill(typedDay(0));
      await main.getByRole('textbox', { name: 'Desde' }).fill(typedDay(-90));
      await main.getByRole('button', { name: 'Buscar' }).click();
      await expect(main.getByTestId('movement-row').first()).toBeVisible();
      await shootScreens(page, 'dashboard-customer-movements');
      // The customer downloads its own company's movements (issue 24; any other company is a 404).
      const downloading = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Excel' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^movimientos-900123456-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Movimientos');
      const rows: unknown[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]?.[0]).toBe('Empresa');
      expect(String(rows[0]?.[1])).toContain(COMPANY);
      const header = rows.findIndex((r) => r[0] === 'Descripción');
      expect(rows[header]).toEqual(['Descripción', 'Evento', 'Cantidad', 'Fecha y hora']);
      expect(rows.length).toBeGreaterThan(header + 1);
    });

    await test.step("back, and a contract's 'Detalle del contrato'", async () => {
      await main.getByRole('button', { name: 'Volver a productos adquiridos' }).click();
      const pkg = await openFirstPackage(page);
      await pkg.getByTestId('contract-row').first().getByRole('button', { name: 'Ver detalle' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/contractInfo\?.*contractNumber=/);
      const detail = page.getByTestId('contract-detail');
      await expect(detail).toBeVisible();
      await expect(detail).toContainText(COMPANY);
      await shootScreens(page, 'dashboard-customer-contract');
    });

    await test.step('another section says the privilege is missing', async () => {
      await page.goto('/admin/licenses');
      await expect(main.getByText(DENIED, { exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem')).toHaveText(['Productos adquiridos']);
      await shootScreens(page, 'dashboard-customer-denied');
    });

    await test.step('the home of the back office is the dashboard', async () => {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/dashboard/);
      await expect(main.getByRole('heading', { name: 'Productos adquiridos', level: 1 })).toBeVisible();
    });

    expect(refused).toEqual([]);
    expect(crashes).toEqual([]);
  });
});
