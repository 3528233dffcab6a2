import type { components } from '@licencias/common/schema';

type Schemas = components['schemas'];

export const MODIFY_STEPS = ['UPDATE_CONTRACT', 'UPDATE_CUSTOMER', 'UPDATE_SUPERVISOR', 'UPDATE_CONTRACTEDSERVICES', 'SET_CONTRACT_NOTIFICATION'] as const;

export type ContractFields = Schemas['AgreementContractFields'];
export type AgreementCustomerFields = Schemas['AgreementCustomerFields'];
export type SupervisorFields = Schemas['AgreementSupervisorFields'];
export type ServiceLineInput = Schemas['ContractedServiceInput'];
export type AlertOptionsFields = Schemas['AlertOptionsFields'];
export type AgreementCreateInput = Schemas['AgreementCreate'];
export type AgreementDto = Schemas['Agreement'];
export type AgreementSummaryDto = Schemas['AgreementSummary'];
export type AmendmentDto = Schemas['AgreementAmendment'];
export type ContractParameters = Schemas['ContractParameters'];
export type ProductOption = Schemas['ProductOption'];
export type PersonLookup = Schemas['PersonLookup'];

export interface Ticket {
  version?: number | null;
  ticketNumber: string;
  observations: string;
}

/** One modification: its step and the block it carries. */
export type Modification =
  | { step: 'UPDATE_CONTRACT'; contract: ContractFields }
  | { step: 'UPDATE_CUSTOMER'; customer: AgreementCustomerFields }
  | { step: 'UPDATE_SUPERVISOR'; supervisor: SupervisorFields }
  | { step: 'UPDATE_CONTRACTEDSERVICES'; services: ServiceLineInput[] }
  | { step: 'SET_CONTRACT_NOTIFICATION'; alertOptions: AlertOptionsFields };
