import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signInToAdmin } from './support';

/**
 * The packages screen's store tools: the superadmin reads the seeded price tiers of a Colnómina
 * employee plan ('Escalas de precio') and makes a package link ('Copiar enlace') that the store's
 * DecryptPackage opens with the quantity and the package.
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `test-results/screens/${name}.png` });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

async function openPackage(page: Page, code: string) {
  await page.goto('/admin/packages');
  await page.getByPlaceholder('Buscar paquete').first().fill(code);
  await expect(page.getByText('Colnómina Emprendedor').first()).toBeVisible();
}

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test(`price tiers and package links of a package at ${width}px`, async ({ page, request, context }, testInfo) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Signed in on a desktop (a phone's menu is a drawer), then seen at the width under test.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.setViewportSize({ width, height });
    await openPackage(page, 'CN-EMPRENDEDOR');

    await page.getByRole('button', { name: 'Escalas de precio CN-EMPRENDEDOR' }).click();
    const tiers = page.getByTestId('price-tiers-dialog');
    await expect(tiers.getByTestId('price-tier-row')).toHaveCount(4);
    await expect(tiers.getByRole('textbox', { name: 'Empleados' }).first()).toHaveValue('5');
    await expect(tiers.getByText('Sin IVA: $151.260,5')).toBeVisible();
    await shot(page, testInfo, `package-tiers-${width}`);
    await tiers.getByRole('button', { name: 'Cancelar' }).click();
    await expect(tiers).toBeHidden();

    await page.getByRole('button', { name: 'Copiar enlace CN-EMPRENDEDOR' }).click();
    const dialog = page.getByTestId('package-link-dialog');
    await dialog.getByRole('spinbutton', { name: 'Cantidad' }).fill('2');
    await dialog.getByRole('button', { name: 'Crear y copiar enlace' }).click();
    const url = dialog.getByRole('textbox', { name: 'Enlace de compra' });
    await expect(url).toHaveValue(/^http:\/\/colnomina\.localhost:\d+\/license\/addCart\/[\w-]+$/);
    await expect(dialog.getByText(/^Tienda colnomina; vence el \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
    await shot(page, testInfo, `package-link-${width}`);

    const encrypted = (await url.inputValue()).split('/').pop() as string;
    const opened = await request.post('/license/api/Package/DecryptPackage', { data: { package: encrypted } });
    expect(opened.status()).toBe(200);
    const body = (await opened.json()) as { result: { records: { packageCode: string; quantity: number }[] } };
    expect(body.result.records).toMatchObject([{ packageCode: 'CN-EMPRENDEDOR', quantity: 2 }]);
  });
}
