import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { PackageDialog } from './PackageDialog';

const userEvent = userEventLib.setup({ delay: null });

function openCreate() {
  const dataProvider = fixtureDataProvider({
    'package-types': [{ id: 1, packageTypeCode: 'BAS', packageTypeName: 'Básico' }],
    channels: [{ id: 1, channelType: 'Web' }],
    services: [],
    customers: [],
  });
  renderInAdmin(<PackageDialog onClose={vi.fn()} />, dataProvider);
  return { dataProvider, dialog: within(screen.getByTestId('package-dialog')) };
}

describe('Crear paquete', () => {
  it("a missing offer image says 'Campo obligatorio'", async () => {
    const { dialog, dataProvider } = openCreate();
    await userEvent.type(await dialog.findByRole('textbox', { name: /Código/ }), 'PAQ1');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    const imageSection = dialog.getByText(/Imagen de la oferta/, { selector: 'label' }).parentElement as HTMLElement;
    await waitFor(() => expect(within(imageSection).getByRole('alert')).toHaveTextContent(/^Campo obligatorio$/));
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it("switching the offer off and on leaves no old 'Campo obligatorio' under a filled start date", async () => {
    const { dialog } = openCreate();
    const offer = await dialog.findByRole('switch', { name: 'Aplicar oferta' });
    await userEvent.click(offer);
    const start = dialog.getByRole('textbox', { name: /Fecha inicio oferta/ });
    await userEvent.clear(start);
    await userEvent.tab();
    await waitFor(() => expect(start).toHaveAccessibleDescription('Campo obligatorio'));

    await userEvent.click(offer);
    await userEvent.click(offer);
    const again = dialog.getByRole('textbox', { name: /Fecha inicio oferta/ });
    expect((again as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(again).not.toHaveAccessibleDescription('Campo obligatorio');
    expect(again).toHaveAttribute('aria-invalid', 'false');
  });
});
