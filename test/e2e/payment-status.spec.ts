import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { latestMail, PORT } from './support';

/**
 * The payment status page (/registerPurchaseOrder/statusOrder/{referenceUuid}, store §2, §4) on
 * colnomina against the built application: a free plan registered without payment shows
 * '¡Activación exitosa!' with the button to the app; an online order not yet confirmed shows
 * '¡Licencia pendiente por activar!' with the countdown of the next query; an unknown order
 * '¡Lo sentimos!' with 'Volver a la tienda'. Screenshots at 1366×900 and 390×844.
 */

const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

interface StorePackage {
  id: number;
  packageCode: string;
  packagePrice: number;
  applyOffer: boolean;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/payment-status-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0]!);
}

/** Verifies the buyer's e-mail for colnomina with the mailed code, as the form does. */
async function verifyEmail(request: APIRequestContext, email: string) {
  expect((await request.get('/license/api/purchaseorderlicense/checkisvalidemail', { headers: { pEmail: email, pAppName: 'colnomina' } })).ok()).toBeTruthy();
  const { code } = await latestMail(request, email, 'email-verification');
  const answer = await request.post('/license/api/purchaseorderlicense/validationmailcode', { data: { email, code, appName: 'colnomina' } });
  expect(answer.ok()).toBeTruthy();
}

const customer = (email: string, nit: string) => ({
  personType: 'J',
  documentTypeId: 4,
  documentNumber: nit,
  legalName: 'Empresa de Pruebas del Estado de Pago',
  cellphoneNumber: '3104445566',
  email,
  departmentId: 11,
  cityId: 11001,
  fulladdress: 'Carrera 8 # 6C-38',
  legalDocumentTypeId: 1,
  legalDocumentNumber: '79123456',
  legalFirstName: 'Luisa',
  legalLastName: 'Fernández Ríos',
});

async function register(request: APIRequestContext, email: string, pkg: StorePackage, paymentMethod: string): Promise<string> {
  const nit = String(930000000 + Math.floor(Math.random() * 9_999_999));
  const answer = await request.post('/license/api/PurchaseOrderLicense/RegisterPurchaseOrder', {
    data: {
      customerBilling: customer(email, nit),
      customerService: customer(email, nit),
      packagesToPurchase: [{ packageId: pkg.id, packageCode: pkg.packageCode, packageQuantity: 1 }],
      totalPurchase: pkg.packagePrice,
      paymentMethod,
      appName: 'colnomina',
    },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { result: { records: { referenceUuid: string } } }).result.records.referenceUuid;
}

test('the status page shows an activated free plan, a pending payment with its countdown and an unknown order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { result } = (await (await request.get('/license/api/package/GetPackagesByServiceName/colnomina')).json()) as { result: { records: StorePackage[] } };
  const free = result.records.find((p) => p.packagePrice === 0 && p.packageType.packageTypeCode === 'BAS');
  const paid = result.records.find((p) => p.packagePrice > 0 && !p.applyOffer && !p.priceByQuantity && p.packageType.packageTypeCode === 'CMP');
  expect(free && paid, 'a free base package and a complementary one on colnomina').toBeTruthy();
  const email = `estado.${Date.now()}@pruebas-pago.co`;
  await verifyEmail(request, email);

  const activated = await register(request, email, free!, 'SIN_PAGO');
  await page.goto(`${COLNOMINA}/registerPurchaseOrder/statusOrder/${activated}`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Activación exitosa!' })).toBeVisible();
  await expect(page.getByText('Te enviamos a tu correo electrónico las instrucciones para usar tu licencia.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ir a Colnómina' })).toBeVisible();
  await shoot(page, 'activated');
  const mail = await latestMail(request, email, 'activation');
  expect(mail.links.some((l) => l.endsWith('/myplan'))).toBe(true);

  const pending = await register(request, email, paid!, 'EN_LINEA');
  await page.goto(`${COLNOMINA}/registerPurchaseOrder/statusOrder/${pending}`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Licencia pendiente por activar!' })).toBeVisible();
  await expect(page.getByText(/Volveremos a consultar en \d+ segundos?\./)).toBeVisible();
  await shoot(page, 'pending');

  await page.goto(`${COLNOMINA}/registerPurchaseOrder/statusOrder/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Lo sentimos!' })).toBeVisible();
  await expect(page.getByText('La orden de compra no existe')).toBeVisible();
  await shoot(page, 'unknown');
  await page.getByRole('button', { name: 'Volver a la tienda' }).click();
  await expect(page).not.toHaveURL(/statusOrder/);
});
