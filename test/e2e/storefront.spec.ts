import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, PASSWORD, PORT, revokeSession, STORE, storageSize, storedSession, STORE_HOME } from './support';

/**
 * The storefront shell against the built application: brands by host, sign-in and sign-out,
 * guarded routes, sign-in links, the message page and the end of a session pushed by the server.
 */

interface BrandBody {
  appName: string;
  title: string;
  theme: { palette: { primary: string }; faviconUrl: string; logoUrl: string };
  appInfo: { urlLandingPage: string };
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function brandOf(request: APIRequestContext, appName: string): Promise<BrandBody> {
  const response = await request.get(`/api/v1/brands/${appName}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as BrandBody;
}

/** Signs in through the form of the current page (/login). */
async function fillSignIn(page: Page, userName: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(userName);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

async function signInAsCustomer(page: Page) {
  await page.goto(`${STORE}/login`);
  await fillSignIn(page, 'cliente');
  // A customer lands on My Plan.
  await expect(page).toHaveURL(`${STORE}/myplan`);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
}

/** The sign-in link parameter: base64url of the JSON {token, refreshToken, userName, parameters?}. */
function loginLink(body: { token: string; refreshToken: string; userName?: string; parameters?: Record<string, unknown> }): string {
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

test.describe('storefront brands', () => {
  test('renders each brand of the host with its title, colours, logo and favicon', async ({ page, request }) => {
    const brands = [await brandOf(request, 'firmaya'), await brandOf(request, 'colnomina')];
    expect(brands[0].theme.palette.primary).not.toBe(brands[1].theme.palette.primary);
    for (const brand of brands) {
      await page.goto(`http://${brand.appName}.localhost:${PORT}/`);
      await expect(page).toHaveTitle(brand.title);
      await expect(page.locator('header').first()).toHaveCSS('background-color', rgb(brand.theme.palette.primary));
      await expect(page.getByRole('banner').getByRole('img', { name: brand.title })).toBeVisible();
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', brand.theme.faviconUrl);
      // Their home goes to the landing page, built into the store in the demo; store.spec.ts tries it.
      await expect(page).toHaveURL(`http://${brand.appName}.localhost:${PORT}/inicio`);
      await expect(page.getByRole('link', { name: 'Ver planes y precios' })).toBeVisible();
    }
  });
});

test.describe('sign-in', () => {
  test('a customer signs in at /login and signs out', async ({ page, request }) => {
    await signInAsCustomer(page);
    await expect(page.getByTestId('user-name')).toHaveText('Andrés');
    const session = await storedSession(page);
    expect(session).toMatchObject({ userName: 'cliente', appName: 'firmaya' });

    // Signing out from a guarded page (its session hub connected) goes to / without the
    // 'session ended' modal: our own logout is not news.
    const bound = page.waitForResponse((r) => r.url().endsWith('/api/user/validatesession'));
    await page.goto(`${STORE}/myplan`);
    await bound;
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveURL(STORE_HOME);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storageSize(page)).toBe(0);
    // RevokeToken ended the session on the server: its refresh token no longer works.
    const refresh = await request.post('/api/Login/RefreshToken', { data: { RefreshToken: session?.refreshToken, UserName: 'cliente' } });
    expect(refresh.status()).toBe(401);
  });

  test('shows the server message when the credentials are wrong', async ({ page }) => {
    await page.goto(`${STORE}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Ingresa tu usuario')).toBeVisible();
    await expect(page.getByText('Ingresa tu contraseña')).toBeVisible();
    await fillSignIn(page, 'consulta', 'no-es-la-clave');
    await expect(page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos.' })).toBeVisible();
    await expect(page).toHaveURL(`${STORE}/login`);
    expect(await storedSession(page)).toBeNull();
  });

  test('staff go on to the back office', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, 'comercial');
    await page.waitForURL(/\/admin(\/|$)/);
  });
});

test.describe('guarded and unguarded routes', () => {
  test('a guarded route without a session goes to sign-in and back after it', async ({ page }) => {
    await page.goto(`${STORE}/myplan`);
    await expect(page).toHaveURL(`${STORE}/login?from=%2Fmyplan`);
    await fillSignIn(page, 'cliente');
    await expect(page).toHaveURL(`${STORE}/myplan`);
    await expect(page.getByRole('heading', { name: 'Mi plan FirmaYa' })).toBeVisible();
  });

  test('an unguarded route opens without a session', async ({ page }) => {
    await page.goto(`${STORE}/cart/1`);
    await expect(page).toHaveURL(`${STORE}/cart/1`);
    await expect(page.getByRole('heading', { name: 'Planes y precios de FirmaYa', level: 1 })).toBeVisible();
  });

  test('a sign-in link signs in and goes to My Plan; a broken one signs out', async ({ page, request }) => {
    const result = await apiSession(request, 'cliente', 'firmaya');
    await page.goto(
      `${STORE}/myplan/${loginLink({ token: result.token, refreshToken: result.refreshToken, userName: 'cliente', parameters: { origen: 'correo' } })}`,
    );
    await expect(page).toHaveURL(`${STORE}/myplan`);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    expect(await storedSession(page)).toMatchObject({ userName: 'cliente', refreshToken: result.refreshToken });

    // An unknown single-segment address is not a link: the not-found view, still signed in.
    await page.goto(`${STORE}/paquetes`);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    expect(await storedSession(page)).toMatchObject({ userName: 'cliente', refreshToken: result.refreshToken });

    await page.goto(`${STORE}/${loginLink({ token: 'no-es-un-token', refreshToken: 'x' })}`);
    await expect(page).toHaveURL(STORE_HOME);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'enlace de inicio de sesión' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });
});

test.describe('message page', () => {
  test('/messageValidationEmail shows its image, title, text and the way to the landing page', async ({ page, request }) => {
    const brand = await brandOf(request, 'firmaya');
    await page.goto(`${STORE}/messageValidationEmail`);
    await expect(page.getByRole('heading', { name: '¡Revisa tu correo electrónico!' })).toBeVisible();
    await expect(page.getByText('Te enviamos un mensaje con las instrucciones para continuar.')).toBeVisible();
    await expect(page.locator('main svg').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir a la página principal' })).toHaveAttribute('href', brand.appInfo.urlLandingPage);

    const query = new URLSearchParams({ title: '¡Ocurrió un inconveniente!', text: 'No hemos podido procesar la solicitud, por favor inténtalo más tarde.' });
    await page.goto(`${STORE}/messageValidationEmail?${query}`);
    await expect(page.getByRole('heading', { name: '¡Ocurrió un inconveniente!' })).toBeVisible();
    await expect(page.getByText('No hemos podido procesar la solicitud, por favor inténtalo más tarde.')).toBeVisible();
  });
});

test.describe('session lifecycle', () => {
  test('a session revoked from another client shows the modal and lands on /', async ({ page, request }) => {
    await signInAsCustomer(page);
    // The hub connection is bound to the session: validatesession with its connection id.
    const bound = page.waitForResponse((r) => r.url().endsWith('/api/user/validatesession') && !!r.request().headers()['connectionid']);
    await page.goto(`${STORE}/myplan`);
    expect((await bound).status()).toBe(200);

    const session = await storedSession(page);
    expect(session).not.toBeNull();
    await revokeSession(request, session);

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The server's message (the session was closed from another client).
    await expect(dialog.getByText(/Inicia sesión nuevamente/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(STORE_HOME);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await storageSize(page)).toBe(0);
  });

  test('a session that already ended (validatesession answers 401) shows the modal and lands on /', async ({ page, request }) => {
    const result = await apiSession(request, 'cliente', 'firmaya');
    await revokeSession(request, result);

    // A link carrying the tokens of the ended session: the guarded page finds out from the server.
    await page.goto(`${STORE}/myplan/${loginLink({ token: result.token, refreshToken: result.refreshToken, userName: 'cliente' })}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Tu sesión ha finalizado. Inicia sesión nuevamente.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(STORE_HOME);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await storageSize(page)).toBe(0);
  });
});
