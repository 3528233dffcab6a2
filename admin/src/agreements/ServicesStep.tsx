import { Dialog, DialogContent, DialogTitle, Divider, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { AGREEMENT_MESSAGES } from '@licencias/common/rules';
import { MessageDialog } from './MessageDialog';
import { ServiceForm } from './ServiceForm';
import { ServicesTable } from './ServicesTable';
import type { ContractedServicesKind, ContractParameters, ProductPackage } from './types';
import { useServiceDraft } from './useServiceDraft';
import type { ServiceRow } from './values';

/** Service messages last 2 s; a deletion takes effect 1 s after it is confirmed (§9). */
const SERVICE_MESSAGE_MS = 2000;
const DELETE_DELAY_MS = 1000;

export interface ServicesStepProps {
  rows: ServiceRow[];
  onRowsChange: (rows: ServiceRow[]) => void;
  kind: ContractedServicesKind;
  packages: readonly ProductPackage[];
  parameters: ContractParameters | undefined;
  productDeviceTypes: readonly number[];
  contractStart: string;
  contractEnd: string;
  /** The edit screen edits a line in the 'Editar servicio' modal; the wizard loads it into the form. */
  editInDialog?: boolean;
}

/** 'Servicios Contratados': the form, the table, 'Editar servicio', deletion and the 'Vigencia de la bolsa' modal. */
export const ServicesStep = ({
  rows,
  onRowsChange,
  kind,
  packages,
  parameters,
  productDeviceTypes,
  contractStart,
  contractEnd,
  editInDialog,
}: ServicesStepProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const options = { rows, kind, parameters, contractStart, contractEnd };
  const form = useServiceDraft(options);
  const dialog = useServiceDraft(options);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<ServiceRow | null>(null);
  const formProps = { kind, packages, parameters, productDeviceTypes };

  const store = (row: ServiceRow) => {
    const index = rows.findIndex((r) => r.key === row.key);
    onRowsChange(index < 0 ? [...rows, row] : rows.map((r) => (r.key === row.key ? row : r)));
    return index >= 0;
  };

  const saveForm = () => {
    const row = form.accept();
    if (!row) return;
    const replaced = store(row);
    form.reset();
    if (replaced) notify(AGREEMENT_MESSAGES.serviceUpdated, { type: 'success', autoHideDuration: SERVICE_MESSAGE_MS });
  };

  const saveDialog = () => {
    const row = dialog.accept();
    if (!row) return;
    store(row);
    setEditing(false);
    notify(AGREEMENT_MESSAGES.serviceUpdated, { type: 'success', autoHideDuration: SERVICE_MESSAGE_MS });
  };

  const edit = (row: ServiceRow) => {
    if (editInDialog) {
      dialog.load(row);
      setEditing(true);
    } else form.load(row);
  };

  const confirmDelete = () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    setTimeout(() => {
      onRowsChange(rows.filter((r) => r.key !== row.key));
      if (form.row.key === row.key) form.reset();
      notify(AGREEMENT_MESSAGES.serviceDeleted, { type: 'success', autoHideDuration: SERVICE_MESSAGE_MS });
    }, DELETE_DELAY_MS);
  };

  const validityWarning = form.validityWarning || dialog.validityWarning;
  return (
    <Stack spacing={2}>
      <ServiceForm
        key={form.row.key}
        row={form.row}
        onChange={form.change}
        onSave={saveForm}
        errors={form.errors}
        showErrors={form.showErrors}
        {...formProps}
      />
      <Divider />
      <ServicesTable rows={rows} packages={packages} parameters={parameters} onEdit={edit} onDelete={setDeleting} />
      <Dialog open={editing} onClose={() => setEditing(false)} maxWidth="md" fullWidth aria-labelledby="edit-service-title">
        <DialogTitle id="edit-service-title">{translate('resources.agreements.actions.edit_service')}</DialogTitle>
        <DialogContent>
          <ServiceForm
            key={dialog.row.key}
            row={dialog.row}
            onChange={dialog.change}
            onSave={saveDialog}
            errors={dialog.errors}
            showErrors={dialog.showErrors}
            {...formProps}
          />
        </DialogContent>
      </Dialog>
      <MessageDialog
        open={!!deleting}
        icon="warning"
        title={AGREEMENT_MESSAGES.deleteService}
        confirmLabel={translate('resources.agreements.actions.delete_service')}
        onConfirm={confirmDelete}
        cancelLabel={translate('resources.agreements.actions.cancel')}
        onCancel={() => setDeleting(null)}
      />
      <MessageDialog
        open={validityWarning}
        icon="warning"
        title={AGREEMENT_MESSAGES.bagValidityTitle}
        text={AGREEMENT_MESSAGES.bagValidity}
        confirmLabel={translate('resources.agreements.actions.accept')}
        onConfirm={() => {
          form.closeValidityWarning();
          dialog.closeValidityWarning();
        }}
      />
    </Stack>
  );
};
