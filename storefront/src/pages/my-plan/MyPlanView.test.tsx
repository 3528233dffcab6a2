import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MyPlan } from './my-plan';
import { MyPlanView } from './MyPlanView';

const PLAN: MyPlan = {
  serviceId: 1,
  serviceName: 'Colnómina',
  serviceNameDescription: 'Nómina electrónica y gestión de empleados',
  packageName: 'Colnómina Empresarial',
  expirationDate: '2027-03-01T04:59:59.999Z',
  packagesFeatures: [
    {
      featureCode: 'COLNOMINA_EMPLEADO',
      featureAlias: 'Empleados',
      logoType: null,
      quantityTxLabel: '1.100',
      amountBalanceTxLabel: '150',
      quantityAddLabel: '1.000',
      total: 1100,
      used: 950,
      available: 150,
      added: 1000,
      unlimited: false,
      percentageUsed: 86.36,
      availability: 'Baja disponibilidad',
    },
  ],
  packagesActiveInfo: [
    {
      licenceId: 1,
      packageType: 'BAS',
      packageCode: 'CN-EMPRESARIAL',
      packageName: 'Colnómina Empresarial',
      effectiveDate: '2026-05-09T15:00:00.000Z',
      expirationDate: '2026-12-10T04:59:59.999Z',
      isNearToExpire: true,
      isActivated: true,
    },
    {
      licenceId: 2,
      packageType: 'CMP',
      packageCode: 'CN-EMPLEADOS',
      packageName: 'Empleados adicionales',
      effectiveDate: '2026-06-01T15:00:00.000Z',
      expirationDate: null,
      isNearToExpire: false,
      isActivated: false,
    },
  ],
};

describe('MyPlanView', () => {
  it('shows the plan card, the feature cards and the acquired plans with their badges', () => {
    render(<MyPlanView state={{ status: 'done', kind: 'plan', plan: PLAN }} landingUrl="/" />);
    expect(screen.getByRole('heading', { name: 'Mi plan Colnómina' })).toBeInTheDocument();
    expect(screen.getByText('Vence el 28/02/2027')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Empleados' });
    expect(within(card).getByText('Plan: 1.100')).toBeInTheDocument();
    expect(within(card).getByText('Disponible: 150')).toBeInTheDocument();
    expect(within(card).getByText('Adicionales: 1.000')).toBeInTheDocument();
    expect(within(card).getByText('86,4 % usado')).toBeInTheDocument();
    expect(within(card).getByText('Baja disponibilidad')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mis planes adquiridos' })).toBeInTheDocument();
    const base = screen.getByRole('region', { name: 'Planes base' });
    expect(within(base).getByText('Colnómina Empresarial')).toBeInTheDocument();
    expect(within(base).getByText('Próximo a vencer')).toBeInTheDocument();
    expect(within(base).queryByText('Pendiente activación')).not.toBeInTheDocument();
    const extra = screen.getByRole('region', { name: 'Paquetes complementarios' });
    expect(within(extra).getByText('Pendiente activación')).toBeInTheDocument();
    expect(within(extra).getByText('Sin vencimiento')).toBeInTheDocument();
  });

  it('shows the expired view with a button to the landing page', () => {
    render(<MyPlanView state={{ status: 'done', kind: 'expired' }} landingUrl="https://colnomina.example.com" />);
    expect(screen.getByRole('heading', { name: '¡Tu plan base ha vencido!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adquirir plan' })).toHaveAttribute('href', 'https://colnomina.example.com');
  });

  it('shows empty tables when the company has no plan, the loading state and the server error', () => {
    const empty = { ...PLAN, packageName: null, expirationDate: null, packagesFeatures: [], packagesActiveInfo: [] };
    const { rerender } = render(<MyPlanView state={{ status: 'done', kind: 'plan', plan: empty }} landingUrl="/" />);
    expect(screen.getByText('Aún no tienes un plan base')).toBeInTheDocument();
    expect(screen.getAllByText('No existe información correspondiente')).toHaveLength(2);
    rerender(<MyPlanView state={{ status: 'loading' }} landingUrl="/" />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando tu plan…');
    rerender(<MyPlanView state={{ status: 'error', message: 'Error de servidor' }} landingUrl="/" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error de servidor');
  });

  it("offers 'Comprar más' on the plan and feature cards, and shows the employee months for an employee feature", async () => {
    const onBuyMore = vi.fn();
    const { rerender } = render(
      <MyPlanView state={{ status: 'done', kind: 'plan', plan: PLAN }} landingUrl="/" onBuyMore={onBuyMore} employees={<p>Meses de empleados</p>} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Comprar más Empleados' }));
    await userEvent.click(screen.getByRole('button', { name: 'Comprar más para Colnómina Empresarial' }));
    expect(onBuyMore).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Meses de empleados')).toBeInTheDocument();
    const noEmployees = { ...PLAN, packagesFeatures: PLAN.packagesFeatures.map((f) => ({ ...f, featureCode: 'COLNOMINA_USUARIO' })) };
    rerender(
      <MyPlanView state={{ status: 'done', kind: 'plan', plan: noEmployees }} landingUrl="/" onBuyMore={onBuyMore} employees={<p>Meses de empleados</p>} />,
    );
    expect(screen.queryByText('Meses de empleados')).toBeNull();
  });
});
