import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession, latestMail, PORT } from './support';

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

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillSection(page: Page, section: Locator, data: { nit: string; phone: string; email: string }) {
  await section.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(data.nit);
  await section.getByRole('textbox', { name: /Razón social/ }).fill('Empresa del Plan Gratis');
  await section.getByRole('textbox', { name: /Teléfono|Celular/ }).fill(data.phone);
  await section.getByRole('textbox', { name: /Correo electrónico/ }).fill(data.email);
  await pick(section, page, /Departamento/, 'Bogotá, D.C.');
  await pick(section, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await section.getByRole('textbox', { name: /^Dirección/ }).fill('Carrera 8 # 6C-38');
}

test("a visitor activates colnomina's free plan from the store, and the company's My Plan holds it", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  await page.goto(`${COLNOMINA}/cart`);
  await page.getByRole('button', { name: 'COMPRAR YA! Colnómina Gratis' }).first().click();
  await page
    .getByRole('dialog', { name: /Carrito de compras|Colnómina Gratis/ })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de activación de licencia' })).toBeVisible();

  const nit = String(940000000 + Math.floor(Math.random() * 9_999_999));
  const email = `gratis.${Date.now()}@pruebas-pago.co`;
  // Nothing to bill: the activation data only (it bills too).
  await expect(page.getByRole('region', { name: 'Datos de facturación' })).toHaveCount(0);
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await fillSection(page, service, { nit, phone: '3104445566', email });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('79123456');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Luisa');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Fernández Ríos');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await page.getByRole('button', { name: 'Activar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  const { code } = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(code!);
  await dialog.getByRole('button', { name: 'Verificar' }).click();

  await expect(page).toHaveURL(/\/registerPurchaseOrder\/statusOrder\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: '¡Activación exitosa!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

  // The company's My Plan, as staff read it: the free plan, active.
  const { token } = await apiSession(request, 'superadmin', 'license');
  const plan = await request.post('/license/api/License/GetDetailLicenseCustomerMyPlan', {
    headers: { Authorization: `Bearer ${token}` },
    data: { DocumentType: 4, DocumentNumber: nit, ServiceName: 'colnomina' },
  });
  expect(plan.ok(), await plan.text()).toBeTruthy();
  const { result } = (await plan.json()) as { result: { records: { packagesActiveInfo: { packageCode: string; isActivated: boolean }[] } } };
  expect(result.records.packagesActiveInfo).toEqual([expect.objectContaining({ packageCode: 'CN-GRATIS', isActivated: true })]);
});
