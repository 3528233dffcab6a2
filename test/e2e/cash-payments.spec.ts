import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSession, DESKTOP, pngBytes, registerCashOrder, shootScreens, signInToAdmin } from './support';

/**
 * 'Pagos en efectivo' (issue 13 items 5 and 8, store §2, §6, §8): a cash order with its proof,
 * read-only for the consulta role, approved by the financiero, after which the order is paid and
 * its licence active.
 */

const PNG = pngBytes(2048);

/** A cash order of a paid colnomina base package for a company of its own, with its proof attached; its referenceUuid. */
async function cashOrderWithProof(request: APIRequestContext): Promise<string> {
  const { referenceUuid } = await registerCashOrder(request, { buyer: 'caja', legalName: 'Droguería La Ñapa S.A.S.', fulladdress: 'Carrera 7 # 32-16' });
  const upload = await request.post('/license/api/purchaseorderlicense/uploadPaymentSupport', {
    data: { referenceUuid, fileName: 'consignación.png', contentFileBase64: PNG.toString('base64'), supportType: 'PAYMENT_SUPPORT' },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  return referenceUuid;
}

/** The order's number (OC-n) from the resource API, as the screen shows it. */
async function paymentReference(request: APIRequestContext, referenceUuid: string): Promise<string> {
  const { token } = await apiSession(request, 'financiero', 'license');
  const list = await request.get(`/api/v1/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'PENDING' }))}&range=[0,499]`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = (await list.json()) as { referenceUuid: string; paymentReference: string }[];
  const row = rows.find((r) => r.referenceUuid === referenceUuid);
  expect(row, 'the order is in the pending tab').toBeDefined();
  return row!.paymentReference;
}

test('consulta sees the tabs read-only; the financiero approves a cash order and its licence is active', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const referenceUuid = await cashOrderWithProof(request);
  const reference = await paymentReference(request, referenceUuid);

  await signInToAdmin(page, 'consulta');
  await page.goto('/admin/payments');
  for (const tab of ['Pagos por aprobar', 'Pagos aprobados', 'Pagos rechazados']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByPlaceholder('Buscar').fill(reference);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Droguería La Ñapa S.A.S.');
  await expect(row.getByRole('button', { name: 'Aprobar' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Rechazar' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Exportar a Excel' })).toHaveCount(0);
  await shootScreens(page, 'cash-payments-consulta');
  await page.evaluate(() => sessionStorage.clear());

  await signInToAdmin(page, 'financiero');
  await page.goto('/admin/payments');
  await page.getByPlaceholder('Buscar').fill(reference);
  const pending = page.getByRole('row').filter({ hasText: reference });
  await expect(pending.getByRole('button', { name: 'Aprobar' })).toBeEnabled();
  await shootScreens(page, 'cash-payments-financiero');
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Se ha aprobado el pago satisfactoriamente')).toBeVisible();

  await page.getByRole('tab', { name: 'Pagos aprobados' }).click();
  await page.getByPlaceholder('Buscar').fill(reference);
  await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible();

  // The order is paid and its licence active: the status call answers OK14.
  const status = await request.get(`/license/api/PurchaseOrderLicense/GetStatusPurchaseOrder/${referenceUuid}/colnomina`, {
    headers: { countValidatePayment: '-1' },
  });
  const body = (await status.json()) as { result: { records: { result: boolean; code: string } } };
  expect(body.result.records).toMatchObject({ result: true, code: 'OK14' });
});
