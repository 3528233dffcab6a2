import { Box, type Breakpoint } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog } from './FormDialog';
import { type AuditedRecord, type CatalogueDialogOptions, useCatalogueDialog } from './useCatalogueDialog';
import { AuditLine } from './userNames';

/**
 * The create or edit dialog of a catalogue record: the resource's context, the title
 * (`resources.<resource>.dialog.create` / `.edit`), the form with the one save flow
 * (useCatalogueDialog; the server's field problems go to the form's fields), the audit line of
 * a record being edited, and `<resource in singular>-dialog` as its test id.
 */
export function CatalogueDialog<V extends FieldValues, R extends AuditedRecord>({
  resource,
  record,
  valuesOf,
  onClose,
  save,
  maxWidth = 'sm',
  busy,
  children,
}: {
  resource: string;
  record?: R;
  /** The form's first values: the record's, or a new record's. */
  valuesOf: (record?: R) => V;
  onClose: () => void;
  save: Omit<CatalogueDialogOptions<V>, 'resource' | 'record' | 'onClose' | 'fields'>;
  maxWidth?: Breakpoint;
  /** Something else is in progress (an upload being read): saving waits. */
  busy?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const initial = useMemo(() => valuesOf(record), [valuesOf, record]);
  const fields = useMemo(() => Object.keys(initial), [initial]);
  const { submit, failure } = useCatalogueDialog<V>({ resource, record, onClose, fields, ...save });
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
