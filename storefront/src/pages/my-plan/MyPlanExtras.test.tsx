import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storePackage } from '../../store/testing/store-packages';
import { renderInStore } from '../../testing/store-harness';
import { ComplementaryDialog } from './ComplementaryDialog';
import { EmployeeMonths, type EmployeeSource } from './EmployeeMonths';
import type { EmployeeMonthDetail } from './my-plan';

const month = (nameMonth: string, year: number, m: number, quantityUse: number) => ({ nameMonth, year, month: m, quantityUse, transactions: quantityUse });
const detail = (nameMonth: string, year: number, m: number, over: Partial<EmployeeMonthDetail> = {}): EmployeeMonthDetail => ({
  nameMonth,
  year,
  month: m,
  quantityTx: 100,
  quantityBalance: 14,
  quantityUse: 30,
  transactions: 12,
  unlimited: false,
  days: [{ day: `${year}-${String(m).padStart(2, '0')}-03`, quantityUse: 30, transactions: 12 }],
  ...over,
});

describe('My Plan: employee months', () => {
  it('draws a bar per month, oldest first, selects the newest and reads another month when its bar is chosen', async () => {
    const source: EmployeeSource = {
      months: vi.fn(async () => [month('Noviembre', 2026, 11, 30), month('Octubre', 2026, 10, 42), month('Septiembre', 2026, 9, 14)]),
      month: vi.fn(async (year: number, m: number) =>
        m === 11 ? detail('Noviembre', year, m) : detail('Octubre', year, m, { quantityUse: 42, quantityBalance: null, quantityTx: null, unlimited: true }),
      ),
    };
    renderInStore(<EmployeeMonths source={source} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando los meses…');
    const chart = await screen.findByRole('group', { name: 'Empleados usados por mes' });
    const bars = within(chart).getAllByRole('button');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Septiembre 2026: 14 empleados',
      'Octubre 2026: 42 empleados',
      'Noviembre 2026: 30 empleados',
    ]);
    expect(bars[2]).toHaveAttribute('aria-pressed', 'true');
    const november = await screen.findByRole('region', { name: 'Detalle de Noviembre 2026' });
    expect(november).toHaveTextContent('Plan del mes100');
    expect(november).toHaveTextContent('Empleados usados30');
    expect(november).toHaveTextContent('Saldo al cierre14');
    expect(november).toHaveTextContent('Días con transacciones: 1');

    await userEvent.click(bars[1]);
    const october = await screen.findByRole('region', { name: 'Detalle de Octubre 2026' });
    expect(source.month).toHaveBeenLastCalledWith(2026, 10);
    expect(october).toHaveTextContent('Plan del mesIlimitado');
    expect(october).toHaveTextContent('Saldo al cierreIlimitado');
  });

  it('says so when there is no employee use yet, and shows a failure', async () => {
    const { unmount } = renderInStore(<EmployeeMonths source={{ months: async () => [], month: vi.fn() }} />);
    expect(await screen.findByText('Aún no hay consumo de empleados.')).toBeInTheDocument();
    unmount();
    renderInStore(<EmployeeMonths source={{ months: () => Promise.reject(new Error('Servicio no disponible')), month: vi.fn() }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de servidor');
  });
});

describe("My Plan: 'Comprar más'", () => {
  it("lists the service's complementary packages only and hands one to the cart, opening it", async () => {
    const extra = storePackage('Paquete 10 empleados adicionales', { type: 'CMP', packagePrice: 150000 });
    const base = storePackage('Colnómina Emprendedor');
    const onClose = vi.fn();
    const { cart } = renderInStore(<ComplementaryDialog load={async () => [base, extra]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Paquetes complementarios' });
    const item = await within(dialog).findByRole('listitem', { name: 'Paquete 10 empleados adicionales' });
    expect(within(dialog).queryByText('Colnómina Emprendedor')).toBeNull();
    expect(item).toHaveTextContent('$150.000 IVA incluido');
    await userEvent.click(within(item).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(cart.getSnapshot().modalOpen).toBe(true));
    expect(cart.getSnapshot().cart.items).toMatchObject([{ packageName: 'Paquete 10 empleados adicionales' }]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'No hay información' when the service has no complementary package", async () => {
    renderInStore(<ComplementaryDialog load={async () => [storePackage('Colnómina Emprendedor')]} onClose={vi.fn()} />);
    expect(await screen.findByText('No hay información')).toBeInTheDocument();
  });
});
