import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { AdminContext, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { NotificationStack } from '../layout/Notification';
import { fixtureDataProvider } from '../testing/admin';
import type { CashPayment } from './cashApi';
import PaymentsPage from './PaymentsPage';
import { paymentPrivileges } from './usePaymentPrivileges';

const authFetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
vi.mock('../api', () => ({ authFetch: (url: string, init?: RequestInit) => authFetch(url, init) }));

const userEvent = userEventLib.setup({ delay: null });

const pending: CashPayment = {
  id: 41,
  paymentReference: 'OC-41',
  purchaseDate: '2026-11-20T15:00:00.000Z',
  supportDate: '2026-11-21T15:00:00.000Z',
  totalPurchase: 1190000.5,
  referenceUuid: '7b8f9a3e-1111-4222-8333-444455556666',
  appName: 'colnomina',
  paymentSupport: 'comprobante.pdf',
  rutSupport: 'rut.pdf',
  idState: 5,
  state: 'PENDING',
  rejectTypeId: null,
  rejectTypeDescription: null,
  decidedBy: null,
  decidedAt: null,
  customer: { legalName: 'Ferretería Ñandú S.A.S.', documentNumber: '900123456', documentTypeLicense: { documentTypeCode: 'NIT' } },
};

const renderPage = (privileges: string[]) => {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => privileges,
  };
  return render(
    <AdminContext dataProvider={fixtureDataProvider({ payments: [pending] })} authProvider={authProvider} i18nProvider={i18nProvider}>
      <PaymentsPage />
      <NotificationStack />
    </AdminContext>,
  );
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe("'Pagos en efectivo'", () => {
  it('decides with both ApprovePayments and ModifyPayments and exports with LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL (store §6)', () => {
    expect(paymentPrivileges(['PAYMENTS_READ'])).toEqual({ mayDecide: false, mayExport: false });
    expect(paymentPrivileges(['PAYMENTS_READ', 'PAYMENTS_APPROVE'])).toEqual({ mayDecide: false, mayExport: false });
    expect(paymentPrivileges(['PAYMENTS_READ', 'PAYMENTS_APPROVE', 'PAYMENTS_MODIFY'])).toEqual({ mayDecide: true, mayExport: false });
    expect(paymentPrivileges(['PAYMENTS_READ', 'DASHBOARD_EXPORTEXCEL'])).toEqual({ mayDecide: false, mayExport: true });
    expect(paymentPrivileges(['LICENSE_FULL_ACCESS', 'PAYMENTS_READ', 'PAYMENTS_APPROVE', 'PAYMENTS_MODIFY'])).toEqual({ mayDecide: true, mayExport: true });
  });

  it('shows the three tabs and the row, read-only for the consulta role', async () => {
    renderPage(['PAYMENTS_READ']);
    for (const tab of ['Pagos por aprobar', 'Pagos aprobados', 'Pagos rechazados']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    const row = (await screen.findByText('OC-41')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ferretería Ñandú S.A.S.')).toBeInTheDocument();
    expect(within(row).getByText('NIT')).toBeInTheDocument();
    expect(within(row).getByText('$1.190.000,5')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Aprobar' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Rechazar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Exportar a Excel' })).not.toBeInTheDocument();
  });

  it('approves with the success text', async () => {
    authFetch.mockResolvedValueOnce(json({ ...pending, state: 'APPROVED', idState: 6 }));
    renderPage(['PAYMENTS_READ', 'PAYMENTS_APPROVE', 'PAYMENTS_MODIFY']);
    const row = (await screen.findByText('OC-41')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Aprobar' })).toBeEnabled());
    await userEvent.click(within(row).getByRole('button', { name: 'Aprobar' }));
    expect(authFetch).toHaveBeenCalledWith('/api/v1/payments/41/approve', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Se ha aprobado el pago satisfactoriamente')).toBeInTheDocument();
  });

  it('asks for a reason to reject, then rejects with the success text; a 422 shows the server’s message', async () => {
    authFetch.mockImplementation(async (url) =>
      url.includes('GetAllRejectTypes') ? json({ result: { records: [{ id: 1, rejectTypeDescription: 'El comprobante es ilegible' }] } }) : json({}),
    );
    renderPage(['PAYMENTS_READ', 'PAYMENTS_APPROVE', 'PAYMENTS_MODIFY']);
    const row = (await screen.findByText('OC-41')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Rechazar' })).toBeEnabled());
    await userEvent.click(within(row).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Debes seleccionar un motivo de rechazo')).toBeInTheDocument();
    expect(authFetch).not.toHaveBeenCalledWith(expect.stringContaining('/reject'), expect.anything());

    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'El comprobante es ilegible' }));
    authFetch.mockImplementationOnce(async () =>
      json({ statusCode: 422, statusMessage: 'El pago ya fue aprobado por Fabio Ríos el 27/11/2026 20:15.', result: null, statusDetails: [] }, 422),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('El pago ya fue aprobado por Fabio Ríos el 27/11/2026 20:15.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(authFetch).toHaveBeenLastCalledWith(
      '/api/v1/payments/41/reject',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ rejectTypeId: 1 }) }),
    );
    expect(await screen.findByText('El pago ha sido rechazado satisfactoriamente.')).toBeInTheDocument();
  });
});
