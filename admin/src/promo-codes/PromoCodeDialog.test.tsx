import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { promoCodeRecord } from '../testing/records';
import { PromoCodeDialog } from './PromoCodeDialog';

const userEvent = userEventLib.setup({ delay: null });

const USER_TYPES = [
  { id: 1, typeUser: 'Cliente', fullDiscount: false },
  { id: 2, typeUser: 'Empleado', fullDiscount: true },
  { id: 3, typeUser: 'Aliado', fullDiscount: true },
];

function openCreate() {
  const dataProvider = fixtureDataProvider({ 'promo-user-types': USER_TYPES, 'package-options': [] });
  renderInAdmin(<PromoCodeDialog onClose={vi.fn()} />, dataProvider);
  return { dataProvider, dialog: within(screen.getByTestId('promo-code-dialog')) };
}

async function chooseUserType(dialog: ReturnType<typeof within>, name: string) {
  await userEvent.click(await dialog.findByRole('combobox', { name: /Tipo de usuario/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Crear código promocional', () => {
  it("'Uso único' fixes the quantity at 1 and locks it", async () => {
    const { dialog } = openCreate();
    const quantity = await dialog.findByRole('spinbutton', { name: /Cantidad de usos/ });
    await userEvent.type(quantity, '25');
    expect(quantity).toHaveValue(25);
    await userEvent.click(dialog.getByRole('switch', { name: 'Uso único' }));
    await waitFor(() => expect(quantity).toHaveValue(1));
    expect(quantity).toBeDisabled();
  });

  it.each(['Empleado', 'Aliado'])('user type %s forces a 100 % discount', async (name) => {
    const { dialog } = openCreate();
    const value = await dialog.findByRole('spinbutton', { name: /Valor del descuento/ });
    await userEvent.click(dialog.getByRole('radio', { name: 'Valor' }));
    await userEvent.type(value, '5000');
    await chooseUserType(dialog, name);
    await waitFor(() => expect(value).toHaveValue(100));
    expect(value).toBeDisabled();
    expect(dialog.getByRole('radio', { name: 'Porcentaje' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Porcentaje' })).toBeDisabled();
    expect(dialog.getByText('Este tipo de usuario recibe siempre el 100 % de descuento.')).toBeInTheDocument();
  });

  it('a customer code keeps the discount the user types', async () => {
    const { dialog } = openCreate();
    const value = await dialog.findByRole('spinbutton', { name: /Valor del descuento/ });
    await chooseUserType(dialog, 'Cliente');
    await userEvent.type(value, '15');
    expect(value).toHaveValue(15);
    expect(value).toBeEnabled();
  });

  it('a validity over 30 days resets a MONTHLY repetition to never and locks MONTHLY', async () => {
    const { dialog } = openCreate();
    await userEvent.click(await dialog.findByRole('radio', { name: 'Mensual' }));
    expect(dialog.getByRole('radio', { name: 'Mensual' })).toBeChecked();
    expect(dialog.getByRole('spinbutton', { name: /Repetir cada/ })).toBeInTheDocument();

    const end = dialog.getByRole('textbox', { name: /Fin vigencia/ });
    await userEvent.clear(end);
    await userEvent.type(end, '31122099');
    await waitFor(() => expect(dialog.getByRole('radio', { name: 'Nunca' })).toBeChecked());
    expect(dialog.getByRole('radio', { name: 'Mensual' })).toBeDisabled();
    expect(dialog.queryByRole('spinbutton', { name: /Repetir cada/ })).not.toBeInTheDocument();
    expect(dialog.getByText('La repetición mensual solo está disponible para vigencias de 0 a 30 días.')).toBeInTheDocument();
  });
});

// Dates ahead, so that the stored validity is still a valid one.
const STORED = promoCodeRecord({ id: 4, promotionCode: 'VERANO10', effectiveStartDate: '2099-01-01T05:00:00Z', expirationDate: '2099-01-20T05:00:00Z' });

async function editDescription(dataProvider = fixtureDataProvider({ 'promo-user-types': USER_TYPES, 'package-options': [] })) {
  const onClose = vi.fn();
  renderInAdmin(<PromoCodeDialog record={STORED} onClose={onClose} />, dataProvider);
  const dialog = within(screen.getByTestId('promo-code-dialog'));
  await userEvent.type(await dialog.findByRole('textbox', { name: /Descripción/ }), ' 2099');
  await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
  return { dialog, dataProvider, onClose };
}

// The texts that name the code (codeOf): an edit says 'editado', a refused one names the code.
describe('Editar código promocional', () => {
  it('says the code was edited', async () => {
    const { dataProvider, onClose } = await editDescription();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dataProvider.update).toHaveBeenCalledWith('promo-codes', expect.objectContaining({ id: 4 }));
    expect(await screen.findByText('El código promocional se ha editado exitosamente')).toBeInTheDocument();
  });

  it('a refused edit names the code and keeps the dialog', async () => {
    const dataProvider = fixtureDataProvider({ 'promo-user-types': USER_TYPES, 'package-options': [] });
    vi.mocked(dataProvider.update).mockRejectedValue(
      new HttpError('refused', 422, { statusCode: 422, statusMessage: 'Regla', statusDetails: [], correlationId: 'x' }),
    );
    const { dialog, onClose } = await editDescription(dataProvider);
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('El código VERANO10 no fue editado'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
