import type { SectionChange } from './agreementApi';
import {
  alertFields,
  alertValuesOf,
  changedServices,
  contractFields,
  contractValuesOf,
  customerFields,
  customerValuesOf,
  serviceRowsOf,
  supervisorFields,
  supervisorValuesOf,
} from './payloads';
import type { Agreement, ContractParameters } from './types';
import type { AlertValues, ContractValues, CustomerValues, ServiceRow, SupervisorValues } from './values';

export const EDIT_STEPS = ['contract', 'customer', 'supervisor', 'services', 'alerts'] as const;
export type EditStep = (typeof EDIT_STEPS)[number];

/** Every step's values of 'Editar Convenio'. */
export interface EditValues {
  contract: ContractValues;
  customer: CustomerValues;
  supervisor: SupervisorValues;
  services: ServiceRow[];
  alerts: AlertValues;
}

export function editValuesOf(agreement: Agreement): EditValues {
  return {
    contract: contractValuesOf(agreement),
    customer: customerValuesOf(agreement),
    supervisor: supervisorValuesOf(agreement),
    services: serviceRowsOf(agreement),
    alerts: alertValuesOf(agreement),
  };
}

/** Whether a step differs from the saved copy (services: a new or edited line). */
export function isDirty(step: EditStep, values: EditValues, saved: EditValues): boolean {
  if (step === 'services') return values.services.some((row) => !row.isExist || row.isUpdate) || values.services.length !== saved.services.length;
  return JSON.stringify(values[step]) !== JSON.stringify(saved[step]);
}

/** The step's values put back as saved. */
export function revert(step: EditStep, values: EditValues, saved: EditValues): EditValues {
  return { ...values, [step]: saved[step] };
}

/** The block a step's 'Guardar Cambios' sends. */
export function sectionChange(step: EditStep, values: EditValues, parameters: ContractParameters | undefined): SectionChange {
  switch (step) {
    case 'contract':
      return { step, contract: contractFields(values.contract) };
    case 'customer':
      return { step, customer: customerFields(values.customer, parameters?.showLegalRepresentative ?? false) };
    case 'supervisor':
      return { step, supervisor: supervisorFields(values.supervisor) };
    case 'services':
      return { step, services: changedServices(values.services, parameters) };
    case 'alerts':
      return { step, alertOptions: alertFields(values.alerts) };
  }
}
