import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PORT, SCREEN_SIZES, DESKTOP } from './support';

/**
 * 'Dirección' of the purchase form with a maps provider: the browser's calls to /api/v1/maps are
 * answered here (the built server runs without MAPS_API_KEY, and Google cannot be reached); the
 * server's side is covered by backend/src/maps/maps.api.spec.ts. Screenshots with the suggestions
 * open at 1366×900 and 390×844.
 */
const COLNOMINA = `http://colnomina.localhost:${PORT}`;

async function mapsAnswered(page: Page) {
  await page.route('**/api/v1/maps/settings', (route) => route.fulfill({ json: { enabled: true, country: 'co' } }));
  await page.route('**/api/v1/maps/suggestions?*', (route) =>
    route.fulfill({
      json: {
        suggestions: [
          {
            placeId: 'p1',
            description: 'Calle 10 #43-12, El Poblado, Medellín, Antioquia, Colombia',
            mainText: 'Calle 10 #43-12',
            secondaryText: 'El Poblado, Medellín, Antioquia, Colombia',
          },
          { placeId: 'p2', description: 'Calle 10 #5-20, Bogotá, Colombia', mainText: 'Calle 10 #5-20', secondaryText: 'Bogotá, Colombia' },
          {
            placeId: 'p3',
            description: 'Calle 10 #12-30, Cali, Valle del Cauca, Colombia',
            mainText: 'Calle 10 #12-30',
            secondaryText: 'Cali, Valle del Cauca, Colombia',
          },
        ],
      },
    }),
  );
  await page.route('**/api/v1/maps/places/*', (route) =>
    route.fulfill({
      json: {
        placeId: 'p1',
        fulladdress: 'Cl. 10 #43-12, El Poblado, Medellín, Antioquia, Colombia',
        latitude: 6.2086,
        longitude: -75.5672,
        departmentId: 5,
        cityId: 5001,
      },
    }),
  );
}

async function toPurchaseForm(page: Page, request: APIRequestContext) {
  const answer = await request.get(`/license/api/package/GetPackagesByServiceName/colnomina`);
  const { result } = (await answer.json()) as {
    result: { records: { packageName: string; packagePrice: number; priceByQuantity?: boolean; packageType: { packageTypeCode: string } }[] };
  };
  const pkg = result.records.find((p) => p.packagePrice > 0 && !p.priceByQuantity && ['BAS', 'CMB'].includes(p.packageType.packageTypeCode))!;
  await page.goto(`${COLNOMINA}/cart`);
  await page
    .getByRole('button', { name: `COMPRAR YA! ${pkg.packageName}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: /Carrito de compras|Colnómina/ })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page).toHaveURL(`${COLNOMINA}/license/RegisterPurchaseExt`);
}

test('with a maps provider, Dirección suggests Colombian addresses and a choice fills address, department and city', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await mapsAnswered(page);
  await toPurchaseForm(page, request);
  const billing = page.getByRole('region', { name: 'Datos de facturación' });
  const address = billing.getByRole('combobox', { name: /^Dirección/ });
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await address.fill('');
    await address.pressSequentially('Calle 10', { delay: 30 });
    await expect(page.getByRole('option', { name: /Calle 10 #43-12/ })).toBeVisible();
    await address.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/maps-suggestions-${size.width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(DESKTOP);
  // The resize may close the list: open it again and wait for the suggestion before choosing it.
  const choice = page.getByRole('option', { name: /Calle 10 #43-12/ });
  if (!(await choice.isVisible())) await address.press('ArrowDown');
  await expect(choice).toBeVisible();
  await choice.click();
  await expect(address).toHaveValue('Cl. 10 #43-12, El Poblado, Medellín, Antioquia, Colombia');
  await expect(billing.getByRole('combobox', { name: /Departamento/ })).toHaveText('Antioquia');
  await expect(billing.getByRole('combobox', { name: /Ciudad o municipio/ })).toHaveText('Medellín');
});
