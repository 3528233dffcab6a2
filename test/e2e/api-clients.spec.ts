import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signInToAdmin } from './support';

/**
 * 'Clientes API' of the back office (superadmin): create a partner's client, read its secret the
 * one time it is shown, get a token with it, revoke the client and see the same secret refused.
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `test-results/screens/${name}.png` });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test.describe("'Clientes API'", () => {
  test('superadmin creates a client, sees the secret once and revokes it', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const name = `Aliado de prueba ${Date.now()}`;
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Clientes API' }).click();
    await expect(page).toHaveURL(/\/admin\/api-clients/);
    // The demo data hold one client per brand.
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await shot(page, testInfo, 'api-clients-list-1366');

    await page.getByRole('link', { name: 'Nuevo cliente API' }).click();
    await page.getByRole('textbox', { name: /Nombre/ }).fill(name);
    await page.getByRole('combobox', { name: /Marca/ }).click();
    await page.getByRole('option', { name: /\(colnomina\)/ }).click();
    await page.getByRole('checkbox', { name: /CONSUMPTIONS_WRITE/ }).check();
    await page.getByRole('checkbox', { name: 'Leer órdenes de compra con sus pagos y licencias (ORDERS_READ)' }).check();
    await shot(page, testInfo, 'api-clients-create-1366');
    await page.getByRole('button', { name: 'Guardar' }).click();

    const dialog = page.getByRole('dialog').filter({ hasText: `Credenciales de «${name}»` });
    await expect(dialog.getByRole('heading', { name: `Credenciales de «${name}»` })).toBeVisible();
    await expect(dialog).toContainText('no se volverá a mostrar');
    const clientId = await dialog.getByRole('textbox', { name: 'Identificador del cliente' }).inputValue();
    const secret = await dialog.getByRole('textbox', { name: 'Secreto del cliente' }).inputValue();
    expect(clientId).toMatch(/^colnomina-[0-9a-f]{16}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await shot(page, testInfo, 'api-clients-secret-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, 'api-clients-secret-390');
    // Back to the desktop: react-admin's phone drawer, mounted by the resize, hides other modals from assistive technology.
    await page.setViewportSize({ width: 1366, height: 900 });

    const token = await request.post('/api/v1/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
    expect(token.status()).toBe(200);
    const granted = (await token.json()) as { scope: string; access_token: string };
    expect(granted.scope).toBe('BALANCES_READ CONSUMPTIONS_WRITE ORDERS_READ');
    // ORDERS_READ reads the brand's orders, only that brand's, whatever appName asks.
    const orders = await request.get(`/api/v1/orders?filter=${encodeURIComponent('{"appName":"firmaya"}')}`, {
      headers: { authorization: `Bearer ${granted.access_token}` },
    });
    expect(orders.status()).toBe(200);
    expect(((await orders.json()) as { appName: string }[]).every((o) => o.appName === 'colnomina')).toBe(true);

    await dialog.getByRole('button', { name: 'Ya lo guardé' }).click();
    await expect(page).toHaveURL(/\/admin\/api-clients$/);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row).toContainText('Activo');
    await row.getByRole('button', { name: 'Revocar' }).click();
    const question = page.getByRole('dialog', { name: '¿Revocar el cliente API?' });
    await expect(question).toContainText(`«${name}» (${clientId}) dejará de obtener tokens`);
    await shot(page, testInfo, 'api-clients-revoke-1366');
    await question.getByRole('button', { name: 'Revocar' }).click();
    await expect(page.getByText(`Cliente API «${name}» revocado`)).toBeVisible();
    await expect(row).toContainText('Revocado');
    await expect(row.getByRole('button', { name: 'Revocar' })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/api-clients');
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Aliado de prueba');
    const item = page.locator('.compact-list li').filter({ hasText: name });
    await expect(item).toContainText('Revocado');
    await expect(page.locator('.compact-list li').filter({ hasText: 'Aplicación de demostración' })).toHaveCount(0);
    await expect(item).toContainText('Leer saldos · Registrar consumos · Leer órdenes');
    await shot(page, testInfo, 'api-clients-list-390');
    await page.goto('/admin/api-clients/create');
    await expect(page.getByRole('checkbox', { name: 'Leer órdenes de compra con sus pagos y licencias (ORDERS_READ)' })).toBeVisible();
    await shot(page, testInfo, 'api-clients-create-390');

    const refused = await request.post('/api/v1/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
    expect(refused.status()).toBe(401);
  });

  test('roles without API_CLIENTS do not see it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page, 'comercial');
    await page.getByRole('button', { name: 'Perfil' }).click();
    await expect(page.getByRole('menuitem', { name: 'Clientes API' })).toHaveCount(0);
  });
});
