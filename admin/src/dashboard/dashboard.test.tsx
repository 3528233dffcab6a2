import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bogotaToday, dayToText } from '@licencias/common/dates';
import { i18nProvider } from '../i18n/i18nProvider';
import { NotificationStack } from '../layout/Notification';
import { fixtureDataProvider } from '../testing/admin';
import { BalanceRings } from './BalanceRing';
import { boldParts } from './BoldText';
import { consumptionSeries } from './chartSeries';
import ContractInfoPage from './ContractInfoPage';
import DashboardPage from './DashboardPage';
import type { ConsumptionHistory, Movement } from './dashboardApi';
import MovementsPage from './MovementsPage';

type Answer = { status: number; body: unknown };
const { calls, answers } = vi.hoisted(() => ({
  calls: [] as { path: string; body: unknown; header?: Record<string, unknown> }[],
  answers: new Map<string, (body: unknown, header?: Record<string, unknown>) => Answer>(),
}));

vi.mock('../api', () => {
  const respond = async (path: string, init?: { body?: unknown; params?: { header?: Record<string, unknown>; query?: Record<string, unknown> } }) => {
    calls.push({ path, body: init?.body ?? init?.params?.query, header: init?.params?.header });
    const fallback = path.endsWith('/consumption-series')
      ? { status: 200, body: { interval: 'day', points: [] } }
      : { status: 200, body: { statusCode: 200, statusMessage: 'OK', result: null, statusDetails: [] } };
    const answer = answers.get(path)?.(init?.body ?? init?.params?.query, init?.params?.header) ?? fallback;
    const response = new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    return answer.status < 400 ? { data: answer.body, response } : { error: answer.body, response };
  };
  return {
    api: { POST: respond, GET: respond },
    authFetch: vi.fn(),
    sessionStore: { claims: () => undefined },
  };
});

const userEvent = userEventLib.setup({ delay: null });
const today = bogotaToday();
const firstOfMonth = `${today.slice(0, 8)}01`;

const ok = (result: unknown): Answer => ({ status: 200, body: { statusCode: 200, statusMessage: 'OK', result, statusDetails: [] } });
const failed = (status: number, statusMessage: string, description?: string): Answer => ({
  status,
  body: { statusCode: status, statusMessage, result: null, statusDetails: description ? [{ field: 'startDate', description }] : [] },
});

function movement(index: number): Movement {
  return {
    serviceFeatureDescription: 'Firma electrónica',
    event: 'Consumo',
    quantity: 1 + (index % 3),
    consumptionDate: `${today}T15:${String(index % 60).padStart(2, '0')}:00.000Z`,
  };
}

function history(total: number, skip: number, take = 100): ConsumptionHistory {
  const count = Math.max(0, Math.min(take, total - skip));
  return {
    customerName: 'Distribuciones El Roble S.A.S.',
    descriptionService: 'FirmaYa',
    documentNumber: '900123456',
    documentType: 'NIT',
    email: 'compras@elroble.com.co',
    personType: 'J',
    phoneNumber: '6014445566',
    serviceName: 'firmaya',
    totalRecords: total,
    consumptionDetailHistory: Array.from({ length: count }, (_, index) => movement(skip + index)),
  };
}

/** Where the app is now (the redirects). */
const Where = () => <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;

function renderAt(url: string, ui: ReactElement, privileges: string[] = ['LICENSES', 'LICENSE_FULL_ACCESS']) {
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
          <Route path="/dashboard" element={<div>Productos</div>} />
          <Route path="/dashboard/movements" element={ui} />
          <Route path="/dashboard/contractInfo" element={ui} />
        </Routes>
        <Where />
        <NotificationStack />
      </AdminContext>
    </MemoryRouter>,
  );
}

const MOVEMENTS = '/dashboard/movements?documentType=4&documentNumber=900123456&serviceName=firmaya&serviceFeatureCode=FIRMA&isSupervised=false';
const HISTORY = '/license/api/dashboard/consumption-history';
const SERIES = '/api/v1/dashboard/consumption-series';
const historyCalls = () => calls.filter((c) => c.path === HISTORY);

beforeEach(() => {
  calls.length = 0;
  answers.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the balance rings', () => {
  it('show the quantities and their share of the total', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <BalanceRings total={1000} available={250} used={750} unlimited={false} />
      </AdminContext>,
    );
    expect(screen.getByRole('progressbar', { name: 'Total' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Disponible' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('progressbar', { name: 'Usado' })).toHaveAttribute('aria-valuetext', '750 (75,0 %)');
    expect(screen.getByText('1.000')).toBeInTheDocument();
    expect(screen.getByText('25,0 %')).toBeInTheDocument();
  });

  it("show 'Ilimitado' for the total and the balance of an unlimited package, and what it used", () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <BalanceRings total={null} available={null} used={1234} unlimited />
      </AdminContext>,
    );
    expect(screen.getAllByText('Ilimitado')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Total' })).toHaveAttribute('aria-valuetext', 'Ilimitado');
    expect(screen.getByRole('progressbar', { name: 'Disponible' })).toHaveAttribute('aria-valuetext', 'Ilimitado');
    expect(screen.getByRole('progressbar', { name: 'Usado' })).toHaveAttribute('aria-valuetext', '1.234');
    expect(screen.queryByText(/%/)).toBeNull();
  });
});

describe("'Movimiento del producto'", () => {
  it('goes back to the dashboard when the address names no package', async () => {
    renderAt('/dashboard/movements?documentType=4&documentNumber=900123456', <MovementsPage />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard?documentType=4&documentNumber=900123456'));
    expect(historyCalls()).toHaveLength(0);
  });

  it('goes back to the dashboard when the server has no history of the package', async () => {
    answers.set(HISTORY, () => ok(null));
    renderAt(MOVEMENTS, <MovementsPage />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\?documentType=4&documentNumber=900123456$/));
  });

  it("goes back to the dashboard with the server's words when the feature does not exist", async () => {
    answers.set(HISTORY, () => failed(404, 'No se encontró la característica'));
    renderAt(MOVEMENTS, <MovementsPage />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\?/));
    expect(await screen.findByText('No se encontró la característica')).toBeInTheDocument();
  });

  it('reads the month so far, shows the company and the movements, and loads the next 100 when paging past them', async () => {
    answers.set(HISTORY, (_body, header) => ok(history(250, Number(header?.skip ?? 0))));
    renderAt(MOVEMENTS, <MovementsPage />);
    expect(await screen.findByText('Distribuciones El Roble S.A.S.')).toBeInTheDocument();
    expect(historyCalls()[0]).toMatchObject({
      path: HISTORY,
      header: { skip: 0, take: 100 },
      body: {
        documentType: 4,
        documentNumber: '900123456',
        serviceName: 'firmaya',
        serviceFeatureCode: 'FIRMA',
        startDate: firstOfMonth,
        endDate: today,
        isSupervised: false,
      },
    });
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(dayToText(firstOfMonth));
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue(dayToText(today));
    for (const header of ['Descripción', 'Evento', 'Cantidad', 'Fecha y hora']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getAllByTestId('movement-row')).toHaveLength(10);
    expect(screen.getByText('1-10 de 250')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(screen.getAllByTestId('movement-row')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: /siguiente/i }));
    expect(screen.getByText('51-100 de 250')).toBeInTheDocument();
    expect(historyCalls()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /siguiente/i }));
    await waitFor(() => expect(historyCalls()).toHaveLength(2));
    expect(historyCalls()[1]?.header).toEqual({ skip: 100, take: 100 });
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(50));
    expect(screen.getByText('101-150 de 250')).toBeInTheDocument();
  });

  it("draws the server's consumption per day for the range searched", async () => {
    answers.set(HISTORY, () => ok(history(3, 0)));
    answers.set(SERIES, () => ({
      status: 200,
      body: { interval: 'day', points: [{ period: firstOfMonth, consumed: 9, reversed: 2, used: 7, movements: 4 }] },
    }));
    renderAt(MOVEMENTS, <MovementsPage />);
    const chart = await screen.findByTestId('consumption-chart');
    await waitFor(() => expect(chart).toHaveTextContent('Consumo por día'));
    expect(within(chart).getByText(new RegExp(`${firstOfMonth.slice(8, 10)}/${firstOfMonth.slice(5, 7)}: 7`))).toBeInTheDocument();
    expect(calls.find((c) => c.path === SERIES)?.body).toMatchObject({
      documentType: 4,
      documentNumber: '900123456',
      serviceName: 'firmaya',
      serviceFeatureCode: 'FIRMA',
      startDate: firstOfMonth,
      endDate: today,
    });
  });

  it('checks the dates as they are typed, with the shared texts, and disables Excel while one is invalid', async () => {
    answers.set(HISTORY, (_body, header) => ok(history(3, Number(header?.skip ?? 0))));
    renderAt(MOVEMENTS, <MovementsPage />);
    const from = await screen.findByRole('textbox', { name: 'Desde' });
    const until = screen.getByRole('textbox', { name: 'Hasta' });
    const excel = await screen.findByRole('button', { name: 'Excel' });
    await waitFor(() => expect(excel).toBeEnabled());

    await userEvent.clear(from);
    expect(await screen.findByText('Campo obligatorio')).toBeInTheDocument();
    expect(excel).toBeDisabled();

    await userEvent.type(from, '3102');
    expect(await screen.findByText('Fecha inválida, el formato debe ser dd/MM/yyyy')).toBeInTheDocument();
    expect(excel).toBeDisabled();

    await userEvent.clear(from);
    await userEvent.type(from, '31121999');
    expect(await screen.findByText('Fecha mínima permitida 01/01/2000')).toBeInTheDocument();

    await userEvent.clear(from);
    await userEvent.type(from, `3112${Number(today.slice(0, 4)) + 1}`);
    expect(await screen.findByText('La fecha no puede ser mayor a hoy')).toBeInTheDocument();
    expect(excel).toBeDisabled();

    // The until day before the from day.
    await userEvent.clear(from);
    await userEvent.type(from, dayToText(today).replace(/\//g, ''));
    await userEvent.clear(until);
    await userEvent.type(until, '01012020');
    expect(await screen.findByText(`La fecha debe ser igual o posterior a ${dayToText(today)}`)).toBeInTheDocument();
    expect(excel).toBeDisabled();

    await userEvent.clear(from);
    await userEvent.type(from, '01012020');
    await waitFor(() => expect(excel).toBeEnabled());
    expect(screen.queryByText(/La fecha debe ser/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(historyCalls().at(-1)?.body).toMatchObject({ startDate: '2020-01-01', endDate: '2020-01-01' }));
  });

  it('shows no Excel button without LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL', async () => {
    answers.set(HISTORY, () => ok(history(3, 0)));
    renderAt(MOVEMENTS, <MovementsPage />, ['LICENSES']);
    expect(await screen.findByRole('button', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excel' })).toBeNull();
  });

  it("shows a 422 as '¡Algo salió mal!' with its first detail, bold parts in bold", async () => {
    answers.set(HISTORY, () => failed(422, 'Revisa las fechas', 'El rango supera **12 meses**'));
    renderAt(MOVEMENTS, <MovementsPage />);
    const dialog = await screen.findByRole('dialog', { name: '¡Algo salió mal!' });
    expect(within(dialog).getByText('12 meses').tagName).toBe('STRONG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe("'Productos adquiridos'", () => {
  it("says '¡Lo sentimos!' when the company has no services", async () => {
    answers.set('/license/api/dashboard/dashboard-customer', () => ok([]));
    render(
      <MemoryRouter initialEntries={['/dashboard?documentType=4&documentNumber=900123456']}>
        <AdminContext dataProvider={fixtureDataProvider()} i18nProvider={i18nProvider}>
          <DashboardPage />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('¡Lo sentimos!')).toBeInTheDocument();
    expect(screen.getByText('Consulta con tu comercial aún no tienes servicios asociados a tu compañía.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/license/api/dashboard/dashboard-customer')?.body).toEqual({ documentType: 4, documentNumber: '900123456' });
  });

  it('lists the services and opens a package on its rings and contracts', async () => {
    answers.set('/license/api/dashboard/dashboard-customer', () =>
      ok([
        {
          serviceName: 'firmaya',
          requiresSupervision: false,
          name: 'FirmaYa',
          contractedServices: [{ packageCode: 'FY-ILIM', packageDescription: 'Firmas ilimitadas' }],
        },
      ]),
    );
    answers.set('/license/api/dashboard/contracted-service-details', () =>
      ok({
        serviceName: 'firmaya',
        packageCode: 'FY-ILIM',
        quantityAccumulated: null,
        balanceAccumulated: null,
        usedAccumulated: 1500,
        isUnlimited: true,
        serviceFeatureCode: 'FIRMA',
        contractServiceDetail: [
          {
            contractNumber: 'CT-7',
            effectiveDate: '2026-01-01',
            expirationDate: null,
            totalAmmount: null,
            totalBalance: null,
            totalUsed: 1500,
            isUnlimited: true,
            serviceFeatureId: 9,
          },
        ],
      }),
    );
    render(
      <MemoryRouter initialEntries={['/dashboard?documentType=4&documentNumber=900123456']}>
        <AdminContext dataProvider={fixtureDataProvider()} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/dashboard/*" element={null} />
          </Routes>
          <Where />
        </AdminContext>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByText('Firmas ilimitadas'));
    const panel = await screen.findByTestId('package-panel');
    expect(within(panel).getAllByText('Ilimitado').length).toBeGreaterThanOrEqual(2);
    const row = within(panel).getByTestId('contract-row');
    expect(row).toHaveTextContent('CT-7');
    expect(row).toHaveTextContent('1,500');
    for (const header of ['Contrato', 'Fecha inicio', 'Fecha vencimiento', 'Total', 'Disponibles', 'Usados'])
      expect(within(panel).getByRole('columnheader', { name: header })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Movimientos' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/dashboard/movements?documentType=4&documentNumber=900123456&serviceName=firmaya&serviceFeatureCode=FIRMA&packageCode=FY-ILIM&isSupervised=false',
    );
  });
});

describe("'Detalle del contrato'", () => {
  it('shows the opportunity number, the customer, the validity and the services', async () => {
    answers.set('/license/api/dashboard/contract-details', () =>
      ok({
        contractNumber: 'OP-2026-1',
        customer: {
          cellphoneNumber: '3001234567',
          contractStartDate: '2026-01-01',
          contractEndDate: '2026-12-31',
          documentNumber: '900123456',
          documentType: 'NIT',
          email: 'compras@elroble.com.co',
          name: 'Distribuciones El Roble S.A.S.',
          personType: 'J',
          serviceName: 'FirmaYa',
        },
        services: [{ packageDescription: 'Firmas 1000', quantity: 1000000, effectiveDate: '2026-01-01', expirationDate: '2026-12-31' }],
      }),
    );
    renderAt('/dashboard/contractInfo?documentType=4&documentNumber=900123456&contractNumber=OP-2026-1&serviceFeatureId=9', <ContractInfoPage />);
    const detail = await screen.findByTestId('contract-detail');
    expect(detail).toHaveTextContent('OP-2026-1');
    expect(detail).toHaveTextContent('Distribuciones El Roble S.A.S.');
    expect(detail).toHaveTextContent('31/12/2026');
    for (const header of ['Servicios contratados', 'Cantidad', 'Inicio vigencia', 'Fin vigencia'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getByTestId('contract-service-row')).toHaveTextContent('1,000,000');
    expect(calls.at(-1)).toMatchObject({ body: { contractNumber: 'OP-2026-1', serviceFeatureId: 9 } });
  });
});

describe('the consumption chart series', () => {
  it("fills every day of a short range with the server's daily use, 0 where there was none", () => {
    const series = consumptionSeries(
      [
        { period: '2026-11-01', used: 5 },
        { period: '2026-11-03', used: 1 },
      ],
      'day',
      '2026-11-01',
      '2026-11-03',
    );
    expect(series.unit).toBe('day');
    expect(series.bars.map((bar) => [bar.label, bar.value])).toEqual([
      ['01/11', 5],
      ['02/11', 0],
      ['03/11', 1],
    ]);
  });

  it('fills every month of a long range, and draws nothing for an invalid one', () => {
    const series = consumptionSeries(
      [
        { period: '2026-01-01', used: 4 },
        { period: '2026-03-01', used: 7 },
      ],
      'month',
      '2026-01-10',
      '2026-04-30',
    );
    expect(series.unit).toBe('month');
    expect(series.bars.map((bar) => [bar.label, bar.value])).toEqual([
      ['01/2026', 4],
      ['02/2026', 0],
      ['03/2026', 7],
      ['04/2026', 0],
    ]);
    expect(consumptionSeries([], 'day', '2026-05-01', '2026-04-01').bars).toEqual([]);
  });
});

describe('bold parts of a server message', () => {
  it('keeps **bold**, <b> and <strong> as bold text and any other markup as nothing', () => {
    expect(boldParts('Hay **3** errores en <b>Desde</b> y <strong>Hasta</strong><script>x</script>')).toEqual([
      { text: 'Hay ', bold: false },
      { text: '3', bold: true },
      { text: ' errores en ', bold: false },
      { text: 'Desde', bold: true },
      { text: ' y ', bold: false },
      { text: 'Hasta', bold: true },
      { text: 'x', bold: false },
    ]);
  });
});
