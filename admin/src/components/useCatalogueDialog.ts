import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type RaRecord, useCreate, useNotify, useUpdate } from 'react-admin';
import { errorStatus, saveFailureMessage, submissionErrors } from './errors';
import type { SubmitErrors } from './FormDialog';

/** A catalogue record: its version (optimistic locking) and who created and changed it. */
export type AuditedRecord = RaRecord & { version: number; createdby: string | null; createdon: string; modifiedby: string | null; modifiedon: string | null };

export interface CatalogueDialogOptions<V> {
  resource: string;
  /** The record being edited; absent to create. */
  record?: AuditedRecord;
  onClose: () => void;
  /** Other resources whose screens show this record (their queries are refreshed after a save). */
  alsoRefresh?: readonly string[];
  /** Fields of the form, to put the server's field problems on them. */
  fields: readonly string[];
  /** What to send: the create payload, or the edit payload with the version read; undefined when nothing changed. */
  payload: (values: V) => object | undefined;
  /** i18n key (or text) of the success notification. */
  success: string;
  /** The screen's text for a refused save ('El código X no fue guardado'); absent: the server's message. */
  failure?: (values: V) => string;
  /** Severity of a refused (409/422) save: the spec shows warnings, errors for some screens. */
  refusedSeverity?: 'warning' | 'error';
}

/**
 * The one save flow of the catalogue's create and edit dialogs, on react-admin's own mutations
 * (useCreate / useUpdate, pessimistic): an edit with nothing changed sends nothing and closes; a
 * save that succeeds notifies, refreshes the screens that show the record and closes; a refused
 * save keeps the dialog open with the user's input, the server's field problems on the inputs and
 * the reason in the dialog (`failure`) and in a notification.
 */
export function useCatalogueDialog<V>({
  resource,
  record,
  onClose,
  alsoRefresh = [],
  fields,
  payload,
  success,
  failure: failureText,
  refusedSeverity = 'warning',
}: CatalogueDialogOptions<V>) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();

  const submit = async (values: V): Promise<SubmitErrors> => {
    const data = payload(values);
    if (!data) {
      onClose();
      return undefined;
    }
    try {
      if (record) await update(resource, { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      else await create(resource, { data }, { returnPromise: true });
    } catch (error) {
      const status = errorStatus(error);
      const message = saveFailureMessage(error, failureText?.(values), fields);
      notify(message, { type: status === 422 || status === 409 ? refusedSeverity : 'error', autoHideDuration: 10_000 });
      setFailure(message);
      return submissionErrors(error, fields);
    }
    notify(success, { type: 'success' });
    await Promise.all([resource, ...alsoRefresh].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    onClose();
    return undefined;
  };
  return { submit, failure };
}

/**
 * The payload of a dialog whose edit sends the fields of its create plus the version read: for an
 * edit, undefined when the fields are the stored ones (`valuesOf(record)` through the same `fieldsOf`).
 */
export function sameFieldsPayload<V, R extends AuditedRecord, P extends object>(
  record: R | undefined,
  fieldsOf: (values: V, record?: R) => P,
  valuesOf: (record: R) => V,
): (values: V) => P | (P & { version: number }) | undefined {
  return (values) => {
    if (!record) return fieldsOf(values);
    const next = fieldsOf(values, record);
    return JSON.stringify(next) === JSON.stringify(fieldsOf(valuesOf(record), record)) ? undefined : { ...next, version: record.version };
  };
}
