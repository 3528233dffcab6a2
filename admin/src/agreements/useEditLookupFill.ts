import type { Dispatch, SetStateAction } from 'react';
import { documentNumberProblem } from '@licencias/common/rules';
import { lookupCustomer, lookupSupervisor } from './agreementApi';
import type { EditValues } from './editSteps';
import { fillCustomer, fillSupervisor } from './lookupFill';
import type { CustomerValues, SupervisorValues } from './values';

/** The document lookups of steps 2 and 3 in the edit screen (leaving 'Identificación'). */
export function useEditLookupFill(setValues: Dispatch<SetStateAction<EditValues>>) {
  return {
    customer: async (customer: CustomerValues) => {
      if (customer.documentTypeId === null || documentNumberProblem(customer.documentTypeId, customer.documentNumber)) return;
      try {
        const found = await lookupCustomer(customer.personType, customer.documentTypeId, customer.documentNumber);
        setValues((v) => ({ ...v, customer: fillCustomer(v.customer, found) }));
      } catch {
        // Only a help: the values stay as typed.
      }
    },
    supervisor: async (supervisor: SupervisorValues) => {
      if (supervisor.documentTypeId === null || documentNumberProblem(supervisor.documentTypeId, supervisor.documentNumber)) return;
      let found = null;
      try {
        found = await lookupSupervisor(supervisor.documentTypeId, supervisor.documentNumber);
      } catch {
        found = null;
      }
      setValues((v) => ({ ...v, supervisor: fillSupervisor(v.supervisor, found) }));
    },
  };
}
