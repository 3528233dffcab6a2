import { expect, test } from '@playwright/test';
import { apiSession, DESKTOP, latestMail, pngBytes, PORT, registerCashOrder, shootScreens } from './support';

/**
 * The purchase summary and the cash proofs (issue 13 item 4, store §2, §4, §8): a cash order
 * registered as the purchase form does, the summary opened from the link of the order's e-mail,
 * the proof and the RUT attached (the name and a progress bar while each travels, then the stored
 * name in place of its button and the spec's modal), and a payments officer reads them back.
 */

const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const PNG = pngBytes(4096);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a cash buyer opens the summary from the order e-mail and attaches the proof and the RUT', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const { email } = await registerCashOrder(request, { buyer: 'tesoreria', legalName: 'Ferretería El Tornillo S.A.S.', fulladdress: 'Calle 26 # 13-19' });
  const placed = await latestMail(request, email, 'order-placed');
  const link = placed.links.find((l) => /\/summaryorder\/[0-9a-f-]{36}$/.test(l));
  expect(link, 'the order e-mail links its summary').toBeDefined();
  const reference = link!.split('/').pop()!;

  await page.goto(`${COLNOMINA}/summaryorder/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen de compra' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Paquetes de la orden' });
  await expect(table.getByRole('columnheader')).toHaveText(['Producto', 'Cantidad', 'Valor unitario', 'Descuento', 'IVA', 'Subtotal']);
  const totals = page.getByLabel('Totales');
  for (const label of ['Subtotal', 'Total descuentos', 'Total IVA', 'Retefuente', 'Reteiva', 'Reteica', 'Total Retenciones', 'Total'])
    await expect(totals.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
  // Money with Colombian thousands separators.
  await expect(totals).toContainText(/\$\d{1,3}(\.\d{3})+/);
  await shootScreens(page, 'summary-order-awaiting');

  for (const [label, title, name, bytes] of [
    ['Adjuntar Comprobante', 'Comprobante de pago', 'consignación Bancolombia.png', PNG],
    ['Adjuntar RUT', 'RUT', 'RUT Ferretería.pdf', PDF],
  ] as const) {
    await expect(page.getByRole('button', { name: label })).toBeVisible();
    await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType: name.endsWith('.pdf') ? 'application/pdf' : 'image/png', buffer: bytes });
    // While it travels: its name and a progress bar (shown 2 seconds at least, store §9).
    await expect(page.getByRole('progressbar', { name: `Cargando ${name}` })).toBeVisible();
    if (title === 'RUT') await page.screenshot({ path: 'test-results/screens/summary-order-progress-1366.png' });
    const done = page.getByRole('dialog', { name: '¡Se ha adjuntado el comprobante!' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('Debes esperar a que sea validado y aprobado; se te notificará al correo electrónico.');
    await done.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByRole('button', { name: label })).toHaveCount(0);
    await expect(page.getByTestId(`stored-${title}`)).toHaveText(name);
  }
  // The stored names survive a reload: they are the server's.
  await page.reload();
  await expect(page.getByTestId('stored-RUT')).toHaveText('RUT Ferretería.pdf');
  await shootScreens(page, 'summary-order-attached');

  // A file whose bytes are not an image, named .png: refused in the browser with the spec's text.
  await page.getByLabel('Adjuntar Comprobante', { exact: true }).setInputFiles({ name: 'falso.png', mimeType: 'image/png', buffer: PDF });
  const refused = page.getByRole('dialog', { name: '¡Lo sentimos!' });
  await expect(refused).toContainText('Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).');
  await refused.getByRole('button', { name: 'Aceptar' }).click();

  // Payments staff read the proof back, byte for byte.
  const { token } = await apiSession(request, 'financiero', 'license');
  const proof = await request.get('/license/api/purchaseorderlicense/getpaymentsupport', {
    headers: { Authorization: `Bearer ${token}`, ReferenceUuid: reference, SupportType: 'PAYMENT_SUPPORT' },
  });
  expect(proof.ok()).toBeTruthy();
  const file = ((await proof.json()) as { result: { resultUploadSupport: { fileName: string; base64: string } } }).result.resultUploadSupport;
  expect(file.fileName).toBe('consignación Bancolombia.png');
  expect(Buffer.from(file.base64, 'base64').equals(PNG)).toBe(true);
});

test('an unknown order shows that the purchase order is empty or does not exist', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${COLNOMINA}/summaryorder/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('¡Orden de compra vacía o no existe!')).toBeVisible();
  await shootScreens(page, 'summary-order-missing');
});
