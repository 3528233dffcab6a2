import { Box, type Breakpoint } from '@mui/material';
import type { ReactNode } from 'react';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog } from './FormDialog';
import { type AuditedRecord, type CatalogueDialogOptions, useCatalogueDialog } from './useCatalogueDialog';
import { AuditLine } from './userNames';

/**
 * The create or edit dialog of a catalogue record: the resource's context, the title
 * (`resources.<resource>.dialog.create` / `.edit`), the form with the one save flow
 * (useCatalogueDialog), and the audit line of a record being edited.
 */
export function CatalogueDialog<V extends FieldValues>({
  resource,
  record,
  initial,
  onClose,
  save,
  testId,
  maxWidth = 'sm',
  busy,
  children,
}: {
  resource: string;
  record?: AuditedRecord;
  /** The form's first values. */
  initial: V;
  onClose: () => void;
  save: Omit<CatalogueDialogOptions<V>, 'resource' | 'record' | 'onClose'>;
  testId: string;
  maxWidth?: Breakpoint;
  /** Something else is in progress (an upload being read): saving waits. */
  busy?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { submit, failure } = useCatalogueDialog<V>({ resource, record, onClose, ...save });
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
        testId={testId}
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
