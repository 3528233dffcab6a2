import type { components } from '@licencias/common/schema';

type Schemas = components['schemas'];

export type { Agreement } from './agreementApi';
export type AgreementSummary = Schemas['AgreementSummary'];
export type AgreementCreate = Schemas['AgreementCreate'];
export type AgreementAmendment = Schemas['AgreementAmendment'];
export type AgreementAlert = Schemas['AgreementAlert'];
export type ContractParameters = Schemas['ContractParameters'];
export type ProductOption = Schemas['ProductOption'];
export type ProductPackage = Schemas['ProductPackage'];
export type PersonLookup = Schemas['PersonLookup'];
export type ContractFields = Schemas['AgreementContractFields'];
export type CustomerFields = Schemas['AgreementCustomerFields'];
export type SupervisorFields = Schemas['AgreementSupervisorFields'];
export type ContractedServiceInput = Schemas['ContractedServiceInput'];
export type AlertOptionsFields = Schemas['AlertOptionsFields'];
export type ContractedServicesKind = ProductOption['contractedServices'];

/** A 'Gestor operativo' of the product (GET /api/user/get-users-by-role). */
export interface Manager {
  id: string;
  name: string;
}
