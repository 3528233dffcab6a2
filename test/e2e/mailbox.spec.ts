import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { latestMail, signInToAdmin } from './support';

/**
 * The development mailbox of the back office (no SMTP_URL): a buyer asks for an e-mail code on
 * colnomina (checkisvalidemail), the superadmin opens 'Buzón de correo' from the user menu, sees
 * the message in the list and opens it: the code, and the branded message in a sandboxed iframe.
 * latestMail (support.ts) reads the same code through the API, as other browser tests do.
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `test-results/screens/${name}.png` });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

// One address per run: a retry or a second run must not meet the first one's resend wait.
const EMAIL = `compras.buzon.${Date.now()}@empresa-ejemplo.com`;

test.describe("'Buzón de correo'", () => {
  test('superadmin reads the verification code a buyer was sent', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const asked = await request.get('/license/api/purchaseorderlicense/checkisvalidemail', { headers: { pEmail: EMAIL, pAppName: 'colnomina' } });
    expect(asked.status()).toBe(200);
    expect(((await asked.json()) as { result: { codeSent: boolean } }).result.codeSent).toBe(true);
    const sent = await latestMail(request, EMAIL, 'email-verification');
    expect(sent.code).toMatch(/^\d{6}$/);

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Buzón de correo' }).click();
    await expect(page).toHaveURL(/\/admin\/mail-messages/);
    const row = page.locator('tbody tr').filter({ hasText: EMAIL });
    await expect(row).toContainText(`${sent.code} es tu código de verificación de`);
    await expect(row).toContainText('Verificación de correo');
    await expect(row.getByText('Entregado')).toBeVisible();
    await shot(page, testInfo, 'mailbox-list-1366');

    await row.click();
    await expect(page.getByRole('heading', { name: `${sent.code} es tu código de verificación de Colnómina` })).toBeVisible();
    await expect(page.getByText(sent.code!, { exact: true })).toBeVisible();
    const message = page.frameLocator('iframe');
    await expect(message.getByRole('heading', { name: 'Verifica tu correo electrónico' })).toBeVisible();
    await expect(message.getByText(sent.code!, { exact: true })).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute('sandbox', '');
    // The brand's logo loads in the sandboxed (opaque-origin) message.
    const logo = message.getByRole('img', { name: 'Colnómina' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, testInfo, 'mailbox-message-1366');
    await page.getByRole('tab', { name: 'Texto' }).click();
    await expect(page.getByText(`Código: ${sent.code}`)).toBeVisible();

    // A phone opens the message afresh (resizing a desktop page leaves its sidebar as a drawer).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: `${sent.code} es tu código de verificación de Colnómina` })).toBeVisible();
    await shot(page, testInfo, 'mailbox-message-390');
    await page.goto('/admin/mail-messages');
    await expect(page.getByText(`${sent.code} es tu código de verificación de`)).toBeVisible();
    await shot(page, testInfo, 'mailbox-list-390');
    await page.getByText(`${sent.code} es tu código de verificación de`).click();
    await expect(page).toHaveURL(/\/admin\/mail-messages\/\d+\/show/);
  });

  test('roles without the mailbox do not see it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page, 'comercial');
    await page.getByRole('button', { name: 'Perfil' }).click();
    await expect(page.getByRole('menuitem', { name: 'Buzón de correo' })).toHaveCount(0);
  });
});
