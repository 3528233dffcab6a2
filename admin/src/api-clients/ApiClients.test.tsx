import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import ApiClientCreate from './ApiClientCreate';
import ApiClientList from './ApiClientList';
import type { ApiClient } from './types';

const brands = [
  { appName: 'colnomina', title: 'Colnómina' },
  { appName: 'firmaya', title: 'FirmaYa' },
];
vi.mock('../api', () => ({ publicApi: { GET: vi.fn(async () => ({ data: brands })) } }));

const userEvent = userEventLib.setup({ delay: null });

// jsdom lays nothing out: the list measures its width (wide: the table) with a ResizeObserver.
class WideObserver {
  observe() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', WideObserver);
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const client = (
  id: string,
  name: string,
  revokedAt: string | null = null,
  privileges: ApiClient['privileges'] = ['BALANCES_READ', 'CONSUMPTIONS_WRITE', 'ORDERS_READ'],
): ApiClient => ({
  id,
  clientId: `colnomina-${id.slice(0, 8)}`,
  name,
  appName: 'colnomina',
  privileges,
  createdAt: '2026-11-20T15:00:00Z',
  createdBy: 'superadmin',
  revokedAt,
  revokedBy: revokedAt ? 'superadmin' : null,
});

const inResource = (ui: React.ReactNode) => (
  <MemoryRouter>
    <ResourceContextProvider value="api-clients">{ui}</ResourceContextProvider>
  </MemoryRouter>
);

describe("'Clientes API'", () => {
  it('lists clients with their privileges and state; revoking asks first and then revokes', async () => {
    const dataProvider = fixtureDataProvider({
      'api-clients': [
        client('0b5f7c1e-0000-4000-8000-000000000001', 'Nómina Express'),
        client('0b5f7c1e-0000-4000-8000-000000000002', 'Portal viejo', '2026-11-21T10:00:00Z', ['BALANCES_READ']),
      ],
    });
    renderInAdmin(inResource(<ApiClientList />), dataProvider);
    const active = (await screen.findByText('Nómina Express')).closest('tr')!;
    expect(active).toHaveTextContent('Leer saldos');
    expect(active).toHaveTextContent('Registrar consumos');
    expect(active).toHaveTextContent('Leer órdenes');
    expect(active).toHaveTextContent('Activo');
    const revoked = screen.getByText('Portal viejo').closest('tr')!;
    expect(revoked).toHaveTextContent('Revocado');
    expect(revoked).not.toHaveTextContent('Leer órdenes');
    expect(within(revoked).queryByRole('button', { name: 'Revocar' })).toBeNull();

    await userEvent.click(within(active).getByRole('button', { name: 'Revocar' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('¿Revocar el cliente API?');
    expect(question).toHaveTextContent('«Nómina Express» (colnomina-0b5f7c1e) dejará de obtener tokens');
    expect(dataProvider.delete).not.toHaveBeenCalled();
    await userEvent.click(within(question).getByRole('button', { name: 'Revocar' }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('api-clients', expect.objectContaining({ id: '0b5f7c1e-0000-4000-8000-000000000001' })),
    );
    expect(await screen.findByText('Cliente API «Nómina Express» revocado')).toBeInTheDocument();
  });

  it('creates a client and shows its secret once, with a warning and a copy button', async () => {
    const dataProvider = fixtureDataProvider();
    vi.mocked(dataProvider.create).mockImplementation(async (_resource, { data }) => ({
      data: { ...client('0b5f7c1e-0000-4000-8000-000000000003', data.name), ...data, clientSecret: 's3cr3t-Valor-Unico' } as never,
    }));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInAdmin(inResource(<ApiClientCreate />), dataProvider);

    await userEvent.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Nómina Express');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo obligatorio')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox', { name: /Marca/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'FirmaYa (firmaya)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /BALANCES_READ/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elige al menos un privilegio')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /CONSUMPTIONS_WRITE/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Leer órdenes de compra con sus pagos y licencias (ORDERS_READ)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'api-clients',
        expect.objectContaining({ data: { name: 'Nómina Express', appName: 'firmaya', privileges: ['CONSUMPTIONS_WRITE', 'ORDERS_READ'] } }),
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Credenciales de «Nómina Express»' });
    expect(dialog).toHaveTextContent('no se volverá a mostrar');
    expect(within(dialog).getByRole('textbox', { name: 'Secreto del cliente' })).toHaveValue('s3cr3t-Valor-Unico');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copiar Secreto del cliente' }));
    expect(writeText).toHaveBeenCalledWith('s3cr3t-Valor-Unico');
    expect(await screen.findByText('Secreto copiado')).toBeInTheDocument();
  });
});
