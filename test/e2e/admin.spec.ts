import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSession, DENIED, fillAdminSignIn, keepSession, revokeSession, STORE, storageSize, storedSession, STORE_HOME } from './support';

/**
 * The back-office shell against the built application: sign-in, the menu each staff role sees,
 * the privilege check of the pages, sign-out, the end of a session pushed by the session hub,
 * a customer let in to its own dashboard only, and the users administration.
 */

const MENU = ['Configuración', 'Paquetes', 'Órdenes de compra', 'Licencias y consumos', 'Informes', 'Pagos', 'Convenios'];

/** The privilege matrix as the back-office menu shows it, and where each role lands after sign-in. */
const ROLES = [
  { user: 'superadmin', name: 'Sara Valencia Mejía', menu: MENU, landing: '/admin/configurations', denied: undefined },
  {
    user: 'comercial',
    name: 'Carlos Rendón Ospina',
    menu: ['Configuración', 'Licencias y consumos'],
    landing: '/admin/configurations',
    denied: '/admin/payments',
  },
  { user: 'promocode', name: 'Paula Ortiz Cárdenas', menu: ['Configuración'], landing: '/admin/configurations', denied: '/admin/licenses' },
  {
    user: 'financiero',
    name: 'Felipe Arango Duque',
    menu: ['Órdenes de compra', 'Licencias y consumos', 'Informes', 'Pagos'],
    landing: '/admin/licenses',
    denied: '/admin/configurations',
  },
  { user: 'consulta', name: 'Camila Restrepo Gil', menu: ['Órdenes de compra', 'Informes', 'Pagos'], landing: '/admin/reports', denied: '/admin/agreements' },
] as const;

/** Signs in on /admin/login and waits until the session hub has bound the connection to the session. */
async function signIn(page: Page, user: string, origin = '') {
  await page.goto(`${origin}/admin/login`);
  const bound = page.waitForResponse((r) => r.url().includes('/api/user/validatesession') && !!r.request().headers()['connectionid'] && r.ok());
  await fillAdminSignIn(page, user);
  await expect(page.getByTestId('main-menu')).toBeVisible();
  await bound;
}

/** The user menu of the app bar (its button shows the user's name; its accessible name is 'Perfil'). */
async function openUserMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Perfil' }).click();
}

function menuEntries(page: Page) {
  return page.getByTestId('main-menu').getByRole('menuitem');
}

async function withPage<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('back office shell', () => {
  test('the sign-in page loads without the resource screens', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/admin/configurations');
    await expect(page).toHaveURL('/admin/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((path) => path.startsWith('/admin/assets/'))).toBeTruthy();
    const screens = scripts.filter((path) => /(UserList|UserEdit|RoleMatrix|Page|List|Dialog|Configurator|session-hub)-/.test(path));
    expect(screens).toEqual([]);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/admin/login');
    await fillAdminSignIn(page, 'consulta', 'no-es-la-clave');
    await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos.');
    await expect(page).toHaveURL('/admin/login');
  });

  for (const role of ROLES) {
    test(`${role.user} sees exactly the menu of its privileges`, async ({ page }) => {
      await signIn(page, role.user);
      await expect(page).toHaveURL(role.landing);
      await expect(menuEntries(page)).toHaveText([...role.menu]);
      await expect(page.getByRole('banner')).toContainText(role.name);
      if (role.menu.includes('Órdenes de compra')) {
        // Those who read payments open the orders (issue 13 item 6); it is never where they land.
        await expect(menuEntries(page).filter({ hasText: 'Órdenes de compra' })).not.toHaveAttribute('aria-disabled', 'true');
      }
      // The landing page is one the role may open: its screen ('Informes' is its cards).
      await expect(page.getByText(DENIED, { exact: true })).toHaveCount(0);
      const screen = page.getByRole('tablist').or(page.locator('#main-content').getByRole('textbox', { name: 'Buscar' }));
      await expect(screen.or(page.getByTestId('report-cards')).first()).toBeVisible();
      if (role.denied) {
        await page.goto(role.denied);
        await expect(page.getByText(DENIED, { exact: true })).toBeVisible();
      }
    });
  }

  test('the cart badge counts the storefront cart', async ({ page }) => {
    await signIn(page, 'comercial');
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('aria-label', 'Carrito de compras: 0 productos');
    await page.evaluate(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { packageCode: 'A', number: 2 },
          { packageCode: 'B', number: 1 },
        ]),
      ),
    );
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('aria-label', 'Carrito de compras: 3 productos');
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('href', '/license/viewCartMenu');
  });

  test('logout returns to the sign-in page and the old token no longer works', async ({ page, request }) => {
    await signIn(page, 'financiero');
    const session = await storedSession(page);
    expect(session).not.toBeNull();
    const before = await request.post('/api/user/validatesession', { headers: { Authorization: `Bearer ${session?.token}` } });
    expect(before.status()).toBe(200);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL('/admin/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    // No ended-session modal for one's own logout.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storedSession(page)).toBeNull();

    const after = await request.post('/api/user/validatesession', { headers: { Authorization: `Bearer ${session?.token}` } });
    expect(after.status()).toBe(401);
  });

  test('a session revoked from another client shows the modal and Aceptar goes to /', async ({ page, request }) => {
    await signIn(page, 'consulta', STORE);
    const session = await storedSession(page);
    expect(session).not.toBeNull();

    // Another client (the API, from outside the browser) ends the browser's session.
    await revokeSession(request, session);

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Sesión finalizada');
    await expect(dialog.getByRole('button', { name: 'Aceptar' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(STORE_HOME);
    expect(await storageSize(page)).toBe(0);
  });

  test('a session that ended while the page was closed is reported on the next visit', async ({ page, request }) => {
    const session = await apiSession(request, 'financiero', 'license');
    await revokeSession(request, session);

    await page.goto(`${STORE}/admin/login`);
    await keepSession(page, session);
    // The token has not expired, so the shell opens; the hub and validatesession (401) find the session ended.
    await page.goto(`${STORE}/admin/licenses`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Tu sesión ha finalizado. Inicia sesión nuevamente.');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(STORE_HOME);
    expect(await storageSize(page)).toBe(0);
  });

  test('a customer token on a staff page gets the privilege-denied text and keeps its session', async ({ page, request }) => {
    const session = await apiSession(request, 'cliente', 'firmaya');
    await page.goto(`${STORE}/admin/login`);
    await keepSession(page, session);
    await page.goto(`${STORE}/admin/configurations`);
    await expect(page.getByText(DENIED, { exact: true })).toBeVisible();
    expect(await storedSession(page)).not.toBeNull();
  });

  test("a customer signing in to the back office lands on its 'Productos adquiridos'", async ({ page }) => {
    await page.goto(`${STORE}/admin/login`);
    await fillAdminSignIn(page, 'cliente');
    await expect(page).toHaveURL(`${STORE}/admin/dashboard`);
  });
});

test.describe('users administration', () => {
  test('only superadmin reaches the users screens', async ({ page }) => {
    await signIn(page, 'comercial');
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Usuarios' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin/users');
    await expect(page.getByText(DENIED, { exact: true })).toBeVisible();
  });

  test('superadmin searches users and reads the privilege matrix', async ({ page }) => {
    await signIn(page, 'superadmin');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL(/\/admin\/users/);
    await expect(page.getByRole('row')).toHaveCount(7);
    await page.getByPlaceholder('Buscar').fill('rendon');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('comercial');

    await page.goto('/admin/roles');
    const matrix = page.getByRole('table', { name: 'Roles y privilegios' });
    await expect(matrix).toBeVisible();
    await expect(matrix.getByRole('columnheader', { name: /Superadministrador/ })).toBeVisible();
    await expect(matrix.getByRole('rowheader', { name: /USERS_ADMIN/ })).toBeVisible();
  });

  test('a stale edit is refused with a clear message (409)', async ({ page, request }) => {
    await signIn(page, 'superadmin');
    const session = await storedSession(page);
    const auth = { Authorization: `Bearer ${session?.token}` };
    const list = await request.get('/api/v1/users?filter=%7B%22q%22%3A%22promocode%22%7D', { headers: auth });
    const [user] = (await list.json()) as { id: string; version: number; roleCode: string }[];

    await page.goto(`/admin/users/${user.id}`);
    await expect(page.getByLabel('Habilitado', { exact: true })).toBeChecked();
    // Someone else changes the user meanwhile.
    const changed = await request.put(`/api/v1/users/${user.id}`, { headers: auth, data: { roleCode: 'LICENSECOMERCIAL', version: user.version } });
    expect(changed.status()).toBe(200);

    await page.getByLabel('Habilitado', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Otra persona modificó este registro' })).toBeVisible();

    const current = (await (await request.get(`/api/v1/users/${user.id}`, { headers: auth })).json()) as { version: number; enabled: boolean };
    expect(current.enabled).toBe(true);
    await request.put(`/api/v1/users/${user.id}`, { headers: auth, data: { roleCode: 'LICENSEPROMOCODE', version: current.version } });
  });

  test("disabling a user ends that user's open session with the modal", async ({ browser, page }) => {
    await withPage(browser, async (target) => {
      await signIn(target, 'promocode', STORE);

      await signIn(page, 'superadmin');
      await page.goto('/admin/users');
      await page.getByPlaceholder('Buscar').fill('promocode');
      await expect(page.getByRole('row')).toHaveCount(2);
      await page.getByRole('row').nth(1).click();
      await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]+$/);
      await page.getByLabel('Habilitado', { exact: true }).uncheck();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page).toHaveURL(/\/admin\/users(\?|$)/);

      const dialog = target.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Sesión finalizada');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await expect(target).toHaveURL(STORE_HOME);

      // Enabled again, the user signs in as before.
      await page.getByRole('row').filter({ hasText: 'promocode' }).click();
      await page.getByLabel('Habilitado', { exact: true }).check();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page).toHaveURL(/\/admin\/users(\?|$)/);
      await signIn(target, 'promocode', STORE);
      await expect(menuEntries(target)).toHaveText(['Configuración']);
    });
  });
});
