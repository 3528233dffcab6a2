import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signInToAdmin } from './support';

/**
 * 'Convenios' against the built application: a superadmin creates an agreement for a new company
 * through the five steps of 'Nuevo Convenio' (product FirmaYa), finds it in the list, opens
 * 'Detalle de convenio', adds a service in 'Editar Convenio' with a ticket and sees the
 * modification in 'Historial de modificaciones'; the company's licence shows in 'Licencias y
 * consumos'. Screenshots of the list, the wizard's steps,
 * the edit screen and the detail at 1366×900 and 390×844 go to test-results/screens/.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A new company: a 9-digit NIT that is not one of the demo companies. */
const NIT = '900765432';
const CONTRACT_NUMBER = `E2E-${Date.now()}`;
const TICKET = 'TK2026E2E';

/** A Bogotá day plus some days, as typed in the dd/MM/yyyy fields (digits only; the field adds the slashes). */
function typedDay(plusDays: number): string {
  const day = new Date(Date.now() + plusDays * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(day);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}${part('month')}${part('year')}`;
}

async function pick(scope: Locator, page: Page, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300);
  const body = await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** The same screen at the phone's width, then back to the desktop's. */
async function phoneShot(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, `${name}-390`);
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect.soft(width[0], `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual((width[1] ?? 0) + 1);
  await page.setViewportSize(DESKTOP);
}

test.describe("'Convenios'", () => {
  test('superadmin creates an agreement for a new company, finds it, reads its detail and adds a service with a ticket', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page);
    const main = page.locator('#main-content');

    await test.step('the list', async () => {
      await page.goto('/admin/agreements');
      await expect(main.getByRole('heading', { name: 'Convenios' })).toBeVisible();
      await expect(main.locator('tbody tr').first()).toBeVisible();
      for (const header of ['Producto', 'No. de oportunidad', 'Fecha inicio', 'Fecha fin'])
        await expect(main.getByRole('columnheader', { name: header })).toBeVisible();
      await shot(page, testInfo, 'agreements-list-1366');
      await phoneShot(page, testInfo, 'agreements-list');
    });

    await test.step("'Información Contrato'", async () => {
      await main.getByRole('button', { name: 'Nuevo Convenio' }).click();
      await expect(main.getByRole('heading', { name: 'Nuevo Convenio' })).toBeVisible();
      await pick(main, page, /^Producto/, /FirmaYa$/);
      await main.getByRole('textbox', { name: /Número de oportunidad/ }).fill(CONTRACT_NUMBER);
      await main.getByRole('textbox', { name: /Número de oportunidad/ }).blur();
      await main.getByRole('textbox', { name: /Fecha inicio/ }).fill(typedDay(0));
      await main.getByRole('textbox', { name: /Fecha fin/ }).fill(typedDay(300));
      await pick(main, page, /Gestor operativo/, /.+/);
      await pick(main, page, /Condición de pago/, 'Contado');
      await shot(page, testInfo, 'agreements-wizard-1-contract-1366');
      await phoneShot(page, testInfo, 'agreements-wizard-1-contract');
      await main.getByRole('button', { name: 'Siguiente' }).click();
    });

    await test.step("'Información Cliente': a new company with a NIT", async () => {
      await expect(main.getByRole('heading', { name: 'Información Cliente' })).toBeVisible();
      await main
        .getByRole('textbox', { name: /^Identificación/ })
        .first()
        .fill(NIT);
      await main
        .getByRole('textbox', { name: /^Identificación/ })
        .first()
        .blur();
      await expect(main.getByRole('textbox', { name: 'Dv' })).not.toHaveValue('');
      await main.getByRole('textbox', { name: /Razón Social/ }).fill('Servicios Integrales del Caribe S.A.S.');
      const representative = main.getByRole('group', { name: 'Datos representante legal' });
      if (await representative.isVisible()) {
        await pick(representative, page, /Tipo Identificación/, 'Cédula de ciudadanía');
        await representative.getByRole('textbox', { name: /Identificación/ }).fill('72123456');
        await representative.getByRole('textbox', { name: /Nombres/ }).fill('Mario Andrés');
        await representative.getByRole('textbox', { name: /Apellidos/ }).fill('Pérez Díaz');
      }
      await main.getByRole('textbox', { name: /^Dirección/ }).fill('Calle 72 # 54-30');
      await pick(main, page, /Departamento/, 'Atlántico');
      await pick(main, page, /Ciudad/, 'Barranquilla');
      await main
        .getByRole('textbox', { name: /Teléfono/ })
        .first()
        .fill('3157654321');
      await main.getByRole('textbox', { name: /Correo Electrónico/ }).fill('gerencia@caribeintegral.com.co');
      await shot(page, testInfo, 'agreements-wizard-2-customer-1366');
      await phoneShot(page, testInfo, 'agreements-wizard-2-customer');
      await main.getByRole('button', { name: 'Siguiente' }).click();
    });

    await test.step("'Información Supervisor' (FirmaYa does not require one)", async () => {
      await expect(main.getByRole('heading', { name: 'Información Supervisor' })).toBeVisible();
      await main.getByRole('button', { name: 'Siguiente' }).click();
    });

    await test.step("'Servicios Contratados'", async () => {
      await expect(main.getByRole('heading', { name: 'Servicios Contratados' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
      const form = main.getByTestId('service-form');
      await pick(form, page, /^Servicio/, 'FirmaYa Profesional');
      await form.getByRole('textbox', { name: /^Cantidad(?! de)/ }).fill('1500');
      await pick(form, page, /Tipo de vigencia/, 'Meses');
      await form.getByRole('textbox', { name: /Cantidad de vigencia/ }).fill('6');
      await form.getByRole('button', { name: 'Guardar servicio' }).click();
      const table = main.getByRole('table', { name: 'Servicios Contratados' });
      await expect(table.getByRole('row', { name: /FirmaYa Profesional/ })).toContainText('1,500');
      await shot(page, testInfo, 'agreements-wizard-4-services-1366');
      await phoneShot(page, testInfo, 'agreements-wizard-4-services');
      await main.getByRole('button', { name: 'Siguiente' }).click();
    });

    await test.step("'Resumen' and 'Finalizar y guardar'", async () => {
      const summary = main.getByTestId('agreement-summary');
      await expect(summary).toContainText(CONTRACT_NUMBER);
      await expect(summary).toContainText('Razón social');
      await expect(summary).toContainText('Servicios Integrales del Caribe S.A.S.');
      await shot(page, testInfo, 'agreements-wizard-5-summary-1366');
      await phoneShot(page, testInfo, 'agreements-wizard-5-summary');
      await main.getByRole('button', { name: 'Finalizar y guardar' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText('Guardar convenio');
      await expect(confirm).toContainText('Ten en cuenta que una vez este convenio se guarde, no podrá ser modificado.');
      await confirm.getByRole('button', { name: 'Guardar' }).click();
      const saved = page.getByRole('dialog');
      await expect(saved).toContainText('¡Convenio guardado!');
      await saved.getByRole('button', { name: 'Aceptar' }).click();
    });

    await test.step('the new agreement in the list, and its detail', async () => {
      await expect(main.getByRole('heading', { name: 'Convenios' })).toBeVisible();
      await main.getByRole('textbox', { name: 'Buscar' }).fill(CONTRACT_NUMBER);
      const row = main.getByRole('row', { name: new RegExp(CONTRACT_NUMBER) });
      await expect(row).toBeVisible();
      await expect(main.locator('tbody tr')).toHaveCount(1);
      await row.getByRole('button', { name: `Ver detalle del convenio ${CONTRACT_NUMBER}` }).click();
      await expect(main.getByRole('heading', { name: 'Detalle de convenio' })).toBeVisible();
      const services = main.getByRole('region', { name: 'Servicios contratados' });
      await expect(services.getByRole('article')).toHaveCount(1);
      await expect(services).toContainText('1,500');
      await expect(main.getByRole('region', { name: 'Información del cliente' })).toContainText('Servicios Integrales del Caribe S.A.S.');
      await shot(page, testInfo, 'agreements-detail-1366');
      await phoneShot(page, testInfo, 'agreements-detail');
    });

    await test.step("the company's agreement licence in 'Licencias y consumos'", async () => {
      await page.goto('/admin/licenses');
      const list = page.getByTestId('customers-list');
      await list.getByRole('textbox', { name: 'Buscar' }).fill(NIT);
      const company = list.locator('tbody tr').filter({ hasText: 'Servicios Integrales del Caribe S.A.S.' });
      await expect(company).toHaveCount(1);
      await company.getByText('Servicios Integrales del Caribe S.A.S.').click();
      const licence = list.getByRole('region', { name: 'Licencias' }).getByTestId('licence-row').filter({ hasText: 'FirmaYa' });
      await expect(licence).toHaveCount(1);
      await expect(licence.getByTestId('licence-state')).toHaveText('Activa');
    });

    await test.step("'Editar Convenio': a second service with a ticket", async () => {
      await page.goto('/admin/agreements');
      await main.getByRole('textbox', { name: 'Buscar' }).fill(CONTRACT_NUMBER);
      await expect(main.locator('tbody tr')).toHaveCount(1);
      await main.getByRole('button', { name: `Editar convenio ${CONTRACT_NUMBER}` }).click();
      await expect(main.getByRole('heading', { name: 'Editar Convenio' })).toBeVisible();
      await shot(page, testInfo, 'agreements-edit-1-contract-1366');
      await main.getByRole('button', { name: 'Servicios Contratados' }).click();
      await expect(main.getByRole('heading', { name: 'Servicios Contratados' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
      const form = main.getByTestId('service-form');
      await pick(form, page, /^Servicio/, '100 firmas adicionales');
      await form.getByRole('textbox', { name: /^Cantidad(?! de)/ }).fill('100');
      await pick(form, page, /Tipo de vigencia/, 'Meses');
      await form.getByRole('textbox', { name: /Cantidad de vigencia/ }).fill('3');
      await form.getByRole('button', { name: 'Guardar servicio' }).click();
      await expect(main.getByRole('table', { name: 'Servicios Contratados' }).getByRole('row', { name: /100 firmas adicionales/ })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Eliminar servicio FirmaYa Profesional' })).toBeDisabled();
      await shot(page, testInfo, 'agreements-edit-4-services-1366');
      await phoneShot(page, testInfo, 'agreements-edit-4-services');
      await main.getByRole('button', { name: 'Guardar Cambios' }).click();
      const ticket = page.getByRole('dialog');
      await expect(ticket).toContainText('Ingresa el Número del ticket');
      await ticket.getByRole('textbox', { name: /Número del ticket/ }).fill(TICKET);
      await ticket.getByRole('textbox', { name: /Observaciones/ }).fill('Bolsa adicional solicitada por el cliente');
      await ticket.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('¡Convenio actualizado!')).toBeVisible();
      await expect(main.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
    });

    await test.step("the modification in 'Historial de modificaciones'", async () => {
      await page.goto('/admin/agreements');
      await main.getByRole('textbox', { name: 'Buscar' }).fill(CONTRACT_NUMBER);
      await main.getByRole('button', { name: `Ver detalle del convenio ${CONTRACT_NUMBER}` }).click();
      const history = main.getByRole('region', { name: 'Historial de modificaciones' });
      await expect(history.getByRole('row', { name: new RegExp(TICKET) })).toContainText('Servicios Contratados');
      await expect(history).toContainText('Servicio agregado: FY-FIRMAS-100 (100, 3 Meses)');
      await expect(main.getByRole('region', { name: 'Servicios contratados' }).getByRole('article')).toHaveCount(2);
      await shot(page, testInfo, 'agreements-detail-history-1366');
    });
  });
});
