import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession, DESKTOP, latestMail, PASSWORD, pngBytes, PORT, shootScreens, signInToAdmin } from './support';

/**
 * Issue 13 item 8, end to end as a buyer lives it: from My Plan to the store, paid (online through
 * the sandbox, or in cash with its proof approved by the financiero) or started as a trial from the
 * mailbox link, and back in My Plan, where the new licence shows.
 *
 * The buyer is the demo customer `cliente` (Distribuciones El Roble, NIT 900123456), signed in and
 * buying for its own company: the store creates no user for a company it activates, so a new
 * company has no way to sign in and see My Plan (docs/architecture.md, "Purchase journeys"). Its
 * Colnómina base plan is current, so what it can buy is a complementary package ('Paquete 10
 * empleados adicionales', from 'Comprar más' in My Plan); a free base plan ('Colnómina Gratis')
 * would be ER16 for it, so the free plan's journey (store-checkout.spec.ts) still ends on its
 * status page. The file runs after the specs that read the demo company's balances (my-plan,
 * licences): these purchases add to them.
 */

const COLNOMINA = `http://colnomina.localhost:${PORT}`;
const EXTRA = 'Paquete 10 empleados adicionales';
const TRIAL = 'Colnómina Prueba gratis';

/** Today in Bogotá as My Plan writes dates (dd/mm/yyyy). */
function today(): string {
  return new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
}

async function signIn(page: Page) {
  await page.goto(`${COLNOMINA}/login`);
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('cliente');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/myplan`);
  await expect(page.getByRole('heading', { name: 'Mi plan Colnómina' })).toBeVisible();
}

/** The rows of one of My Plan's tables ('Planes base', 'Paquetes complementarios') naming `name`. */
function planRows(page: Page, table: string, name: string): Locator {
  return page.getByRole('region', { name: table }).getByRole('row').filter({ hasText: name });
}

/** The employees the 'Empleados' card of My Plan counts in the plan ('Plan: 110'). */
async function employeesInPlan(page: Page): Promise<number> {
  const text = await page
    .getByRole('article', { name: 'Empleados' })
    .getByText(/^Plan: /)
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

/** My Plan (`reload`: opened again) shows one more row of `name` in `table` than `before`, started today and not pending. */
async function expectNewRow(page: Page, table: string, name: string, before: number, reload = true) {
  if (reload) await page.goto(`${COLNOMINA}/myplan`);
  await expect(page.getByRole('heading', { name: 'Mi plan Colnómina' })).toBeVisible();
  const rows = planRows(page, table, name);
  await expect(rows).toHaveCount(before + 1);
  const fresh = rows.filter({ hasText: today() });
  await expect(fresh.first()).toBeVisible();
  await expect(fresh.first()).not.toContainText('Pendiente activación');
}

/**
 * From My Plan to the purchase form: 'Comprar más Empleados' → the complementary package →
 * 'Agregar' → the cart → 'Continuar'. The form is the company's, locked; the billing e-mail is
 * changed to a fresh one (verified with the mailed code once the payment is chosen).
 */
async function buyMoreEmployees(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Comprar más Empleados' }).first().click();
  const offer = page.getByRole('dialog', { name: 'Paquetes complementarios' });
  await offer.getByRole('listitem', { name: EXTRA }).getByRole('button', { name: 'Agregar' }).click();
  const cart = page.getByRole('dialog').filter({ hasText: EXTRA });
  await cart.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de facturación y activación' })).toBeVisible();
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await expect(service.getByRole('textbox', { name: 'Número de documento', exact: true })).toHaveValue('900123456');
  await page.getByRole('checkbox', { name: 'Modificar datos de facturación' }).check();
  const email = `compras.${Date.now()}@elroble-pruebas.co`;
  await page
    .getByRole('region', { name: 'Datos de facturación' })
    .getByRole('textbox', { name: /Correo electrónico/ })
    .fill(email);
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  return email;
}

async function verifyEmail(page: Page, request: APIRequestContext, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  const mail = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
}

test('online through the sandbox: cliente buys more employees from My Plan, approves the payment, and the package is in My Plan', async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const before = await planRows(page, 'Paquetes complementarios', EXTRA).count();
  const employees = await employeesInPlan(page);

  const email = await buyMoreEmployees(page);
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  await verifyEmail(page, request, email);
  await page.waitForURL(/\/api\/v1\/payments\/checkout\?/, { timeout: 20_000 });
  const reference = new URL(page.url()).searchParams.get('paymentId')!;
  expect(new URL(page.url()).searchParams.get('docNumber')).toBe('900123456');
  await expect(page.getByRole('cell', { name: EXTRA })).toBeVisible();

  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/registerPurchaseOrder/statusOrder/${reference}`);
  await expect(page.getByRole('heading', { name: '¡Pago exitoso!' })).toBeVisible();

  // The status page's button to the application: the brand's My Plan, with the package and its ten employees.
  await page.getByRole('button', { name: 'Ir a Colnómina' }).click();
  await expect(page).toHaveURL(`${COLNOMINA}/myplan`);
  await expectNewRow(page, 'Paquetes complementarios', EXTRA, before, false);
  expect(await employeesInPlan(page)).toBe(employees + 10);
  await shootScreens(page, 'journey-online-myplan');
});

test('cash: cliente buys more employees, attaches the proof, the financiero approves, and the package is in My Plan', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const before = await planRows(page, 'Paquetes complementarios', EXTRA).count();
  const employees = await employeesInPlan(page);

  const email = await buyMoreEmployees(page);
  await page.getByRole('button', { name: 'Pago en efectivo' }).click();
  await verifyEmail(page, request, email);
  await page.getByRole('dialog', { name: 'Pago en efectivo' }).getByRole('button', { name: 'Continuar' }).click();
  const placed = page.getByRole('dialog', { name: '¡Perfecto!' });
  await expect(placed).toBeVisible({ timeout: 20_000 });
  await placed.getByRole('button', { name: 'Aceptar' }).click();
  await page.waitForURL(/\/summaryorder\/[0-9a-f-]{36}$/);
  const referenceUuid = page.url().split('/').pop()!;

  // The proof, from the order summary.
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen de compra' })).toBeVisible();
  await page
    .getByLabel('Adjuntar Comprobante', { exact: true })
    .setInputFiles({ name: 'consignación El Roble.png', mimeType: 'image/png', buffer: pngBytes(2048) });
  const attached = page.getByRole('dialog', { name: '¡Se ha adjuntado el comprobante!' });
  await attached.getByRole('button', { name: 'Aceptar' }).click();

  // Not active yet: My Plan has no new row of the package.
  await page.goto(`${COLNOMINA}/myplan`);
  await expect(page.getByRole('heading', { name: 'Mi plan Colnómina' })).toBeVisible();
  await expect(planRows(page, 'Paquetes complementarios', EXTRA).filter({ hasNotText: 'Pendiente activación' })).toHaveCount(before);
  expect(await employeesInPlan(page)).toBe(employees);

  // The financiero approves it in 'Pagos en efectivo' (the back office, its own browser session).
  const { token } = await apiSession(request, 'financiero', 'license');
  const pending = (await (
    await request.get(`/api/v1/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'PENDING' }))}&range=[0,499]`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { referenceUuid: string; paymentReference: string }[];
  const paymentReference = pending.find((r) => r.referenceUuid === referenceUuid)?.paymentReference;
  expect(paymentReference, 'the order is in the pending tab').toBeDefined();
  const office = await browser.newPage({ viewport: DESKTOP });
  await signInToAdmin(office, 'financiero');
  await office.goto('/admin/payments');
  await office.getByPlaceholder('Buscar').fill(paymentReference!);
  const row = office.getByRole('row').filter({ hasText: paymentReference! });
  await expect(row).toContainText('Distribuciones El Roble S.A.S.');
  await row.getByRole('button', { name: 'Aprobar' }).click();
  await expect(office.getByText('Se ha aprobado el pago satisfactoriamente')).toBeVisible();
  await office.close();

  await expectNewRow(page, 'Paquetes complementarios', EXTRA, before);
  expect(await employeesInPlan(page)).toBe(employees + 10);
  await shootScreens(page, 'journey-cash-myplan');
});

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("trial: cliente starts Colnómina's free trial, follows the mailbox link, and the trial plan is in My Plan", async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const before = await planRows(page, 'Planes base', TRIAL).count();

  await page.goto(`${COLNOMINA}/freeTrial`);
  const form = page.getByRole('form', { name: '¡Prueba Colnómina gratis!' });
  await expect(form).toBeVisible();
  const email = `prueba.${Date.now()}@elroble-pruebas.co`;
  await form.getByRole('radio', { name: 'Persona jurídica' }).check();
  await form.getByRole('textbox', { name: 'Número de documento', exact: true }).fill('900123456');
  await form.getByRole('textbox', { name: /Razón social/ }).fill('Distribuciones El Roble S.A.S.');
  await form.getByRole('textbox', { name: /Teléfono|Celular/ }).fill('3104445566');
  await form.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await pick(form, page, /Departamento/, 'Bogotá, D.C.');
  await pick(form, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await form.getByRole('textbox', { name: /^Dirección/ }).fill('Calle 26 # 59-51');
  const representative = form.getByRole('textbox', { name: /Documento del representante/ });
  if (await representative.count()) {
    await representative.fill('79123456');
    await form.getByRole('textbox', { name: /Nombres del representante/ }).fill('Andrés');
    await form.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Gómez Salazar');
  }
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '¡Revisa tu Email!' })).toBeVisible();

  const mail = await latestMail(request, email, 'trial-link');
  const link = mail.links.find((l) => l.includes('/freeTrial/activate#'));
  expect(link, 'the activation link in the mail').toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('dialog', { name: '¡Tu prueba gratis está activa!' })).toBeVisible();

  await expectNewRow(page, 'Planes base', TRIAL, before);
  await shootScreens(page, 'journey-trial-myplan');
});
