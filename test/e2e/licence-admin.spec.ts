import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { signInToAdmin } from './support';

/**
 * The licences of a company in 'Licencias y consumos' against the built application: the demo
 * company Distribuciones El Roble (NIT 900123456) shows its licences with the Activa/Inactiva
 * badge; the superadmin adds an unlimited licence (BIILIMITADO: contract number, dates) with two
 * ranges, sees it after the reload and edits its ranges.
 */

const COMPANY = 'Distribuciones El Roble';

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function shot(page: Page, testInfo: { attach: (name: string, options: { body: Buffer; contentType: string }) => Promise<void> }, name: string) {
  const body = await page.screenshot({ path: `test-results/screens/${name}.png` });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/**
 * Opens a licence row and waits for its details to finish growing: a button inside a details panel
 * still growing is clipped, and a click at its centre can land on nothing (a CI run lost the click
 * on 'Editar licencia' that way).
 */
async function expand(row: Locator) {
  await row.getByRole('button').first().click();
  await expect(row.locator('.MuiCollapse-entered')).toHaveCount(1);
}

async function range(dialog: Locator, index: number, min: string, max: string, price: string) {
  const row = dialog.getByTestId('licence-range').nth(index);
  await row.getByRole('textbox', { name: /Rango mínimo/ }).fill(min);
  await row.getByRole('textbox', { name: /Rango máximo/ }).fill(max);
  await row.getByRole('textbox', { name: /Valor/ }).fill(price);
}

test.describe("'Licencias y consumos': licences", () => {
  test('superadmin sees the licence rows, adds a licence with ranges and edits the ranges', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.goto('/admin/licenses');
    const list = page.getByTestId('customers-list');
    await list.locator('tbody tr').filter({ hasText: COMPANY }).getByText(COMPANY).click();
    const licences = list.getByRole('region', { name: 'Licencias' });
    const rows = licences.getByTestId('licence-row');
    await expect(rows.filter({ hasText: 'Colnómina Empresarial' }).getByTestId('licence-state')).toHaveText('Activa');
    await expect(rows.filter({ hasText: 'Colnómina Mensual' }).getByTestId('licence-state')).toHaveText('Inactiva');
    const before = await rows.count();
    await expand(rows.filter({ hasText: 'Colnómina Empresarial' }));
    await shot(page, testInfo, 'licence-rows-1366');

    await licences.getByRole('button', { name: 'Añadir licencia' }).click();
    const dialog = page.getByTestId('licence-dialog');
    await expect(dialog.getByRole('heading', { name: 'Añadir licencia' })).toBeVisible();
    await pick(dialog, page, /Servicio/, 'FirmaYa');
    await pick(dialog, page, /Paquete/, 'Firmas ilimitadas');
    await range(dialog, 0, '1', '1000', '500');
    await dialog.getByRole('button', { name: 'Agregar rango' }).click();
    await range(dialog, 1, '1001', '5000', '400');
    const save = dialog.getByRole('button', { name: 'Añadir' });
    await expect(save).toBeDisabled(); // BIILIMITADO needs its contract number
    await dialog.getByRole('textbox', { name: /Número de contrato/ }).fill('CT-E2E-7');
    await expect(save).toBeEnabled();
    await shot(page, testInfo, 'licence-add-1366');
    await save.click();
    await expect(page.getByText('¡Perfecto! ¡Licencia añadida con éxito!')).toBeVisible();
    await expect(rows).toHaveCount(before + 1, { timeout: 15_000 });

    const added = rows.filter({ hasText: 'Firmas ilimitadas' }).filter({ hasText: 'Activa' }).first();
    await expand(added);
    await expect(added).toContainText('CT-E2E-7');
    await added.getByRole('button', { name: 'Editar licencia' }).click();
    await expect(dialog.getByRole('heading', { name: 'Editar Licencia' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /Servicio/ })).toHaveAttribute('aria-disabled', 'true');
    const max = dialog
      .getByTestId('licence-range')
      .nth(1)
      .getByRole('textbox', { name: /Rango máximo/ });
    await max.fill('900');
    await expect(dialog.getByText('Rango mínimo no puede ser mayor al rango máximo.')).toBeVisible();
    await max.fill('9000');
    await shot(page, testInfo, 'licence-edit-1366');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('¡Perfecto! ¡Licencia actualizada con éxito!')).toBeVisible();
    await expect(added).toContainText('9.000');

    // 'Ver bolsas': the demo bags at 86 % and 100 %, filtered by product.
    await licences.getByRole('button', { name: 'Ver bolsas' }).click();
    const bags = page.getByTestId('bags-dialog');
    const bagRows = bags.getByTestId('bag-row');
    await expect(bagRows.filter({ hasText: 'COLNOMINA_EMPLEADO' }).first()).toContainText('Baja disponibilidad');
    await expect(bagRows.filter({ hasText: 'FirmaYa Profesional' }).filter({ hasText: 'FIRMAYA_FIRMA' }).first()).toContainText('Sin disponibilidad');
    await expect(bags.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await shot(page, testInfo, 'bags-1366');
    await bags.getByRole('button', { name: 'Filtrar' }).click();
    await pick(bags, page, /Producto/, 'FirmaYa');
    await bags.getByRole('button', { name: 'Aplicar filtro' }).click();
    await expect(bags.getByRole('group', { name: 'Filtros activos' })).toContainText('Producto: FirmaYa');
    await expect(bagRows.filter({ hasText: 'COLNOMINA' })).toHaveCount(0);
    await shot(page, testInfo, 'bags-filtered-1366');
  });

  test('on a phone the licence rows and the form fit', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/licenses');
    const list = page.getByTestId('customers-list');
    const item = list.locator('.MuiAccordion-root').filter({ hasText: COMPANY }).first();
    await item.getByText(COMPANY).click();
    const licences = list.getByRole('region', { name: 'Licencias' });
    await expect(licences.getByTestId('licence-row').first()).toBeVisible();
    await licences.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'licence-rows-390');
    await licences.getByRole('button', { name: 'Añadir licencia' }).click();
    const dialog = page.getByTestId('licence-dialog');
    await pick(dialog, page, /Servicio/, 'FirmaYa');
    await pick(dialog, page, /Paquete/, 'Firmas ilimitadas');
    await expect(page.getByRole('listbox')).toBeHidden();
    await shot(page, testInfo, 'licence-add-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('¿Quieres cancelar la creación de esta nueva licencia?')).toBeVisible();
    await page.getByRole('button', { name: 'SI' }).click();
    await expect(dialog).toBeHidden();
    await licences.getByRole('button', { name: 'Ver bolsas' }).click();
    await expect(page.getByTestId('bag-row').first()).toBeVisible();
    await expect(page.getByTestId('bags-dialog').locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await shot(page, testInfo, 'bags-390');
  });

  test("'Detalle de consumo' downloads the company's ledger as an Excel workbook, with progress", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.goto('/admin/licenses');
    const list = page.getByTestId('customers-list');
    await list.locator('tbody tr').filter({ hasText: COMPANY }).getByText(COMPANY).click();
    await list.getByRole('region', { name: 'Licencias' }).getByRole('button', { name: 'Ver bolsas' }).click();
    const bags = page.getByTestId('bags-dialog');
    await expect(bags.getByTestId('bag-row').first()).toBeVisible();
    // Hold the answer a moment so the progress shows (the demo ledger is small and local).
    await page.route('**/api/v1/consumption-detail?**', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ response });
    });
    const downloading = page.waitForEvent('download');
    await bags.getByRole('button', { name: 'Detalle de consumo' }).click();
    await expect(bags.getByRole('progressbar', { name: 'Descargando el detalle de consumo…' })).toBeVisible();
    await shot(page, testInfo, 'bags-export-progress-1366');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^detalle-de-consumo-900123456-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(bags.getByRole('progressbar', { name: 'Descargando el detalle de consumo…' })).toHaveCount(0);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Detalle de consumo')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Fecha y hora', 'Registrado', 'Producto']);
    const kinds = new Set<unknown>();
    sheet.eachRow((row, n) => n > 1 && kinds.add(row.getCell(9).value));
    expect([...kinds]).toEqual(expect.arrayContaining(['Asignación', 'Consumo']));
    expect(sheet.rowCount).toBeGreaterThan(10);

    // On a phone the list is another component: open the company and its bags again.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/licenses');
    await list.locator('.MuiAccordion-root').filter({ hasText: COMPANY }).first().getByText(COMPANY).click();
    await list.getByRole('region', { name: 'Licencias' }).getByRole('button', { name: 'Ver bolsas' }).click();
    await expect(bags.getByTestId('bag-row').first()).toBeVisible();
    await expect(bags.getByRole('button', { name: 'Detalle de consumo' })).toBeVisible();
    await expect(bags.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await shot(page, testInfo, 'bags-export-390');
  });

  test("roles without the Excel privilege do not see 'Detalle de consumo'", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page, 'comercial');
    await page.goto('/admin/licenses');
    const list = page.getByTestId('customers-list');
    await list.locator('tbody tr').filter({ hasText: COMPANY }).getByText(COMPANY).click();
    await list.getByRole('region', { name: 'Licencias' }).getByRole('button', { name: 'Ver bolsas' }).click();
    const bags = page.getByTestId('bags-dialog');
    await expect(bags.getByTestId('bag-row').first()).toBeVisible();
    await expect(bags.getByRole('button', { name: 'Detalle de consumo' })).toHaveCount(0);
  });
});
