import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { BagsDialog } from './BagsDialog';
import type { Customer } from './companyForm';

const userEvent = userEventLib.setup({ delay: null });

const balance = (id: number, code: string, total: number | null, used: number, percentageUsed: number) => ({
  id,
  serviceFeatureCode: code,
  unlimited: total === null,
  total,
  used,
  available: total === null ? null : total - used,
  percentageUsed,
  lastUsedAt: '2026-11-20T15:00:00Z',
});

const fixtures = {
  services: [
    { id: 1, serviceName: 'Colnómina' },
    { id: 2, serviceName: 'FirmaYa' },
  ],
  licences: [
    { id: 10, serviceId: 1, packageSnapshot: { packageName: 'Colnómina Empresarial' }, balances: [balance(100, 'COLNOMINA_EMPLEADO', 100, 86, 86)] },
    {
      id: 11,
      serviceId: 2,
      packageSnapshot: { packageName: 'FirmaYa Profesional' },
      balances: [balance(101, 'FIRMAYA_FIRMA', 500, 500, 100), balance(102, 'FIRMAYA_USUARIO', null, 4, 0)],
    },
  ],
};

describe("'Ver bolsas'", () => {
  it('shows each bag with its figures and availability, filters by product with a chip and clears it', async () => {
    renderInAdmin(
      <BagsDialog customer={{ id: 5, legalName: 'Distribuciones El Roble S.A.S.' } as Customer} onClose={vi.fn()} />,
      fixtureDataProvider(fixtures),
    );
    const dialog = within(screen.getByTestId('bags-dialog'));
    expect(await dialog.findAllByTestId('bag-row')).toHaveLength(3);
    const rows = dialog.getAllByTestId('bag-row');
    expect(rows[0]).toHaveTextContent('COLNOMINA_EMPLEADO');
    expect(rows[0]).toHaveTextContent('Baja disponibilidad');
    expect(rows[1]).toHaveTextContent('Sin disponibilidad');
    expect(rows[2]).toHaveTextContent('Ilimitado');
    expect(dialog.getByRole('group', { name: 'Filtros activos' })).toHaveTextContent('Empresa: Distribuciones El Roble S.A.S.');

    await userEvent.click(dialog.getByRole('button', { name: 'Filtrar' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Producto' }));
    await userEvent.click(await screen.findByRole('option', { name: 'FirmaYa' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Aplicar filtro' }));
    expect(dialog.getAllByTestId('bag-row')).toHaveLength(2);
    const chip = within(dialog.getByRole('group', { name: 'Filtros activos' })).getByRole('button', { name: 'Producto: FirmaYa' });
    await userEvent.type(chip, '{Backspace}');
    expect(dialog.getAllByTestId('bag-row')).toHaveLength(3);
  });
});
