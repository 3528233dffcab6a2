import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type RaRecord, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { errorStatus, saveFailureMessage, submissionErrors } from './errors';
import type { SubmitErrors } from './FormDialog';

/** A catalogue record: its version (optimistic locking) and who created and changed it. */
export type AuditedRecord = RaRecord & { version: number; createdby: string | null; createdon: string; modifiedby: string | null; modifiedon: string | null };

/**
 * What a create or edit dialog of a catalogue record is about, written once per resource (a
 * module constant beside the dialog): the rest (title, texts, save flow, audit line) follows from it.
 */
export interface CatalogueForm<V, R extends AuditedRecord> {
  /** The API resource; the texts are `resources.<resource>.dialog.create|edit` and `.messages.*`. */
  resource: string;
  /** The form's first values: the record's, or a new record's. */
  valuesOf: (record?: R) => V;
  /** What to send: the create payload, or the edit payload with the version read; undefined when nothing changed. */
  payloadOf: (values: V, record?: R) => object | undefined;
  /** Other resources whose screens show this record (their queries are refreshed after a save). */
  alsoRefresh?: readonly string[];
  /**
   * The record's code as the screen's texts name it. Given, a saved edit says `messages.edited`
   * (else `messages.saved`) and a refused save says `messages.not_saved` / `not_edited` with it
   * ('El código X no fue guardado'); absent, `messages.saved` and the server's message.
   */
  codeOf?: (values: V, record?: R) => string;
  /** The screen's own text (i18n key) for a save the server failed (5xx); absent: 'Error de servidor'. */
  serverFailure?: string;
  /** Severity of a refused (409/422) save: the spec shows warnings, errors for some screens. */
  refusedSeverity?: 'warning' | 'error';
}

/**
 * The one save flow of the catalogue's create and edit dialogs, on react-admin's own mutations
 * (useCreate / useUpdate, pessimistic): an edit with nothing changed sends nothing and closes; a
 * save that succeeds notifies, refreshes the screens that show the record and closes; a refused
 * save keeps the dialog open with the user's input, the server's field problems on the inputs
 * (`fields`: the form's fields) and the reason in the dialog (`failure`) and in a notification.
 */
export function useCatalogueDialog<V, R extends AuditedRecord>(
  form: CatalogueForm<V, R>,
  record: R | undefined,
  onClose: () => void,
  fields: readonly string[],
) {
  const { resource, payloadOf, alsoRefresh = [], codeOf, serverFailure, refusedSeverity = 'warning' } = form;
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const messages = `resources.${resource}.messages`;

  const submit = async (values: V): Promise<SubmitErrors> => {
    const data = payloadOf(values, record);
    if (!data) {
      onClose();
      return undefined;
    }
    try {
      if (record) await update(resource, { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      else await create(resource, { data }, { returnPromise: true });
    } catch (error) {
      const status = errorStatus(error);
      const text = codeOf && translate(`${messages}.${record ? 'not_edited' : 'not_saved'}`, { code: codeOf(values, record) });
      const message = serverFailure && status !== undefined && status >= 500 ? translate(serverFailure) : saveFailureMessage(error, text, fields);
      notify(message, { type: status === 422 || status === 409 ? refusedSeverity : 'error', autoHideDuration: 10_000 });
      setFailure(message);
      return submissionErrors(error, fields);
    }
    notify(`${messages}.${codeOf && record ? 'edited' : 'saved'}`, { type: 'success' });
    await Promise.all([resource, ...alsoRefresh].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    onClose();
    return undefined;
  };
  return { submit, failure };
}

/**
 * The form of a dialog whose edit sends the fields of its create plus the version read
 * (`fieldsOf`); an edit whose fields are the stored ones (`valuesOf(record)` through the same
 * `fieldsOf`) sends nothing.
 */
export function sameFieldsForm<V, R extends AuditedRecord, P extends object>({
  fieldsOf,
  ...form
}: Omit<CatalogueForm<V, R>, 'payloadOf'> & { fieldsOf: (values: V, record?: R) => P }): CatalogueForm<V, R> {
  const payloadOf = (values: V, record?: R) => {
    if (!record) return fieldsOf(values);
    const next = fieldsOf(values, record);
    return JSON.stringify(next) === JSON.stringify(fieldsOf(form.valuesOf(record), record)) ? undefined : { ...next, version: record.version };
  };
  return { ...form, payloadOf };
}
