import { createServer } from 'node:http';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signInToAdmin, storedSession } from './support';

/**
 * An API client's webhooks in the back office (superadmin, issue 13 item 7): subscribe a partner's
 * URL, read its signing secret once, and follow the delivery log as licences granted to the
 * brand's customers are POSTed to it (the partner refuses the first one: it waits for its retry).
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test('superadmin subscribes a URL, keeps its secret and reads the delivery log', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.statusCode = received === 1 ? 503 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/webhooks/licencias`;
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToAdmin(page);
    await page.goto('/admin/api-clients');
    // An active client: other browser tests leave revoked ones behind, whose page offers no subscription.
    const row = page.locator('tbody tr').filter({ hasText: 'colnomina' }).filter({ hasText: 'Activo' }).first();
    await row.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: /^Webhooks de «/ })).toBeVisible();
    await expect(page.getByText('Este cliente no tiene suscripciones.')).toBeVisible();

    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await page.getByRole('checkbox', { name: 'Licencia otorgada' }).check();
    await page.getByRole('button', { name: 'Suscribir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Secreto de firma de la suscripción' });
    await expect(dialog).toContainText('No se volverá a mostrar');
    expect(await dialog.getByRole('textbox', { name: 'Secreto de firma' }).inputValue()).toMatch(/^whsec_/);
    await shot(page, testInfo, 'webhooks-secret-1366');
    await dialog.getByRole('button', { name: 'Ya lo guardé' }).click();
    await expect(page.getByText(url)).toBeVisible();

    // Two licences granted to a colnomina customer: two events for the subscription.
    const session = await storedSession(page);
    const headers = { Authorization: `Bearer ${session!.token}` };
    const services = await (await request.get(`/api/v1/services?filter=${encodeURIComponent('{"appName":"colnomina"}')}`, { headers })).json();
    const serviceIds = (services as { id: number }[]).map((s) => s.id);
    const licences = (await (
      await request.get(`/api/v1/licences?filter=${encodeURIComponent(JSON.stringify({ serviceId: serviceIds }))}`, { headers })
    ).json()) as {
      customerId: number;
      serviceId: number;
      packageId: number | null;
    }[];
    const held = licences.find((l) => l.packageId !== null)!;
    for (let i = 0; i < 2; i++) {
      const added = await request.post('/license/api/purchaseOrderLicense/AddNewCustomerLicense', {
        headers,
        data: {
          customerId: held.customerId,
          serviceId: held.serviceId,
          packageId: held.packageId,
          transactionRanges: [{ rangeMinimum: 1, rangeMaximum: 1000, rangePrice: 100 }],
        },
      });
      expect(added.status(), await added.text()).toBe(200);
    }
    await expect.poll(() => received, { timeout: 20_000 }).toBe(2);

    await page.locator('#main-content').getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('Registro de entregas (2)')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Pendiente' })).toContainText('503');
    await expect(page.getByRole('row').filter({ hasText: 'Entregado' })).toContainText('200');
    await page.getByRole('row').filter({ hasText: 'Pendiente' }).click();
    await expect(page.getByText(/Intento 1 · .* · código 503/)).toBeVisible();
    await shot(page, testInfo, 'webhooks-log-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText('Registro de entregas (2)')).toBeVisible();
    await shot(page, testInfo, 'webhooks-log-390');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
