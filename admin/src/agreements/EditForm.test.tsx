import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../testing/admin';
import { EditForm } from './EditForm';
import type { Agreement, ContractParameters } from './types';

const userEvent = userEventLib.setup({ delay: null });

const { update } = vi.hoisted(() => ({ update: vi.fn() }));

const PARAMETERS = {
  paymentTypes: [{ value: '1', text: 'Contado' }],
  documentTypes: [{ value: 4, text: 'NIT', documentTypeCode: 'NIT' }],
  validityTypes: [{ value: 'M', text: 'Meses' }],
  deviceTypes: [],
  credentialDeliveryTypes: [],
  maxReassignmentQuota: 5,
  showLegalRepresentative: false,
  startDate: { isBeyondOneMonth: true, dateUnit: 'D', quantity: 3650 },
  maxValidityAmount: { D: 365, M: 24, A: 2 },
  maxContractValidityYears: 2,
  alertPeriodicity: [],
  defaultConsumptionAlert: 90,
} as ContractParameters;

vi.mock('./useWizardLookups', () => ({
  useWizardLookups: () => ({
    products: [],
    product: undefined,
    parameters: PARAMETERS,
    packages: [{ id: 7, packageCode: 'FY-PRO', packageName: 'FirmaYa Profesional' }],
    managers: [],
    departments: [],
    blockedDomains: [],
    productDeviceTypes: [],
    isPending: false,
    isError: false,
  }),
}));
vi.mock('./agreementApi', async (original) => ({ ...(await original<typeof import('./agreementApi')>()), updateSection: update }));

const AGREEMENT = {
  id: 1,
  contractId: 1,
  contract: {
    contractNumber: 'CONV-1',
    contractStartDate: '2026-12-01',
    contractEndDate: '2027-11-30',
    commercialManagerId: 'm-1',
    paymentConditionId: 1,
    serviceId: 2,
  },
  service: { id: 2, serviceName: 'FirmaYa', serviceNameContract: null, requiresSupervision: false, contractedServices: 'isComponentServices' },
  commercialManager: { id: 'm-1', name: 'Carlos Rendón Ospina' },
  paymentCondition: { id: 1, name: 'Contado' },
  customer: {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: '901234567',
    legalName: 'Constructora Los Andes S.A.',
    customerId: 2,
    dv: '7',
    customerName: 'Constructora Los Andes S.A.',
    legalRepresentativeName: null,
  },
  supervisor: null,
  contractedServices: [],
  alertOptions: { consumptionPercentageAlert: 90, deliveryTime: '08:00', deliveryFrequency: 'D' },
  version: 3,
  createdBy: 'comercial',
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: null,
} as unknown as Agreement;

async function changeNumber() {
  const number = screen.getByRole('textbox', { name: /Número de oportunidad/ });
  await userEvent.clear(number);
  await userEvent.type(number, 'CONV-2');
}

async function fillTicket() {
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.type(dialog.getByRole('textbox', { name: /Número del ticket/ }), 'TK1');
  await userEvent.type(dialog.getByRole('textbox', { name: /Observaciones/ }), 'Cambio de número');
  await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
}

describe("'Editar Convenio'", () => {
  it('Cancelar and Guardar Cambios are disabled until something changes; Cancelar reverts', async () => {
    renderInAdmin(<EditForm agreement={AGREEMENT} />);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
    await changeNumber();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('textbox', { name: /Número de oportunidad/ })).toHaveValue('CONV-1');
  });

  it('leaving a changed step asks first', async () => {
    renderInAdmin(<EditForm agreement={AGREEMENT} />);
    await changeNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Periodicidad de alertas' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Se realizaron cambios en el convenio, ¿Deseas guardarlos?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { name: 'Periodicidad de alertas' })).toBeInTheDocument();
  });

  it('saves the step with the ticket and the version read', async () => {
    update.mockResolvedValueOnce({ ...AGREEMENT, version: 4, contract: { ...AGREEMENT.contract, contractNumber: 'CONV-2' } });
    renderInAdmin(<EditForm agreement={AGREEMENT} />);
    await changeNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await fillTicket();
    expect(update).toHaveBeenCalledWith(
      1,
      { version: 3, ticketNumber: 'TK1', observations: 'Cambio de número' },
      expect.objectContaining({ step: 'contract', contract: expect.objectContaining({ contractNumber: 'CONV-2' }) }),
    );
    expect(await screen.findByText('¡Convenio actualizado!')).toBeInTheDocument();
  });

  it("someone else saved first (409): the server's message, 'Entendido' restores the saved values", async () => {
    update.mockRejectedValueOnce(
      new HttpError('conflict', 409, {
        statusCode: 409,
        statusMessage: 'El convenio fue modificado por otra persona; recarga para ver sus cambios.',
        statusDetails: [],
        result: null,
      }),
    );
    renderInAdmin(<EditForm agreement={AGREEMENT} />);
    await changeNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await fillTicket();
    const dialog = within(await screen.findByRole('dialog', { name: /No se pudo actualizar el convenio/ }));
    expect(dialog.getByText('El convenio fue modificado por otra persona; recarga para ver sus cambios.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Número de oportunidad/ })).toHaveValue('CONV-1'));
  });

  it("a server failure says 'Se ha presentado un error al actualizar el convenio.'", async () => {
    update.mockRejectedValueOnce(
      new HttpError('x', 500, {
        statusCode: 500,
        statusMessage: 'Error de servidor',
        statusDetails: [{ description: 'Referencia del error: 1' }],
        result: null,
      }),
    );
    renderInAdmin(<EditForm agreement={AGREEMENT} />);
    await changeNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await fillTicket();
    expect(await screen.findByText('Se ha presentado un error al actualizar el convenio.')).toBeInTheDocument();
  });
});
