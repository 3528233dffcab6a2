import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, bogotaToday, dayToText } from '@licencias/common/dates';
import { i18nProvider } from '../i18n/i18nProvider';
import { NotificationStack } from '../layout/Notification';
import { fixtureDataProvider } from '../testing/admin';
import type { ConsumptionReport } from './reportApi';
import { defaultReportRange, initialFilter, reportProblems, reportQueryOf } from './reportQuery';
import { periodsOf } from './reportSeries';
import ReportsPage from './ReportsPage';
import { companyReportUrl, reportViewUrl } from './reportTypes';
import ReportViewPage from './ReportViewPage';

type Answer = { status: number; body: unknown };
const { calls, answers } = vi.hoisted(() => ({
  calls: [] as { path: string; query: Record<string, unknown> | undefined }[],
  answers: new Map<string, (query: Record<string, unknown> | undefined) => Answer>(),
}));

vi.mock('../api', () => {
  const respond = async (path: string, init?: { params?: { query?: Record<string, unknown> } }) => {
    calls.push({ path, query: init?.params?.query });
    const answer = answers.get(path)?.(init?.params?.query) ?? { status: 200, body: { statusCode: 200, statusMessage: 'OK', result: null, statusDetails: [] } };
    const response = new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    return answer.status < 400 ? { data: answer.body, response } : { error: answer.body, response };
  };
  return {
    api: { GET: respond, POST: respond },
    publicApi: { GET: async () => ({ data: [{ appName: 'firmaya', title: 'FirmaYa' }] }) },
    authFetch: vi.fn(),
    sessionStore: { claims: () => undefined },
  };
});

const userEvent = userEventLib.setup({ delay: null });
const today = bogotaToday();
const ninetyDaysAgo = addDays(today, -89);
const CONSUMPTION = '/api/v1/reports/consumption';

const figures = { consumed: 1500, reversed: 20, used: 1480, granted: 5000, expired: 0, adjusted: 0, movements: 1234 };

function consumption(customer: ConsumptionReport['customer'] = null): ConsumptionReport {
  return {
    window: { from: ninetyDaysAgo, to: today, interval: 'week' },
    customer,
    totals: figures,
    points: [{ period: today, ...figures }],
    rows: [
      {
        ...figures,
        serviceId: 3,
        serviceName: 'FirmaYa',
        appName: 'firmaya',
        serviceFeatureCode: 'FIRMA',
        featureDescription: 'Firma electrónica',
      },
    ],
  };
}

const ok = (body: unknown): Answer => ({ status: 200, body });

function renderView(url: string, privileges: string[] = ['REPORTS', 'LICENSE_FULL_ACCESS']) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => privileges,
  };
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={fixtureDataProvider()} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/reports/view" element={<ReportViewPage />} />
        </Routes>
        <NotificationStack />
      </AdminContext>
    </MemoryRouter>,
  );
}

const view = (query: string) => `/reports/view?${query}`;

beforeEach(() => {
  calls.length = 0;
  answers.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("'Informes'", () => {
  it('shows the four cards, each opening its report in a new tab (sharing the session: no noopener)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderView('/reports');
    expect(screen.getByRole('heading', { name: 'Informes', level: 1 })).toBeInTheDocument();
    const cards = within(screen.getByTestId('report-cards')).getAllByRole('heading', { level: 2 });
    expect(cards.map((card) => card.textContent)).toEqual(['Gestión Servicios', 'Soporte por Cliente', 'Códigos Promocionales', 'Reporte de Consumo']);
    const expected = {
      'Gestión Servicios': 'ServiceManagementReport',
      'Soporte por Cliente': 'CustomerSupportReport',
      'Códigos Promocionales': 'PromotionalCodeReport',
      'Reporte de Consumo': 'GeneralConsumptionReport',
    };
    for (const [name, type] of Object.entries(expected)) {
      await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}\\.`) }));
      expect(open).toHaveBeenLastCalledWith(`/license/reports/reportView?reportType=${type}`, '_blank');
    }
    expect(open).toHaveBeenCalledTimes(4);
  });

  it("a company's consumption report names its document and, for one feature, the claims", () => {
    expect(reportViewUrl('GeneralConsumptionReport')).toBe('/license/reports/reportView?reportType=GeneralConsumptionReport');
    expect(companyReportUrl(4, '900123456')).toBe('/license/reports/reportView?reportType=KibanaConsumptionReport&documentType=4&documentNumber=900123456');
    expect(companyReportUrl(4, '900123456', 'FIRMA')).toBe(
      '/license/reports/reportView?reportType=KibanaConsumptionReport&documentType=4&documentNumber=900123456&claimCreate=FIRMA&claimDelete=FIRMA',
    );
  });
});

describe('the filter of a report', () => {
  it('opens on the last 90 days (Bogotá), today included', () => {
    expect(defaultReportRange('2026-12-07')).toEqual({ from: '2026-09-09', to: '2026-12-07' });
    const initial = initialFilter(
      new URLSearchParams('reportType=KibanaConsumptionReport&documentType=4&documentNumber=900123456&claimCreate=FIRMA'),
      '2026-03-01',
    );
    expect(initial).toMatchObject({ from: '2025-12-02', to: '2026-03-01', documentType: 4, documentNumber: '900123456', serviceFeatureCode: 'FIRMA' });
  });

  it("checks the dates with the movement filter's texts and a company's report needs the company", () => {
    const day = '2026-12-07';
    expect(reportProblems('GeneralConsumptionReport', { from: '', to: '31/02/2026' }, day)).toEqual({
      from: 'Campo obligatorio',
      to: 'Fecha inválida, el formato debe ser dd/MM/yyyy',
    });
    expect(reportProblems('GeneralConsumptionReport', { from: '31/12/1999', to: '08/12/2026' }, day)).toEqual({
      from: 'Fecha mínima permitida 01/01/2000',
      to: 'La fecha no puede ser mayor a hoy',
    });
    expect(reportProblems('PromotionalCodeReport', { from: '2026-12-01', to: '2026-11-30' }, day)).toEqual({
      to: 'La fecha debe ser igual o posterior a 01/12/2026',
    });
    expect(reportProblems('CustomerSupportReport', { from: '2026-12-01', to: '2026-12-01', documentType: '', documentNumber: ' ' }, day)).toEqual({
      documentType: 'Campo obligatorio',
      documentNumber: 'Campo obligatorio',
    });
  });

  it('asks each report only for what it takes', () => {
    const values = {
      from: '01/12/2026',
      to: '2026-12-07',
      interval: '' as const,
      appName: 'firmaya',
      serviceId: 3,
      serviceFeatureCode: ' FIRMA ',
      documentType: 4,
      documentNumber: '900123456',
      code: 'BIENVENIDA',
    };
    expect(reportQueryOf('GeneralConsumptionReport', values, '2026-12-07')).toEqual({
      from: '2026-12-01',
      to: '2026-12-07',
      appName: 'firmaya',
      serviceId: 3,
      serviceFeatureCode: 'FIRMA',
    });
    expect(reportQueryOf('KibanaConsumptionReport', values, '2026-12-07')).toMatchObject({
      documentType: 4,
      documentNumber: '900123456',
      serviceFeatureCode: 'FIRMA',
    });
    expect(reportQueryOf('ServiceManagementReport', values, '2026-12-07')).toEqual({ from: '2026-12-01', to: '2026-12-07', appName: 'firmaya', serviceId: 3 });
    expect(reportQueryOf('CustomerSupportReport', values, '2026-12-07')).toEqual({
      from: '2026-12-01',
      to: '2026-12-07',
      documentType: 4,
      documentNumber: '900123456',
    });
    expect(reportQueryOf('PromotionalCodeReport', values, '2026-12-07')).toEqual({ from: '2026-12-01', to: '2026-12-07', code: 'BIENVENIDA' });
    expect(reportQueryOf('PromotionalCodeReport', { ...values, to: '2026-12-08' }, '2026-12-07')).toBeUndefined();
  });

  it("draws every period of the window: days, the weeks' Mondays, the months' first days", () => {
    expect(periodsOf('2026-12-05', '2026-12-07', 'day')).toEqual(['2026-12-05', '2026-12-06', '2026-12-07']);
    // 2026-12-02 is a Wednesday.
    expect(periodsOf('2026-12-02', '2026-12-15', 'week')).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    expect(periodsOf('2026-11-15', '2027-01-02', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
  });
});

describe('the report view', () => {
  it.each([
    ['GeneralConsumptionReport', 'Reporte general de consumo'],
    ['KibanaConsumptionReport&documentType=4&documentNumber=900123456', 'Reporte de consumo'],
    ['ServiceManagementReport', 'Gestión Servicios'],
    ['CustomerSupportReport', 'Soporte por Cliente'],
    ['PromotionalCodeReport', 'Códigos Promocionales'],
  ])('reportType=%s is titled %s', async (type, title) => {
    renderView(view(`reportType=${type}`));
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('says so for an address without a report', async () => {
    renderView(view('reportType=Kibana'));
    expect(await screen.findByText('El informe solicitado no existe. Ábrelo desde «Informes».')).toBeInTheDocument();
  });

  it('reads the general report of the last 90 days and shows its totals, chart and table', async () => {
    answers.set(CONSUMPTION, () => ok(consumption()));
    renderView(view('reportType=GeneralConsumptionReport'));
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(dayToText(ninetyDaysAgo));
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue(dayToText(today));
    await waitFor(() => expect(calls.find((call) => call.path === CONSUMPTION)?.query).toEqual({ from: ninetyDaysAgo, to: today }));
    const table = await screen.findByTestId('consumption-table');
    expect(await within(table).findByText('Firma electrónica')).toBeInTheDocument();
    for (const header of ['Servicio', 'Característica', 'Usado', 'Movimientos'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getByTestId('figure-used')).toHaveTextContent('1.480');
    expect(screen.getByTestId('figure-movements')).toHaveTextContent('1.234');
    expect(screen.getByTestId('report-chart')).toHaveTextContent('Consumo por semana');
    expect(screen.getByText(`Del ${dayToText(ninetyDaysAgo)} al ${dayToText(today)}, por semana`)).toBeInTheDocument();
  });

  it("a company's report asks for its company and feature (claimCreate) and shows its card", async () => {
    const customer = {
      customerId: 1,
      documentTypeId: 4,
      documentType: 'NIT',
      documentNumber: '900123456',
      customerName: 'Distribuciones El Roble S.A.S.',
      email: 'compras@elroble.com.co',
      cellphoneNumber: null,
    };
    answers.set(CONSUMPTION, () => ok(consumption(customer)));
    renderView(view('reportType=KibanaConsumptionReport&documentType=4&documentNumber=900123456&claimCreate=FIRMA&claimDelete=FIRMA'));
    expect(await screen.findByText('Distribuciones El Roble S.A.S.')).toBeInTheDocument();
    expect(screen.getByTestId('company-card')).toHaveTextContent('NIT 900123456');
    expect(calls.find((call) => call.path === CONSUMPTION)?.query).toEqual({
      from: ninetyDaysAgo,
      to: today,
      documentType: 4,
      documentNumber: '900123456',
      serviceFeatureCode: 'FIRMA',
    });
  });

  it("'Soporte por Cliente' reads nothing until the company is given", async () => {
    renderView(view('reportType=CustomerSupportReport'));
    expect(await screen.findByText('Ingresa el tipo y el número de documento de la empresa y pulsa «Buscar».')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/reports/customer-support')).toHaveLength(0);
  });

  it("shows 'No existe información correspondiente a los criterios de búsqueda' when the report is empty", async () => {
    answers.set(CONSUMPTION, () => ok({ ...consumption(), points: [], rows: [] }));
    renderView(view('reportType=GeneralConsumptionReport'));
    expect(await screen.findByText('No existe información correspondiente a los criterios de búsqueda')).toBeInTheDocument();
  });

  it("shows the server's words when it refuses the report", async () => {
    answers.set(CONSUMPTION, () => ({ status: 404, body: { statusCode: 404, statusMessage: 'La empresa no existe', result: null, statusDetails: [] } }));
    renderView(view('reportType=KibanaConsumptionReport&documentType=4&documentNumber=1'));
    expect(await screen.findByText('La empresa no existe')).toBeInTheDocument();
  });

  it.each([
    [['REPORTS', 'LICENSE_FULL_ACCESS'], true],
    [['REPORTS', 'DASHBOARD_EXPORTEXCEL'], true],
    [['REPORTS', 'PAYMENTS_READ'], false],
  ])("with %j the 'Excel' button is shown: %s", async (privileges, shown) => {
    answers.set(CONSUMPTION, () => ok(consumption()));
    renderView(view('reportType=GeneralConsumptionReport'), privileges);
    await screen.findByRole('button', { name: 'Buscar' });
    if (shown) expect(await screen.findByRole('button', { name: 'Excel' })).toBeInTheDocument();
    else {
      await within(await screen.findByTestId('consumption-table')).findByText('Firma electrónica');
      expect(screen.queryByRole('button', { name: 'Excel' })).toBeNull();
    }
  });

  it('shows the date texts under the fields as they are typed, disables Excel meanwhile, and searches the new range', async () => {
    answers.set(CONSUMPTION, () => ok(consumption()));
    renderView(view('reportType=GeneralConsumptionReport'));
    const from = screen.getByRole('textbox', { name: 'Desde' });
    const until = screen.getByRole('textbox', { name: 'Hasta' });
    const excel = await screen.findByRole('button', { name: 'Excel' });
    await waitFor(() => expect(excel).toBeEnabled());

    await userEvent.clear(from);
    expect(await screen.findByText('Campo obligatorio')).toBeInTheDocument();
    expect(excel).toBeDisabled();
    await userEvent.type(from, '31121999');
    expect(await screen.findByText('Fecha mínima permitida 01/01/2000')).toBeInTheDocument();
    await userEvent.clear(from);
    await userEvent.type(from, '01022024');
    await userEvent.clear(until);
    await userEvent.type(until, '31012024');
    expect(await screen.findByText('La fecha debe ser igual o posterior a 01/02/2024')).toBeInTheDocument();
    expect(excel).toBeDisabled();

    await userEvent.clear(until);
    await userEvent.type(until, '29022024');
    await waitFor(() => expect(excel).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.filter((call) => call.path === CONSUMPTION).at(-1)?.query).toEqual({ from: '2024-02-01', to: '2024-02-29' }));
  });
});
