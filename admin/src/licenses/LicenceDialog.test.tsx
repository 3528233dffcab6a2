import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { LicenceDialog } from './LicenceDialog';
import type { Licence } from './licenceForm';

const userEvent = userEventLib.setup({ delay: null });

const post = vi.hoisted(() => vi.fn());
vi.mock('../api', () => ({ api: { POST: post } }));

const fixtures = {
  services: [{ id: 1, serviceName: 'Colnómina' }],
  packages: [
    { id: 2, packageCode: 'PLAN100', packageName: 'Plan 100' },
    { id: 3, packageCode: 'BIILIMITADO', packageName: 'Ilimitado' },
  ],
};

function open(licence?: Licence) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderInAdmin(<LicenceDialog customerId={9} licence={licence} onClose={onClose} onSaved={onSaved} />, fixtureDataProvider(fixtures));
  return { onClose, onSaved, dialog: within(screen.getByTestId('licence-dialog')) };
}

type Dialog = ReturnType<typeof within>;

async function pick(dialog: Dialog, label: RegExp, option: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function typeRange(dialog: Dialog, index: number, min: string, max: string, price: string) {
  const row = within(dialog.getAllByTestId('licence-range')[index] as HTMLElement);
  await userEvent.type(row.getByRole('textbox', { name: /Rango mínimo/ }), min);
  await userEvent.type(row.getByRole('textbox', { name: /Rango máximo/ }), max);
  await userEvent.type(row.getByRole('textbox', { name: /Valor/ }), price);
}

const save = (dialog: Dialog, name = 'Añadir') => dialog.getByRole('button', { name });

describe("'Añadir licencia'", () => {
  it('enables saving only with service, package and a complete range, and sends them', async () => {
    post.mockResolvedValue({ data: { statusCode: 200, statusMessage: '¡Licencia añadida con éxito!' }, response: new Response('{}', { status: 200 }) });
    const { dialog, onSaved } = open();
    await pick(dialog, /Servicio/, 'Colnómina');
    await pick(dialog, /Paquete/, 'Plan 100');
    expect(save(dialog)).toBeDisabled();
    await typeRange(dialog, 0, '1', '100', '500');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await userEvent.click(save(dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('add'));
    expect(post).toHaveBeenCalledWith('/license/api/purchaseOrderLicense/AddNewCustomerLicense', {
      body: { customerId: 9, serviceId: 1, packageId: 2, transactionRanges: [{ id: null, rangeMinimum: 1, rangeMaximum: 100, rangePrice: 500 }] },
    });
    expect(await screen.findByText('¡Perfecto! ¡Licencia añadida con éxito!')).toBeInTheDocument();
  });

  it('asks for the contract number of BIILIMITADO and shows its dates', async () => {
    const { dialog } = open();
    await pick(dialog, /Servicio/, 'Colnómina');
    await pick(dialog, /Paquete/, 'Ilimitado');
    await typeRange(dialog, 0, '1', '100', '500');
    expect(dialog.getByRole('textbox', { name: /Fecha inicio/ })).toBeInTheDocument();
    expect(save(dialog)).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: /Número de contrato/ }), 'CT-77');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
  });

  it('says why overlapping ranges are refused', async () => {
    const { dialog } = open();
    await pick(dialog, /Servicio/, 'Colnómina');
    await pick(dialog, /Paquete/, 'Plan 100');
    await typeRange(dialog, 0, '1', '100', '500');
    await userEvent.click(dialog.getByRole('button', { name: 'Agregar rango' }));
    await typeRange(dialog, 1, '50', '200', '400');
    await userEvent.tab();
    expect(await dialog.findByText('Rango mínimo ya se encuentra dentro de los valores parametrizados.')).toBeInTheDocument();
    expect(save(dialog)).toBeDisabled();
  });

  it('shows the server reason of a 422 as a warning', async () => {
    post.mockResolvedValue({
      error: { statusCode: 422, statusMessage: 'Regla', statusDetails: [{ field: 'finalDate', description: 'La fecha debe ser posterior a 25/11/2026' }] },
      response: new Response('{}', { status: 422 }),
    });
    const { dialog, onSaved } = open();
    await pick(dialog, /Servicio/, 'Colnómina');
    await pick(dialog, /Paquete/, 'Plan 100');
    await typeRange(dialog, 0, '1', '100', '500');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await userEvent.click(save(dialog));
    expect(await dialog.findByText('La fecha debe ser posterior a 25/11/2026')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks before cancelling: NO keeps the form, SI closes it', async () => {
    const { dialog, onClose } = open();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Quieres cancelar la creación de esta nueva licencia?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'NO' }));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('¿Quieres cancelar la creación de esta nueva licencia?')).not.toBeInTheDocument());
    await userEvent.click(await dialog.findByRole('button', { name: 'Cancelar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'SI' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("'Editar Licencia'", () => {
  const licence = {
    id: 41,
    serviceId: 1,
    packageId: 2,
    packageSnapshot: { packageCode: 'PLAN100', packageName: 'Plan 100', features: [] },
    contractNumber: null,
    effectiveAt: '2026-11-01T05:01:00Z',
    expiresAt: '2027-11-01T04:59:59Z',
    transactionRanges: [{ id: 7, rangeMinimum: 1, rangeMaximum: 100, rangePrice: 500 }],
  } as unknown as Licence;

  it('locks all but the ranges and sends them whole', async () => {
    post.mockResolvedValue({ data: { statusCode: 200 }, response: new Response('{}', { status: 200 }) });
    const { dialog, onSaved } = open(licence);
    expect(dialog.getByRole('combobox', { name: /Servicio/ })).toHaveAttribute('aria-disabled', 'true');
    expect(dialog.getByRole('combobox', { name: /Paquete/ })).toHaveAttribute('aria-disabled', 'true');
    const max = dialog.getByRole('textbox', { name: /Rango máximo/ });
    await userEvent.clear(max);
    await userEvent.type(max, '150');
    await userEvent.click(save(dialog, 'Actualizar'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('update'));
    expect(post).toHaveBeenCalledWith('/license/api/license/SetLicenseTransactionRange', {
      body: { PurchaseOrderLicenseId: 41, licenseTransactionRange: [{ id: 7, rangeMinimum: 1, rangeMaximum: 150, rangePrice: 500 }] },
    });
  });

  it('refuses a minimum above the maximum', async () => {
    const { dialog } = open(licence);
    const min = dialog.getByRole('textbox', { name: /Rango mínimo/ });
    await userEvent.clear(min);
    await userEvent.type(min, '300');
    await userEvent.tab();
    expect(await dialog.findByText('Rango mínimo no puede ser mayor al rango máximo.')).toBeInTheDocument();
    expect(save(dialog, 'Actualizar')).toBeDisabled();
  });

  it('says the update warning on a 422', async () => {
    post.mockResolvedValue({ error: { statusCode: 422, statusMessage: 'x', statusDetails: [] }, response: new Response('{}', { status: 422 }) });
    const { dialog } = open(licence);
    const max = dialog.getByRole('textbox', { name: /Rango máximo/ });
    await userEvent.clear(max);
    await userEvent.type(max, '150');
    await userEvent.click(save(dialog, 'Actualizar'));
    expect(await dialog.findByText('No se pudo actualizar la licencia al cliente.')).toBeInTheDocument();
  });
});
