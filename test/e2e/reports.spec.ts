import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { DENIED, DESKTOP, shootScreens, signInToAdmin } from './support';

/**
 * 'Informes' and its reports against the built application (catalogue-and-dashboards.md §2.3,
 * §6, §9): the financial user opens 'Informes', 'Reporte de Consumo' opens in a new tab (through
 * the storefront's /license/reports/reportView, with the session of the tab that opened it) on the
 * last 90 days with data and its Excel; every report view is looked at; the read-only financial
 * user sees the reports without 'Excel'; the promo-code staff are refused. Screenshots at
 * 1366×900 and 390×844 go to test-results/screens/reports-*.
 */

/** The demo company of the dashboards (NIT, document type 4). */
const COMPANY = { documentType: 4, documentNumber: '900123456', name: 'Distribuciones El Roble' };

/** A Bogotá day plus some days, dd/MM/yyyy. */
function shownDay(plusDays: number): string {
  const day = new Date(Date.now() + plusDays * 86_400_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).format(day);
}

/** Clicks a card of 'Informes' and answers the tab it opens, once its report view is there. */
async function openCard(page: Page, name: string): Promise<Page> {
  const opening = page.waitForEvent('popup');
  await page
    .getByTestId('report-cards')
    .getByRole('button', { name: new RegExp(`^${name}\\.`) })
    .click();
  const report = await opening;
  await report.waitForURL(/\/admin\/reports\/view\?reportType=/);
  await report.setViewportSize(DESKTOP);
  return report;
}

/** The report's table has its rows (or says it has none) and nothing is loading. */
async function settled(page: Page) {
  const main = page.locator('#main-content');
  await expect(main.getByTestId('report-figures').locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(main.locator('[data-testid="report-row"], td[role="status"]').first()).toBeVisible();
  await expect(main.getByRole('progressbar')).toHaveCount(0);
}

test.describe("'Informes'", () => {
  test("the financial user opens 'Reporte de Consumo' in a new tab, on the last 90 days, with data and its Excel", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page, 'financiero');

    await test.step("'Informes' from the menu: four cards", async () => {
      await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Informes' }).click();
      await expect(page).toHaveURL(/\/admin\/reports$/);
      await expect(page.locator('#main-content').getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible();
      await expect(page.getByTestId('report-cards').getByRole('heading', { level: 2 })).toHaveText([
        'Gestión Servicios',
        'Soporte por Cliente',
        'Códigos Promocionales',
        'Reporte de Consumo',
      ]);
      await shootScreens(page, 'reports');
    });

    const report = await openCard(page, 'Reporte de Consumo');
    const main = report.locator('#main-content');

    await test.step("'Reporte general de consumo' of the last 90 days, with its table", async () => {
      expect(new URL(report.url()).searchParams.get('reportType')).toBe('GeneralConsumptionReport');
      await expect(main.getByRole('heading', { name: 'Reporte general de consumo', level: 1 })).toBeVisible();
      await expect(main.getByRole('textbox', { name: 'Desde' })).toHaveValue(shownDay(-89));
      await expect(main.getByRole('textbox', { name: 'Hasta' })).toHaveValue(shownDay(0));
      await expect(main.getByText(`Del ${shownDay(-89)} al ${shownDay(0)}`)).toBeVisible();
      const table = main.getByTestId('consumption-table');
      for (const header of ['Servicio', 'Característica', 'Usado', 'Movimientos'])
        await expect(table.getByRole('columnheader', { name: header })).toBeAttached();
      await expect(table.getByTestId('report-row').first()).toBeVisible();
      await expect(main.getByTestId('report-chart').getByTestId('chart-bar').first()).toBeAttached();
      await settled(report);
      await shootScreens(report, 'reports-general-consumption');
    });

    await test.step("the date rules answer under the fields and disable 'Excel'", async () => {
      const from = main.getByRole('textbox', { name: 'Desde' });
      const excel = main.getByRole('button', { name: 'Excel' });
      await expect(excel).toBeEnabled();
      await from.fill('31121999');
      await expect(main.getByText('Fecha mínima permitida 01/01/2000')).toBeVisible();
      await expect(excel).toBeDisabled();
      await from.fill(shownDay(-89).replace(/\//g, ''));
      await expect(excel).toBeEnabled();
    });

    await test.step("'Excel' downloads a real workbook, with progress", async () => {
      await report.route('**/api/v1/reports/consumption/export?**', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.fulfill({ response });
      });
      const downloading = report.waitForEvent('download');
      await main.getByRole('button', { name: 'Excel' }).click();
      await expect(main.getByRole('progressbar', { name: 'Descargando el informe…' })).toBeVisible();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(workbook.worksheets.length).toBeGreaterThan(0);
      expect(workbook.worksheets[0]!.rowCount).toBeGreaterThan(1);
    });

    await test.step("a company's 'Reporte de consumo' opens from the general one", async () => {
      const link = main.getByTestId('company-report-link');
      await link.getByRole('combobox', { name: 'Tipo de documento' }).click();
      await report.getByRole('option', { name: /^NIT/ }).click();
      await link.getByRole('textbox', { name: 'Número de documento' }).fill(COMPANY.documentNumber);
      const opening = report.waitForEvent('popup');
      await link.getByRole('button', { name: 'Ver reporte de la empresa' }).click();
      const company = await opening;
      await company.waitForURL(/\/admin\/reports\/view\?reportType=KibanaConsumptionReport&documentType=\d+&documentNumber=900123456/);
      await company.setViewportSize(DESKTOP);
      await expect(company.locator('#main-content').getByRole('heading', { name: 'Reporte de consumo', level: 1 })).toBeVisible();
      await expect(company.getByTestId('company-card')).toContainText(COMPANY.name);
      await settled(company);
      await shootScreens(company, 'reports-company-consumption');
      await company.close();
    });
  });

  test('every report view reads and fits at both sizes', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page, 'financiero');
    const views = [
      { name: 'service-management', query: 'reportType=ServiceManagementReport', title: 'Gestión Servicios' },
      {
        name: 'customer-support',
        query: `reportType=CustomerSupportReport&documentType=${COMPANY.documentType}&documentNumber=${COMPANY.documentNumber}`,
        title: 'Soporte por Cliente',
      },
      { name: 'promo-codes', query: 'reportType=PromotionalCodeReport', title: 'Códigos Promocionales' },
    ];
    for (const view of views) {
      await test.step(view.title, async () => {
        // The storefront's address of the report, as the cards open it.
        await page.goto(`/license/reports/reportView?${view.query}`);
        await expect(page).toHaveURL(new RegExp(`/admin/reports/view\\?${view.query.replace(/[?&]/g, '\\$&')}$`));
        await expect(page.locator('#main-content').getByRole('heading', { name: view.title, level: 1 })).toBeVisible();
        await settled(page);
        if (view.name === 'customer-support') await expect(page.getByTestId('company-card')).toContainText(COMPANY.name);
        await shootScreens(page, `reports-${view.name}`);
      });
    }
  });

  test("the read-only financial user (LICFINANCIEROCONSULTA) sees the report without 'Excel'", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page, 'consulta');
    await page.goto('/admin/reports');
    const report = await openCard(page, 'Reporte de Consumo');
    const main = report.locator('#main-content');
    await expect(main.getByRole('heading', { name: 'Reporte general de consumo', level: 1 })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Buscar' })).toBeVisible();
    await expect(main.getByTestId('consumption-table').getByTestId('report-row').first()).toBeVisible();
    await expect(main.getByRole('button', { name: 'Excel' })).toHaveCount(0);
  });

  test("a user without REPORTS (LICENSEPROMOCODE) is refused 'Informes' and its reports", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInToAdmin(page, 'promocode');
    const main = page.locator('#main-content');
    await page.goto('/admin/reports');
    await expect(main.getByText(DENIED, { exact: true })).toBeVisible();
    await expect(page.getByTestId('report-cards')).toHaveCount(0);
    await page.goto('/admin/reports/view?reportType=GeneralConsumptionReport');
    await expect(main.getByText(DENIED, { exact: true })).toBeVisible();
    await expect(page.getByTestId('report-view')).toHaveCount(0);
  });
});
