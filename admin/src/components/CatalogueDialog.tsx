import { Box, type Breakpoint } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog } from './FormDialog';
import { type AuditedRecord, type CatalogueForm, useCatalogueDialog } from './useCatalogueDialog';
import { AuditLine } from './userNames';

/**
 * The create or edit dialog of a catalogue record, from the resource's `form`: the resource's
 * context, the title (`resources.<resource>.dialog.create` / `.edit`), the form with the one save
 * flow (useCatalogueDialog; the server's field problems go to the form's fields), the audit line
 * of a record being edited, and `<resource in singular>-dialog` as its test id. The children are
 * the inputs.
 */
export function CatalogueDialog<V extends FieldValues, R extends AuditedRecord>({
  form,
  record,
  onClose,
  maxWidth = 'sm',
  busy,
  saveLabel,
  ready,
  children,
}: {
  form: CatalogueForm<V, R>;
  record?: R;
  onClose: () => void;
  maxWidth?: Breakpoint;
  /** Something else is in progress (an upload being read): saving waits. */
  busy?: boolean;
  /** i18n key of the save button (react-admin's 'Guardar' by default). */
  saveLabel?: string;
  /** Saving is disabled until it holds (see FormDialog). */
  ready?: (values: V) => boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { resource, valuesOf } = form;
  const initial = useMemo(() => valuesOf(record), [valuesOf, record]);
  const fields = useMemo(() => Object.keys(initial), [initial]);
  const { submit, failure } = useCatalogueDialog(form, record, onClose, fields);
  return (
    <ResourceContextProvider value={resource}>
      <FormDialog<V>
        open
        title={translate(`resources.${resource}.dialog.${record ? 'edit' : 'create'}`)}
        record={initial}
        onClose={onClose}
        onSubmit={submit}
        failure={failure}
        maxWidth={maxWidth}
        busy={busy}
        saveLabel={saveLabel}
        ready={ready}
        testId={`${resource.replace(/s$/, '')}-dialog`}
      >
        {children}
        {record && (
          <Box sx={{ mt: 2 }}>
            <AuditLine record={record} />
          </Box>
        )}
      </FormDialog>
    </ResourceContextProvider>
  );
}
