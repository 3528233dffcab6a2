import { useState } from 'react';
import { useNotify } from 'react-admin';
import { AGREEMENT_MESSAGES } from '@licencias/common/rules';
import { changeServiceRow } from './resetRules';
import type { ContractedServicesKind, ContractParameters } from './types';
import { exceedsContract, hasErrors, isDuplicateService, serviceRowErrors } from './validation';
import { emptyServiceRow, type ServiceRow } from './values';

export interface ServiceDraftOptions {
  rows: readonly ServiceRow[];
  kind: ContractedServicesKind;
  parameters: ContractParameters | undefined;
  contractStart: string;
  contractEnd: string;
}

/**
 * The services form's line and its checks before it joins the list: its rules, 'Ya existe el
 * producto en la lista.' (warning) and the bag validity against the contract end ('Vigencia de la
 * bolsa' modal). `accept` answers the line to store, or null when a check stopped it.
 */
export function useServiceDraft({ rows, kind, parameters, contractStart, contractEnd }: ServiceDraftOptions) {
  const notify = useNotify();
  const [row, setRow] = useState<ServiceRow>(emptyServiceRow);
  const [showErrors, setShowErrors] = useState(false);
  const [validityWarning, setValidityWarning] = useState(false);
  const errors = serviceRowErrors(row, kind, parameters);

  const change = <K extends keyof ServiceRow>(field: K, value: ServiceRow[K]) => setRow((current) => changeServiceRow(current, field, value, parameters));

  const accept = (): ServiceRow | null => {
    if (hasErrors(errors)) {
      setShowErrors(true);
      return null;
    }
    if (isDuplicateService(rows, row, kind, parameters)) {
      notify(AGREEMENT_MESSAGES.duplicateService, { type: 'warning', anchorOrigin: { vertical: 'top', horizontal: 'right' } });
      return null;
    }
    if (exceedsContract(row, contractStart, contractEnd)) {
      setValidityWarning(true);
      return null;
    }
    const accepted = row.isExist ? { ...row, isUpdate: true } : row;
    setShowErrors(false);
    return accepted;
  };

  const load = (next: ServiceRow) => {
    setRow(next);
    setShowErrors(false);
  };

  return {
    row,
    change,
    errors,
    showErrors,
    accept,
    load,
    reset: () => load(emptyServiceRow()),
    validityWarning,
    closeValidityWarning: () => setValidityWarning(false),
  };
}
