import type { components } from '@licencias/common/schema';

export type RegistryCompany = components['schemas']['RegistryCompany'];

/** What a query asks besides the NIT (the RUES call's StatusInfo and GetRawInfo headers). */
export interface RegistryQuery {
  documentNumber: string;
  statusInfo: boolean;
  rawInfo: boolean;
}

/**
 * The mercantile registry (RUES). Replaceable: provide COMPANY_REGISTRY with an adapter of a real
 * source; the default answers from the product's own companies, without the network.
 */
export interface CompanyRegistry {
  find(query: RegistryQuery): Promise<RegistryCompany[]>;
}

export const COMPANY_REGISTRY = Symbol('COMPANY_REGISTRY');
