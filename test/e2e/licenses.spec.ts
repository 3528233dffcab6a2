import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInToAdmin } from './support';

/**
 * 'Licencias y consumos' against the built application: a superadmin creates a company with a
 * real NIT through 'Nueva empresa', sees the check digit the form and the server compute, finds
 * the company by search, opens its row and updates it ('Actualizar').
 */

/** The DIAN's own NIT; its check digit with the weights 3, 7, 13, ... modulo 11 is 4. */
const NIT = '800197268';
const DV = '4';

/** Picks an option of an autocomplete or a select by its label. */
async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe("'Licencias y consumos': companies", () => {
  test('superadmin creates a company with a real NIT, sees its DV, finds it and updates it', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.goto('/admin/licenses');
    const list = page.getByTestId('customers-list');
    await expect(list.locator('tbody tr').first()).toBeVisible();

    await list.getByRole('button', { name: 'Crear empresa' }).click();
    const dialog = page.getByTestId('customer-dialog');
    await expect(dialog.getByRole('heading', { name: 'Nueva empresa' })).toBeVisible();
    await dialog
      .getByRole('textbox', { name: /^Identificación/ })
      .first()
      .fill(NIT);
    await expect(dialog.getByTestId('company-dv')).toHaveValue(DV);
    const top = await page.screenshot({ path: 'test-results/screens/company-dialog-top-1366.png' });
    await testInfo.attach('company-dialog-top-1366', { body: top, contentType: 'image/png' });
    await dialog.getByRole('textbox', { name: /Razón Social/ }).fill('Dirección de Impuestos y Aduanas Nacionales');
    const representative = dialog.getByRole('group', { name: 'Datos representante legal' });
    await pick(representative, page, /Tipo Identificación/, 'Cédula de ciudadanía');
    await representative.getByRole('textbox', { name: /Identificación/ }).fill('79123456');
    await representative.getByRole('textbox', { name: /Nombres/ }).fill('Luis Carlos');
    await representative.getByRole('textbox', { name: /Apellidos/ }).fill('Reyes Gómez');
    await dialog.getByRole('textbox', { name: /^Dirección/ }).fill('Carrera 8 # 6C-38');
    await pick(dialog, page, /Departamento/, 'Bogotá, D.C.');
    await pick(dialog, page, /Ciudad/, 'Bogotá, D.C.');
    await dialog.getByRole('textbox', { name: /Teléfono/ }).fill('6013078064');
    await dialog.getByRole('textbox', { name: /Correo Electrónico/ }).fill('contacto@dian.gov.co');
    await pick(dialog, page, /Aplicación vinculada/, 'Biometría');
    await dialog.getByRole('textbox', { name: /Fecha inicio contrato/ }).fill('01122026');
    await dialog.getByRole('textbox', { name: /Fecha fin contrato/ }).fill('30112027');
    const shot = await page.screenshot({ path: 'test-results/screens/company-dialog-1366.png' });
    await testInfo.attach('company-dialog-1366', { body: shot, contentType: 'image/png' });
    // 'Perfil tributario': a large taxpayer that withholds ICA in Bogotá.
    await dialog.getByRole('heading', { name: 'Perfil tributario' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('switch', { name: 'Gran contribuyente' }).check();
    await dialog.getByRole('switch', { name: 'Agente de retención de ICA' }).check();
    const taxes = await page.screenshot({ path: 'test-results/screens/company-dialog-taxes-1366.png' });
    await testInfo.attach('company-dialog-taxes-1366', { body: taxes, contentType: 'image/png' });
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('¡La empresa fue creada con éxito!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Searched on the server, ignoring case and accents.
    await list.getByRole('textbox', { name: 'Buscar' }).fill('IMPUESTOS Y ADUANAS');
    await expect(list.locator('tbody tr').filter({ hasText: 'Distribuciones El Roble' })).toHaveCount(0);
    const row = list.locator('tbody tr').filter({ hasText: 'Dirección de Impuestos y Aduanas Nacionales' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`NIT ${NIT}-${DV}`);
    await row.getByText('Dirección de Impuestos y Aduanas Nacionales').click();
    const details = list.getByTestId('company-details');
    await expect(details).toContainText('Luis Carlos Reyes Gómez');
    await expect(details).toContainText('01/12/2026 – 30/11/2027');
    const opened = await page.screenshot({ path: 'test-results/screens/licenses-1366.png' });
    await testInfo.attach('licenses-1366', { body: opened, contentType: 'image/png' });

    await row.getByRole('button', { name: /Editar empresa/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Editar empresa' })).toBeVisible();
    await expect(dialog.getByTestId('company-dv')).toHaveValue(DV);
    await expect(dialog.getByRole('switch', { name: 'Gran contribuyente' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Agente de retención de IVA' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Agente de retención de ICA' })).toBeChecked();
    await dialog.getByRole('textbox', { name: /Teléfono/ }).fill('6017428973');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('¡La empresa fue actualizada con éxito!')).toBeVisible();
    await expect(details).toContainText('6017428973');

    await list.getByRole('textbox', { name: 'Buscar' }).fill('nadie se llama así');
    await expect(list.getByText('No existe información correspondiente a los criterios de búsqueda')).toBeVisible();
  });

  test('on a phone each company opens as an item with its data', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/licenses');
    const list = page.getByTestId('customers-list');
    const item = list.locator('.MuiAccordion-root').filter({ hasText: 'Distribuciones El Roble' });
    await item.getByText('Distribuciones El Roble').click();
    await expect(item.getByTestId('company-details')).toContainText('NIT 900123456-8');
    const shot = await page.screenshot({ path: 'test-results/screens/licenses-390.png' });
    await testInfo.attach('licenses-390', { body: shot, contentType: 'image/png' });
    await list.getByRole('button', { name: 'Crear empresa' }).click();
    const dialog = page.getByTestId('customer-dialog');
    await dialog
      .getByRole('textbox', { name: /^Identificación/ })
      .first()
      .fill('900123456');
    await expect(dialog.getByTestId('company-dv')).toHaveValue('8');
    const dialogShot = await page.screenshot({ path: 'test-results/screens/company-dialog-390.png' });
    await testInfo.attach('company-dialog-390', { body: dialogShot, contentType: 'image/png' });
    await dialog.getByRole('heading', { name: 'Perfil tributario' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('switch', { name: 'Agente de retención de IVA' }).check();
    const taxesShot = await page.screenshot({ path: 'test-results/screens/company-dialog-taxes-390.png' });
    await testInfo.attach('company-dialog-taxes-390', { body: taxesShot, contentType: 'image/png' });
  });
});
