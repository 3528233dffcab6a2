import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DENIED, signInToAdmin } from './support';

/**
 * The catalogue screens against the built application: a package created with an offer and an
 * image, found in the table, configured on 'Configurar paquetes' and deactivated; the
 * promo-codes-only mode of Configuración with a code created through the dialog; and the
 * privilege check of the packages screen.
 */

/** A small PNG (solid colour), built here so the upload is a real image checked by content. */
function png(width = 16, height = 16): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xef)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Bogotá calendar day from today, as the screens show and take it (dd/MM/yyyy). */
function bogotaDay(offsetDays = 0): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + offsetDays * 86_400_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** Picks an option of a react-admin autocomplete (multiselect) by typing part of it. */
async function pick(dialog: Locator, label: string, text: string) {
  const input = dialog.getByLabel(label);
  await input.click();
  await input.fill(text);
  await dialog.page().getByRole('option', { name: text }).first().click();
}

/** The quantity box of a feature in a package card. */
function quantity(card: Locator, feature: string) {
  return card.getByRole('textbox', { name: `Cantidad de ${feature}`, exact: true });
}

function alert(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

test.describe('catalogue', () => {
  test('superadmin creates a package with an offer and an image, configures its features and deactivates it', async ({ page }) => {
    test.setTimeout(120_000);
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const name = `Paquete e2e ${code.slice(4)}`;
    await signInToAdmin(page, 'superadmin');

    await test.step('create the package through the dialog', async () => {
      await page.goto('/admin/packages');
      await expect(page.getByRole('tab', { name: 'Crear paquetes' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'Configurar paquetes' })).toBeEnabled();
      await expect(page.getByRole('tab', { name: 'Próximamente' })).toBeDisabled();
      await page.getByRole('button', { name: 'Crear paquete' }).click();
      const dialog = page.getByTestId('package-dialog');
      await expect(dialog.getByRole('heading', { name: 'Crear paquete' })).toBeVisible();

      await dialog.getByRole('textbox', { name: 'Código', exact: true }).fill(code);
      await dialog.getByLabel('Nombre').fill(name);
      await dialog.getByLabel('Descripción').fill('Paquete creado por la prueba de extremo a extremo');
      // Digits only: what is not a digit is dropped as it is typed.
      await dialog.getByLabel('Precio (valor total)').pressSequentially('5a00000');
      await expect(dialog.getByLabel('Precio (valor total)')).toHaveValue('500000');
      // 500000 × 100 / 119, to 2 decimals.
      await expect(dialog.getByTestId('unit-price')).toHaveText('420.168,07');
      await expect(dialog.getByLabel('Orden')).not.toHaveValue('');
      await pick(dialog, 'Productos o servicios', 'Colnómina');
      await pick(dialog, 'Canales', 'Tienda virtual');

      await dialog.getByLabel('Aplicar oferta').check();
      await dialog.getByLabel('Valor total de la oferta').fill('600000');
      await dialog.getByLabel('Fecha inicio oferta').fill(bogotaDay());
      await dialog.getByLabel('Fecha fin oferta').fill(bogotaDay(-1));
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(dialog.getByText('El valor total de la oferta no puede superar el valor del paquete')).toBeVisible();
      await expect(dialog.getByText('Fecha fin oferta debe ser mayor o igual a la actual')).toBeVisible();
      await dialog.getByLabel('Valor total de la oferta').fill('50000');
      await dialog.getByLabel('Fecha fin oferta').fill(bogotaDay(30));

      await dialog.getByTestId('offer-image-input').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: png() });
      await expect(dialog.getByTestId('offer-image-preview').getByRole('img')).toBeVisible();

      // The summary editor makes only what the server keeps: bold from the toolbar, and a typed
      // address stays text (ra-input-rich-text's default editor would make it a link).
      const editor = dialog.locator('.ProseMirror');
      await editor.click();
      const bold = dialog.getByRole('button', { name: 'Negrita' });
      await bold.click();
      await editor.pressSequentially('Plan');
      await bold.click();
      await editor.pressSequentially(' con firma https://example.com y más');
      await expect(editor.locator('strong')).toHaveText('Plan');
      await expect(editor.locator('a')).toHaveCount(0);
      const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/packages');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      expect((await (await saved).json()).summaryHtml).toBe('<p><strong>Plan</strong> con firma https://example.com y más</p>');
      await expect(alert(page, 'El paquete se ha guardado exitosamente')).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await test.step('find it in the table', async () => {
      await page.getByPlaceholder('Buscar paquete').fill(code);
      const row = page.getByRole('row').filter({ hasText: code });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(name);
      await expect(row).toContainText('$500.000');
      await expect(row).toContainText('1 año');
      await expect(row.getByRole('switch', { name: 'Inactivar paquete' })).toBeChecked();
    });

    await test.step('configure two features and see them persisted', async () => {
      await page.getByRole('tab', { name: 'Configurar paquetes' }).click();
      await expect(page).toHaveURL(/tab=configure/);
      const search = page.getByLabel('Buscar paquete');
      await search.fill(code);
      await expect(page.getByText('Presiona la tecla Enter para filtrar tu búsqueda.')).toBeVisible();
      await search.press('Enter');
      const card = page.getByTestId(`package-card-${code}`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('package-price')).toContainText('$450.000');
      const save = page.getByRole('button', { name: 'Guardar Configuración' });
      await expect(save).toBeDisabled();

      const employees = card.getByRole('checkbox', { name: /^Empleados/ });
      const admins = card.getByRole('checkbox', { name: /^Usuarios administradores/ });
      await expect(employees).not.toBeChecked();
      await expect(quantity(card, 'Empleados')).toBeDisabled();
      await employees.check();
      await admins.check();
      await expect(quantity(card, 'Empleados')).toHaveValue('1');
      await quantity(card, 'Empleados').fill('25');
      // Letters revert to the previous value; the minus button never goes below 1.
      await quantity(card, 'Usuarios administradores').pressSequentially('x');
      await expect(quantity(card, 'Usuarios administradores')).toHaveValue('1');
      await expect(card.getByRole('button', { name: 'Disminuir la cantidad de Usuarios administradores' })).toBeDisabled();
      await expect(save).toBeEnabled();
      await save.click();
      await expect(alert(page, 'Las características se han actualizado exitosamente')).toBeVisible();
      await expect(save).toBeDisabled();

      await page.reload();
      await page.getByLabel('Buscar paquete').fill(code);
      await page.getByLabel('Buscar paquete').press('Enter');
      const reloaded = page.getByTestId(`package-card-${code}`);
      await expect(reloaded.getByRole('checkbox', { name: /^Empleados/ })).toBeChecked();
      await expect(reloaded.getByRole('checkbox', { name: /^Usuarios administradores/ })).toBeChecked();
      await expect(quantity(reloaded, 'Empleados')).toHaveValue('25');
      await expect(quantity(reloaded, 'Usuarios administradores')).toHaveValue('1');
    });

    await test.step('deactivate it with the switch and see it dimmed', async () => {
      await page.getByRole('tab', { name: 'Crear paquetes' }).click();
      await page.getByPlaceholder('Buscar paquete').fill(code);
      const row = page.getByRole('row').filter({ hasText: code });
      await expect(row).toHaveCount(1);
      await row.getByRole('switch', { name: 'Inactivar paquete' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Está seguro de que quiere inactivar este paquete?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Aceptar' }).click();
      await expect(alert(page, 'Se ha inactivado el paquete exitosamente')).toBeVisible();
      await expect(row.getByRole('switch', { name: 'Activar paquete' })).not.toBeChecked();
      await expect(row.locator('td.column-packageName')).toHaveCSS('opacity', '0.5');
    });

    await test.step('the inactive package still shows its image to staff, and to nobody else', async () => {
      const row = page.getByRole('row').filter({ hasText: code });
      const fetched = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/offer-image'));
      await row.getByRole('button', { name: `Editar ${code}` }).click();
      const dialog = page.getByTestId('package-dialog');
      const current = dialog.getByTestId('offer-image-preview').getByRole('img', { name: 'Imagen de la oferta actual' });
      await expect(current).toBeVisible();
      await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // Without the session (no bearer token) the same address answers as if there were no image.
      const address = (await fetched).url();
      expect((await page.request.get(address)).status()).toBe(404);
    });
  });

  test('promocode opens Configuración on the promo codes and creates one', async ({ page }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await signInToAdmin(page, 'promocode');
    await page.goto('/admin/configurations');
    await expect(page.getByRole('tab', { name: 'Códigos promocionales' })).toHaveAttribute('aria-selected', 'true');
    for (const other of ['Producto o servicio', 'Tipo características', 'Características del servicio']) {
      await expect(page.getByRole('tab', { name: other })).toBeDisabled();
    }
    const table = page.getByTestId('promo-codes-table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await table.getByLabel('Buscar').fill('no-existe-este-codigo');
    await expect(table.getByText('No existe información correspondiente a los criterios de búsqueda')).toBeVisible();
    await table.getByLabel('Buscar').fill('');

    await page.getByRole('button', { name: 'Crear código promocional' }).click();
    const dialog = page.getByTestId('promo-code-dialog');
    await expect(dialog.getByRole('heading', { name: 'Crear código promocional' })).toBeVisible();
    // Whitespace is stripped from the code as it is typed.
    await dialog.getByRole('textbox', { name: 'Código', exact: true }).pressSequentially(`${code.slice(0, 4)} ${code.slice(4)}`);
    await expect(dialog.getByRole('textbox', { name: 'Código', exact: true })).toHaveValue(code);
    await dialog.getByLabel('Descripción').fill('Código de la prueba de extremo a extremo: 15% de descuento');
    await dialog.getByLabel('Uso único').check();
    await expect(dialog.getByLabel('Cantidad de usos')).toHaveValue('1');
    await expect(dialog.getByLabel('Cantidad de usos')).toBeDisabled();
    await dialog.getByLabel('Valor del descuento').fill('15');
    // Valid from today until tomorrow unless changed.
    await expect(dialog.getByLabel('Inicio vigencia')).toHaveValue(bogotaDay());
    await expect(dialog.getByLabel('Fin vigencia')).toHaveValue(bogotaDay(1));
    await dialog.getByLabel('Fin vigencia').fill(bogotaDay(10));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Campo obligatorio')).toBeVisible();
    await dialog.getByLabel('Aplica al total de la compra').check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(alert(page, 'El código promocional se ha guardado exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    await table.getByLabel('Buscar').fill(code.toLowerCase());
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Uso único');
    await expect(row).toContainText('15,0 %');
    await expect(row).toContainText(bogotaDay(10));
    await expect(row).toContainText('Paula Ortiz Cárdenas');
  });

  test('superadmin works the four Configuración tabs: a service created, found, edited and deactivated', async ({ page }) => {
    const name = `Servicio E2E ${Date.now().toString(36)}`;
    await signInToAdmin(page, 'superadmin');
    await page.goto('/admin/configurations');
    for (const tab of ['Producto o servicio', 'Tipo características', 'Características del servicio', 'Códigos promocionales']) {
      await expect(page.getByRole('tab', { name: tab })).toBeEnabled();
    }
    // Each tab lists the demo catalogue with its audit columns.
    for (const [tab, table, text] of [
      ['Tipo características', 'feature-types-table', 'Almacenamiento'],
      ['Características del servicio', 'service-features-table', 'COLNOMINA_EMPLEADO'],
      ['Producto o servicio', 'services-table', 'Colnómina'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByTestId(table).getByRole('row').filter({ hasText: text }).first()).toBeVisible();
    }

    const table = page.getByTestId('services-table');
    await page.getByRole('button', { name: 'Crear producto o servicio' }).click();
    const dialog = page.getByTestId('service-dialog');
    await dialog.getByLabel('Tipo').click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('Descripción').fill('Creado por la prueba de extremo a extremo');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(alert(page, 'El producto o servicio se ha guardado exitosamente.')).toBeVisible();

    // The search ignores case and accents, and covers the audit names.
    await table.getByLabel('Buscar').fill(name.toUpperCase());
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Sara Valencia Mejía');
    await table.getByLabel('Buscar').fill('sara valencia mejia');
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await table.getByLabel('Buscar').fill(name);

    await row.getByRole('button', { name: `Editar ${name}` }).click();
    await expect(dialog.getByRole('heading', { name: 'Editar producto o servicio' })).toBeVisible();
    await dialog.getByLabel('Descripción').fill('Descripción editada');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Descripción editada');

    await row.getByRole('switch', { name: 'Inactivar producto o servicio' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Está seguro de que quiere inactivar este producto o servicio?' });
    await confirm.getByRole('button', { name: 'Aceptar' }).click();
    await expect(alert(page, 'Se ha inactivado el producto o servicio exitosamente.')).toBeVisible();
    await expect(row.getByRole('switch', { name: 'Activar producto o servicio' })).not.toBeChecked();
  });

  test('consulta cannot open the packages screen', async ({ page }) => {
    await signInToAdmin(page, 'consulta');
    await page.goto('/admin/packages');
    await expect(page.getByText(DENIED, { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Crear paquetes' })).toHaveCount(0);
  });
});
