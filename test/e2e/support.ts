import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * What the browser tests share: the server's port, the demo users' password, a store brand's
 * host, the stored session, and signing in to the back office.
 */

export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The password of every demo user (DEMO_DATA). */
export const PASSWORD = 'Licencias2026*';
/**
 * A store brand's host: there `/` is the storefront, while on localhost (the licence app) `/`
 * opens the back office. Sessions are host-independent on the server, so API calls from a test
 * may go to localhost.
 */
export const STORE = `http://firmaya.localhost:${PORT}`;
/**
 * Where `/` of the store brand ends: firmaya's home goes to its landing page (store §2), which the
 * demo builds into the store (`/inicio`).
 */
export const STORE_HOME = new RegExp(`^${STORE.replace(/[.]/g, '\\.')}/(inicio)?$`);
export const DENIED = 'No tienes los suficientes privilegios para realizar esta acción.';

/** Where both front ends keep the session (sessionStorage). */
export const SESSION_KEY = 'licencias.session';

export type StoredSession = { token: string; refreshToken: string; userName: string; appName: string };

export async function storedSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate((key) => {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  }, SESSION_KEY);
}

/** How many entries the page keeps in session and local storage (0 after signing out). */
export async function storageSize(page: Page): Promise<number> {
  return page.evaluate(() => sessionStorage.length + localStorage.length);
}

/** Fills the back office's sign-in form on the current page and submits it. */
export async function fillAdminSignIn(page: Page, user: string, password = PASSWORD) {
  await page.locator('input[name="username"]').fill(user);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Signs in at /admin/login and waits for the back office's menu. */
export async function signInToAdmin(page: Page, user = 'superadmin') {
  await page.goto('/admin/login');
  await fillAdminSignIn(page, user);
  await expect(page.getByTestId('main-menu')).toBeVisible();
}

/** Signs a demo user in through the API (POST /api/Login/Authenticate), outside the browser. */
export async function apiSession(request: APIRequestContext, userName: string, appName: string): Promise<StoredSession> {
  const answer = await request.post('/api/Login/Authenticate', { data: { UserName: userName, Password: PASSWORD, Appname: appName } });
  expect(answer.ok()).toBeTruthy();
  const { result } = (await answer.json()) as { result: { token: string; refreshToken: string } };
  return { token: result.token, refreshToken: result.refreshToken, userName, appName };
}

/** Another client ends the session (PUT /api/login/RevokeToken with its refresh token). */
export async function revokeSession(request: APIRequestContext, session: StoredSession | null) {
  const revoked = await request.put('/api/login/RevokeToken', {
    data: { UserName: session?.userName, Quantity: 1, AppName: session?.appName, RefreshToken: session?.refreshToken },
  });
  expect(revoked.status()).toBe(200);
}

/** Puts a session in the page's sessionStorage, as a front end that signed in keeps it. */
export async function keepSession(page: Page, session: StoredSession) {
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
}

/** A message of the development mailbox with its content (GET /api/v1/mail-messages/{id}). */
export type MailboxMessage = {
  id: number;
  to: string;
  subject: string;
  template: string;
  state: string;
  html: string;
  text: string;
  links: string[];
  code: string | null;
};

/**
 * The newest message to `to` in the development mailbox (optionally of one `template`, e.g.
 * `email-verification`, `trial-link`), read through the mailbox API as the superadmin; waits up
 * to 15 s for it to arrive. Its `code` is the verification code, `links` its http(s) links.
 */
export async function latestMail(request: APIRequestContext, to: string, template?: string): Promise<MailboxMessage> {
  const { token } = await apiSession(request, 'superadmin', 'license');
  const headers = { Authorization: `Bearer ${token}` };
  const filter = encodeURIComponent(JSON.stringify({ to: to.trim().toLowerCase(), ...(template ? { template } : {}) }));
  let newest: { id: number } | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/v1/mail-messages?filter=${filter}&range=[0,0]`, { headers });
        newest = ((await answer.json()) as { id: number }[])[0];
        return newest !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const detail = await request.get(`/api/v1/mail-messages/${newest!.id}`, { headers });
  expect(detail.ok()).toBeTruthy();
  return (await detail.json()) as MailboxMessage;
}

/** The desktop and the phone size every screen is looked at in (1366×900, 390×844). */
export const DESKTOP = { width: 1366, height: 900 };
export const SCREEN_SIZES = [DESKTOP, { width: 390, height: 844 }];

/**
 * Full-page screenshots at both sizes, from the top, kept as test-results/screens/{name}-{width}.png;
 * each fails when anything is wider than the screen. Ends at the desktop size.
 */
export async function shootScreens(page: Page, name: string) {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/${name}-${size.width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(DESKTOP);
}

/** Bytes a server takes for a PNG image: its signature and `size` bytes after it. */
export function pngBytes(size: number): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size, 1)]);
}

interface StorePackage {
  id: number;
  packageCode: string;
  packagePrice: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

/**
 * A cash order of a paid colnomina base package, registered as the purchase form does, for a
 * company of its own (a unique NIT, `legalName` at `fulladdress` in Bogotá) whose buyer e-mail
 * (`{buyer}.{time}@dian-pruebas.co`) was verified with the mailed code.
 */
export async function registerCashOrder(
  request: APIRequestContext,
  { buyer, legalName, fulladdress }: { buyer: string; legalName: string; fulladdress: string },
): Promise<{ email: string; referenceUuid: string }> {
  const packages = (await (await request.get('/license/api/package/GetPackagesByServiceName/colnomina')).json()) as { result: { records: StorePackage[] } };
  const pkg = packages.result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && p.packageType.packageTypeCode === 'BAS');
  expect(pkg, 'a paid base package on colnomina').toBeDefined();
  const email = `${buyer}.${Date.now()}@dian-pruebas.co`;
  expect((await request.get('/license/api/purchaseorderlicense/checkisvalidemail', { headers: { pEmail: email, pAppName: 'colnomina' } })).ok()).toBeTruthy();
  const { code } = await latestMail(request, email, 'email-verification');
  expect((await request.post('/license/api/purchaseorderlicense/validationmailcode', { data: { email, code, appName: 'colnomina' } })).ok()).toBeTruthy();
  const company = {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: String(900000000 + (Date.now() % 99_999_999)),
    legalName,
    departmentId: 11,
    cityId: 11001,
    fulladdress,
  };
  const answer = await request.post('/license/api/PurchaseOrderLicense/RegisterPurchaseOrder', {
    data: {
      customerBilling: { ...company, cellphoneNumber: '6013344556', email },
      customerService: {
        ...company,
        cellphoneNumber: '3001234567',
        email: `nomina.${Date.now()}@dian-pruebas.co`,
        legalDocumentTypeId: 1,
        legalDocumentNumber: '52123456',
        legalFirstName: 'Marta',
        legalLastName: 'Gómez Pardo',
      },
      packagesToPurchase: [{ packageId: pkg!.id, packageCode: pkg!.packageCode, packageQuantity: 1 }],
      promotionCodeUse: null,
      totalPurchase: pkg!.packagePrice,
      paymentMethod: 'EFECTIVO',
      appName: 'colnomina',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const referenceUuid = ((await answer.json()) as { result: { records: { referenceUuid: string } } }).result.records.referenceUuid;
  return { email, referenceUuid };
}

/** A package as the store lists it. */
export interface StoreListedPackage {
  packageName: string;
  packageCode: string;
  packagePrice: number;
  priceByQuantity?: boolean;
  packageType: { packageTypeCode: string };
}

async function pick(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillCompany(page: Page, section: Locator, data: { nit: string; legalName: string; phone: string; email: string }) {
  await section.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(data.nit);
  await section.getByRole('textbox', { name: /Razón social/ }).fill(data.legalName);
  await section.getByRole('textbox', { name: /Teléfono|Celular/ }).fill(data.phone);
  await section.getByRole('textbox', { name: /Correo electrónico/ }).fill(data.email);
  await pick(section, page, /Departamento/, 'Bogotá, D.C.');
  await pick(section, page, /Ciudad o municipio/, 'Bogotá, D.C.');
  await section.getByRole('textbox', { name: /^Dirección/ }).fill('Carrera 8 # 6C-38');
}

/**
 * An online purchase up to its last click, as a visitor of `appName` at `origin` makes it: 'COMPRAR
 * YA!' on a paid base package, the form with a company of its own (a paid order activates a base
 * plan for the activation document, so each order has its own NIT), 'Pago en línea', and the
 * mailed code typed in. Answers the package, the NIT and the 'Verificar' button that registers the order.
 */
export async function fillOnlinePurchase(
  page: Page,
  request: APIRequestContext,
  { origin, appName, legalName }: { origin: string; appName: string; legalName: string },
): Promise<{ pkg: StoreListedPackage; nit: string; verify: Locator }> {
  const answer = await request.get(`/license/api/package/GetPackagesByServiceName/${appName}`);
  expect(answer.ok()).toBeTruthy();
  const { result } = (await answer.json()) as { result: { records: StoreListedPackage[] } };
  const pkg = result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && p.packageType.packageTypeCode === 'BAS');
  expect(pkg, `a paid base package on ${appName}`).toBeDefined();
  await page.goto(`${origin}/cart`);
  await page
    .getByRole('button', { name: `COMPRAR YA! ${pkg!.packageName}` })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proceso de facturación y activación' })).toBeVisible();
  const stamp = Date.now();
  const nit = `9${String(stamp).slice(-8)}`;
  const company = { nit, legalName: `${legalName} ${stamp} S.A.S.` };
  const email = `pagos.${stamp}@empresa-pruebas.co`;
  await fillCompany(page, page.getByRole('region', { name: 'Datos de facturación' }), { ...company, phone: '6017428973', email });
  const service = page.getByRole('region', { name: 'Datos de activación' });
  await fillCompany(page, service, { ...company, phone: '3104445566', email: `nomina.${stamp}@empresa-pruebas.co` });
  await service.getByRole('textbox', { name: /Documento del representante/ }).fill('79123456');
  await service.getByRole('textbox', { name: /Nombres del representante/ }).fill('Luisa');
  await service.getByRole('textbox', { name: /Apellidos del representante/ }).fill('Fernández Ríos');
  await page.getByRole('checkbox', { name: /Acepto la Política/ }).check();
  await page.getByRole('button', { name: 'Pago en línea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifica tu correo electrónico' });
  await expect(dialog).toBeVisible();
  const mail = await latestMail(request, email, 'email-verification');
  await dialog.getByRole('textbox', { name: /Código de verificación/ }).fill(mail.code!);
  return { pkg: pkg!, nit, verify: dialog.getByRole('button', { name: 'Verificar' }) };
}
