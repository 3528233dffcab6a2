import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../testing/admin';
import { CreateWizard } from './CreateWizard';
import type { ContractParameters, ProductOption } from './types';

const userEvent = userEventLib.setup({ delay: null });

const { exists } = vi.hoisted(() => ({ exists: vi.fn(async (_number: string) => false) }));

const PRODUCTS: ProductOption[] = [
  {
    value: 3,
    label: 'FirmaYa',
    name: 'FirmaYa',
    nameContract: null,
    contractedServices: 'isComponentServices',
    requiresSupervision: false,
    isContractFullAccess: true,
    deviceTypeId: '',
  },
  {
    value: 4,
    label: 'Colnómina',
    name: 'Colnómina',
    nameContract: null,
    contractedServices: 'isComponentServices',
    requiresSupervision: true,
    isContractFullAccess: true,
    deviceTypeId: '',
  },
];

const PARAMETERS = {
  paymentTypes: [{ value: '1', text: 'Contado' }],
  documentTypes: [
    { value: 1, text: 'Cédula de ciudadanía', documentTypeCode: 'CC' },
    { value: 4, text: 'NIT', documentTypeCode: 'NIT' },
  ],
  validityTypes: [{ value: 'M', text: 'Meses' }],
  deviceTypes: [],
  credentialDeliveryTypes: [],
  maxReassignmentQuota: 5,
  showLegalRepresentative: true,
  startDate: { isBeyondOneMonth: false, dateUnit: 'D', quantity: 0 },
  maxValidityAmount: { D: 365, M: 24, A: 2 },
  maxContractValidityYears: 2,
  alertPeriodicity: [],
  defaultConsumptionAlert: 90,
} as ContractParameters;

vi.mock('./useWizardLookups', () => ({
  useWizardLookups: (serviceId: number | null) => ({
    products: PRODUCTS,
    product: PRODUCTS.find((p) => p.value === serviceId),
    parameters: PARAMETERS,
    packages: [],
    managers: serviceId ? [{ id: `manager-${serviceId}`, name: `Gestor ${serviceId}` }] : [],
    departments: [],
    blockedDomains: [],
    productDeviceTypes: [],
    isPending: false,
    isError: false,
  }),
}));

vi.mock('./agreementApi', async (original) => ({ ...(await original<typeof import('./agreementApi')>()), contractNumberExists: exists }));

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe("'Nuevo Convenio'", () => {
  it('shows the five steps and starts on Información Contrato', () => {
    renderInAdmin(<CreateWizard />);
    for (const step of ['Información Contrato', 'Información Cliente', 'Información Supervisor', 'Servicios Contratados', 'Resumen'])
      expect(screen.getAllByText(step).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Volver' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  });

  it('another product clears the manager and the opportunity number', async () => {
    renderInAdmin(<CreateWizard />);
    await pick(/Producto/, 'FirmaYa');
    await userEvent.type(screen.getByRole('textbox', { name: /Número de oportunidad/ }), 'OP-1');
    await pick(/Gestor operativo/, 'Gestor 3');
    await pick(/Producto/, 'Colnómina');
    expect(screen.getByRole('textbox', { name: /Número de oportunidad/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Gestor operativo/ })).not.toHaveTextContent('Gestor');
  });

  it('another start date clears the end date', async () => {
    renderInAdmin(<CreateWizard />);
    const start = screen.getByRole('textbox', { name: /Fecha inicio/ });
    const end = screen.getByRole('textbox', { name: /Fecha fin/ });
    await userEvent.type(start, '01012026');
    await userEvent.type(end, '31122026');
    expect(end).toHaveValue('31/12/2026');
    await userEvent.clear(start);
    await userEvent.type(start, '02012026');
    expect(end).toHaveValue('');
  });

  it("a taken opportunity number says so and disables 'Siguiente'", async () => {
    exists.mockResolvedValueOnce(true);
    renderInAdmin(<CreateWizard />);
    await userEvent.type(screen.getByRole('textbox', { name: /Número de oportunidad/ }), 'OP-TOMADO');
    await userEvent.tab();
    expect(await screen.findByText('Número de contrato ya se encuentra registrado.')).toBeInTheDocument();
    expect(exists).toHaveBeenCalledWith('OP-TOMADO');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('Siguiente with empty fields shows the rules and stays', async () => {
    renderInAdmin(<CreateWizard />);
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(screen.getAllByText('Campo obligatorio').length).toBeGreaterThanOrEqual(5));
    expect(screen.getByRole('heading', { name: 'Información Contrato' })).toBeInTheDocument();
  });
});
