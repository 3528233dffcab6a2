import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSession, DESKTOP, pngBytes, registerCashOrder, shootScreens, signInToAdmin } from './support';

/**
 * 'Órdenes de compra' (issue 13 item 6, item 5's audit log): a cash order with its proof, approved
 * by the financiero, is found in the list by the consulta role and opened: its packages and
 * totals, the cash payment's decision, the proof, the licence it granted and the log as a timeline.
 * 'Pagos en efectivo' links each payment to its order.
 */

/** A colnomina cash order with its proof, approved by the financiero: its number, reference and package name. */
async function approvedCashOrder(request: APIRequestContext): Promise<{ id: number; reference: string; packageName: string }> {
  const { referenceUuid } = await registerCashOrder(request, {
    buyer: 'ordenes',
    legalName: 'Panadería El Trigal Ñuñoa S.A.S.',
    fulladdress: 'Calle 26 # 13-19',
  });
  const upload = await request.post('/license/api/purchaseorderlicense/uploadPaymentSupport', {
    data: { referenceUuid, fileName: 'consignación.png', contentFileBase64: pngBytes(2048).toString('base64'), supportType: 'PAYMENT_SUPPORT' },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { token } = await apiSession(request, 'financiero', 'license');
  const headers = { Authorization: `Bearer ${token}` };
  const found = await request.get(`/api/v1/orders?filter=${encodeURIComponent(JSON.stringify({ q: referenceUuid }))}`, { headers });
  const [order] = (await found.json()) as { id: number; reference: string }[];
  expect(order, 'the order is listed').toBeDefined();
  const approve = await request.post(`/api/v1/payments/${order!.id}/approve`, { headers });
  expect(approve.status(), await approve.text()).toBe(200);
  const detail = (await (await request.get(`/api/v1/orders/${order!.id}`, { headers })).json()) as { lines: { packageName: string }[] };
  return { id: order!.id, reference: order!.reference, packageName: detail.lines[0]!.packageName };
}

test('the consulta role finds an approved cash order in the list and reads its detail and log', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const order = await approvedCashOrder(request);

  await signInToAdmin(page, 'consulta');
  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Órdenes de compra' }).click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.locator('#main-content').getByRole('textbox', { name: 'Buscar' }).fill(order.reference);
  // The search is debounced: wait until the list is the filtered one, or the click lands on a row
  // that the filtered answer replaces and the page stays on the list.
  await expect(page).toHaveURL(new RegExp(`filter=[^&]*${order.reference}`));
  await expect(page.locator('#main-content tbody tr')).toHaveCount(1);
  const row = page.getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Panadería El Trigal Ñuñoa S.A.S.');
  await expect(row).toContainText('Activada');
  await expect(row).toContainText('Efectivo');
  await shootScreens(page, 'orders-list');

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
  await expect(page.getByRole('heading', { name: `Orden de compra ${order.reference}` })).toBeVisible();
  await expect(page.getByTestId('order-lines')).toContainText(order.packageName);
  await expect(page.getByTestId('order-totals')).toContainText('Total Retenciones');
  const payments = page.getByTestId('order-payments');
  await expect(payments).toContainText('Pago en efectivo');
  await expect(payments).toContainText('Aprobado');
  await expect(payments).toContainText('Felipe Arango Duque');
  await expect(page.getByTestId('order-supports')).toContainText('consignación.png');
  await expect(page.getByTestId('order-licences')).toContainText('Activa');
  const history = page.getByTestId('order-history').getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.nth(0)).toContainText('Orden registrada: Esperando pago en efectivo');
  await expect(history.nth(1)).toContainText('Pago en efectivo aprobado');
  await expect(history.nth(1)).toContainText('Felipe Arango Duque (financiero)');
  await expect(history.nth(2)).toContainText('Esperando pago en efectivo → Pagada');
  await expect(history.nth(3)).toContainText('Pagada → Activada');
  await expect(history.nth(3)).toContainText('Licencias otorgadas');
  await shootScreens(page, 'orders-show');

  // 'Pagos en efectivo' names the order behind each payment.
  await page.goto('/admin/payments');
  await page.getByRole('tab', { name: 'Pagos aprobados' }).click();
  await page.getByPlaceholder('Buscar').fill(order.reference);
  await page.getByRole('row').filter({ hasText: order.reference }).getByRole('link', { name: order.reference }).click();
  await expect(page.getByRole('heading', { name: `Orden de compra ${order.reference}` })).toBeVisible();
});
