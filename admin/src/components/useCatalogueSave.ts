import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type RaRecord, useDataProvider, useNotify } from 'react-admin';
import { errorStatus, saveFailureMessage, submissionErrors } from './errors';
import type { SubmitErrors } from './FormDialog';

export interface SaveRequest {
  /** The record being edited; absent to create. */
  previous?: RaRecord;
  data: object;
  /** i18n key (or text) of the success notification. */
  success: string;
  /** The screen's failure text for a 422 ('El código X no fue guardado'); absent: the server's message. */
  failure?: string;
  /** Severity of a refused (422) save: the spec shows warnings, errors for services. */
  refusedSeverity?: 'warning' | 'error';
  /** Fields of the form, to put the server's field problems on them. */
  fields: readonly string[];
}

export type SaveOutcome = { saved: true } | { saved: false; errors: Record<string, string>; message: string };

/**
 * Create or edit a catalogue record through the resource API (dataProvider), then refresh the
 * tables that show it. A refused save keeps the dialog open with the server's field problems on
 * the inputs and says why in a notification.
 */
export function useCatalogueSave(resource: string, alsoRefresh: readonly string[] = []) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async ({ previous, data, success, failure, refusedSeverity = 'warning', fields }: SaveRequest): Promise<SaveOutcome> => {
    try {
      if (previous) await dataProvider.update(resource, { id: previous.id, data, previousData: previous });
      else await dataProvider.create(resource, { data });
      notify(success, { type: 'success' });
      await Promise.all([resource, ...alsoRefresh].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      return { saved: true };
    } catch (error) {
      const status = errorStatus(error);
      const message = saveFailureMessage(error, failure, fields);
      notify(message, { type: status === 422 || status === 409 ? refusedSeverity : 'error', autoHideDuration: 10_000 });
      return { saved: false, errors: submissionErrors(error, fields), message };
    }
  };
}

/**
 * The save of a create or edit dialog: closes it when the save succeeds or when there is nothing
 * to save (`undefined` request); otherwise keeps it open, shows the failure in it and returns the
 * field problems for the form.
 */
export function useDialogSave(resource: string, alsoRefresh: readonly string[], onClose: () => void) {
  const save = useCatalogueSave(resource, alsoRefresh);
  const [failure, setFailure] = useState<string>();
  const run = async (request: SaveRequest | undefined): Promise<SubmitErrors> => {
    if (!request) {
      onClose();
      return undefined;
    }
    const outcome = await save(request);
    if (outcome.saved) {
      onClose();
      return undefined;
    }
    setFailure(outcome.message);
    return outcome.errors;
  };
  return { run, failure };
}

/** Whether an edit's payload is the one the record already has (then nothing is sent). */
export function unchanged(data: object, stored: object): boolean {
  return JSON.stringify(data) === JSON.stringify(stored);
}
