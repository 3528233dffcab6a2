import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../testing/admin';
import { ServicesStep } from './ServicesStep';
import type { ContractParameters, ContractedServicesKind } from './types';
import { emptyServiceRow, type ServiceRow } from './values';

const userEvent = userEventLib.setup({ delay: null });

const PARAMETERS = {
  maxValidityAmount: { D: 365, M: 24, A: 2 },
  maxReassignmentQuota: 5,
  validityTypes: [
    { value: 'D', text: 'Días' },
    { value: 'M', text: 'Meses' },
    { value: 'A', text: 'Años' },
  ],
  deviceTypes: [],
  credentialDeliveryTypes: [],
} as unknown as ContractParameters;

const PACKAGES = [
  { id: 1, packageCode: 'FY100', packageName: 'Firmas 100' },
  { id: 2, packageCode: 'FY500', packageName: 'Firmas 500' },
];

const Harness = ({
  initial = [],
  kind = 'isComponentServices',
  editInDialog,
}: {
  initial?: ServiceRow[];
  kind?: ContractedServicesKind;
  editInDialog?: boolean;
}) => {
  const [rows, setRows] = useState<ServiceRow[]>(initial);
  return (
    <ServicesStep
      rows={rows}
      onRowsChange={setRows}
      kind={kind}
      packages={PACKAGES}
      parameters={PARAMETERS}
      productDeviceTypes={[]}
      contractStart="2026-12-01"
      contractEnd="2027-11-30"
      editInDialog={editInDialog}
    />
  );
};

async function pick(label: RegExp, option: string) {
  await userEvent.click(within(screen.getByTestId('service-form')).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function addService(pkg: string, quantity: string, type: string, amount: string) {
  const form = within(screen.getByTestId('service-form'));
  await pick(/Servicio/, pkg);
  if (quantity) await userEvent.type(form.getByRole('textbox', { name: /^Cantidad(?! de)/ }), quantity);
  await pick(/Tipo de vigencia/, type);
  await userEvent.type(form.getByRole('textbox', { name: /Cantidad de vigencia/ }), amount);
  await userEvent.click(form.getByRole('button', { name: 'Guardar servicio' }));
}

describe("'Servicios Contratados'", () => {
  it('adds a line to the table with thousands commas', async () => {
    renderInAdmin(<Harness />);
    await addService('Firmas 100', '1500000', 'Meses', '12');
    const table = screen.getByRole('table', { name: 'Servicios Contratados' });
    const row = within(table).getByText('Firmas 100').closest('tr') as HTMLElement;
    expect(within(row).getByText('1,500,000')).toBeInTheDocument();
    expect(within(row).getByText('Meses')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
  });

  it('the unlimited switch clears and disables the quantity; the table says Ilimitada', async () => {
    renderInAdmin(<Harness />);
    const form = within(screen.getByTestId('service-form'));
    await userEvent.type(form.getByRole('textbox', { name: /^Cantidad(?! de)/ }), '100');
    await userEvent.click(form.getByRole('switch', { name: 'Ilimitado' }));
    expect(form.getByRole('textbox', { name: /^Cantidad(?! de)/ })).toHaveValue('');
    expect(form.getByRole('textbox', { name: /^Cantidad(?! de)/ })).toBeDisabled();
    await addService('Firmas 500', '', 'Días', '30');
    expect(within(screen.getByRole('table')).getByText('Ilimitada')).toBeInTheDocument();
  });

  it("the same product twice: warning 'Ya existe el producto en la lista.'", async () => {
    renderInAdmin(<Harness />);
    await addService('Firmas 100', '100', 'Meses', '12');
    await addService('Firmas 100', '200', 'Meses', '6');
    expect(await screen.findByText('Ya existe el producto en la lista.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it("a bag beyond the contract end: modal 'Vigencia de la bolsa'", async () => {
    renderInAdmin(<Harness />);
    await addService('Firmas 100', '100', 'Años', '2');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Vigencia de la bolsa')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Ten en cuenta que la vigencia de la bolsa debe ser menor o igual a la fecha de finalización del contrato.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a required field missing shows Campo obligatorio and adds nothing', async () => {
    renderInAdmin(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar servicio' }));
    expect(screen.getAllByText('Campo obligatorio').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Aún no hay servicios en la lista.')).toBeInTheDocument();
  });

  it('a saved line cannot be deleted; a new one asks first and then goes', async () => {
    const saved = {
      ...emptyServiceRow(),
      licenseId: 9,
      packageCode: 'FY100',
      validityType: 'M' as const,
      validityAmount: '12',
      isExist: true,
      savedQuantity: 1000,
      used: 10,
    };
    const added = { ...emptyServiceRow(), packageCode: 'FY500', quantity: '50', validityType: 'M' as const, validityAmount: '6' };
    renderInAdmin(<Harness initial={[saved, added]} editInDialog />);
    expect(screen.getByRole('button', { name: 'Eliminar servicio Firmas 100' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar servicio Firmas 500' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Quieres eliminar este servicio?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar servicio' }));
    expect(await screen.findByText('¡Servicio eliminado!', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firmas 500')).not.toBeInTheDocument());
  });

  it("'Editar servicio' adds to a saved bag and says '¡Servicio actualizado!'", async () => {
    const saved = {
      ...emptyServiceRow(),
      licenseId: 9,
      packageCode: 'FY100',
      validityType: 'M' as const,
      validityAmount: '12',
      isExist: true,
      savedQuantity: 1000,
      used: 10,
    };
    renderInAdmin(<Harness initial={[saved]} editInDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar servicio Firmas 100' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /Cantidad a agregar/ }), '500');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    expect(await screen.findByText('¡Servicio actualizado!')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('1,500')).toBeInTheDocument());
  });
});
