import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { NEVER_CHANGED } from '../testing/records';
import { FeatureTypeDialog } from './FeatureTypeDialog';
import type { FeatureType } from './types';

// The catalogue dialogs' one save flow (useCatalogueDialog), seen through the simplest of them.

const userEvent = userEventLib.setup({ delay: null });

const STORED: FeatureType = {
  id: 7,
  featureTypeName: 'Almacenamiento',
  categoryType: 'F',
  categoryTypeName: 'Funcionalidad Sistema',
  idstate: 0,
  version: 3,
  ...NEVER_CHANGED,
};

function open(record?: FeatureType, dataProvider = fixtureDataProvider()) {
  const onClose = vi.fn();
  renderInAdmin(<FeatureTypeDialog record={record} onClose={onClose} />, dataProvider);
  return { onClose, dataProvider, dialog: within(screen.getByTestId('feature-type-dialog')) };
}

describe('catalogue dialog save flow', () => {
  it('creates, says so and closes', async () => {
    const { dialog, dataProvider, onClose } = open();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transaccionalidad' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Nombre/ }), '  Firmas ');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dataProvider.create).toHaveBeenCalledWith(
      'feature-types',
      expect.objectContaining({ data: { featureTypeName: 'Firmas', categoryType: 'T', idstate: 0 } }),
    );
    expect(await screen.findByText('La característica se ha guardado exitosamente.')).toBeInTheDocument();
  });

  it('sends an edit with the version read', async () => {
    const { dialog, dataProvider, onClose } = open(STORED);
    const name = dialog.getByRole('textbox', { name: /Nombre/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Almacenamiento en la nube');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dataProvider.update).toHaveBeenCalledWith(
      'feature-types',
      expect.objectContaining({ id: 7, data: { featureTypeName: 'Almacenamiento en la nube', categoryType: 'F', idstate: 0, version: 3 } }),
    );
  });

  it('sends nothing when the edit changes nothing that is saved', async () => {
    const { dialog, dataProvider, onClose } = open(STORED);
    await userEvent.type(dialog.getByRole('textbox', { name: /Nombre/ }), '  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('keeps the dialog and the input when someone else changed the record (409)', async () => {
    const dataProvider = fixtureDataProvider();
    vi.mocked(dataProvider.update).mockRejectedValue(
      new HttpError('conflict', 409, { statusCode: 409, statusMessage: 'Conflicto', statusDetails: [], correlationId: 'x' }),
    );
    const { dialog, onClose } = open(STORED, dataProvider);
    await userEvent.type(dialog.getByRole('textbox', { name: /Nombre/ }), ' 2');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    const text = 'Otra persona modificó este registro mientras lo editabas. Recarga la página para ver los cambios y vuelve a intentarlo.';
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(text));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.getByRole('textbox', { name: /Nombre/ })).toHaveValue('Almacenamiento 2');
  });
});
