import { useQuery } from '@tanstack/react-query';
import { commercialManagerPrivilege } from '@licencias/common/rules';
import { api } from '../api';
import { unwrap } from '../httpErrors';
import { errorBody, errorStatus } from '../components/errors';
import type {
  AgreementAlert,
  AgreementAmendment,
  AgreementCreate,
  AlertOptionsFields,
  ContractFields,
  ContractParameters,
  ContractedServiceInput,
  CustomerFields,
  Manager,
  PersonLookup,
  ProductOption,
  ProductPackage,
  SupervisorFields,
} from './types';

const CACHED = { staleTime: 10 * 60_000 };

export function useAgreementParameters() {
  return useQuery({
    queryKey: ['agreements', 'parameters'],
    queryFn: (): Promise<ContractParameters> => unwrap(api.GET('/api/v1/agreement-parameters')),
    ...CACHED,
  });
}

export function useAgreementProducts() {
  return useQuery({
    queryKey: ['agreements', 'products'],
    queryFn: (): Promise<ProductOption[]> => unwrap(api.GET('/api/v1/agreement-products')),
    ...CACHED,
  });
}

/** The packages of a product: the 'Servicio' choices of 'Servicios Contratados'. */
export function useProductPackages(productId: number | null | undefined) {
  return useQuery({
    queryKey: ['agreements', 'packages', productId],
    queryFn: (): Promise<ProductPackage[]> => unwrap(api.GET('/api/v1/agreement-products/{id}/packages', { params: { path: { id: productId ?? 0 } } })),
    enabled: !!productId,
    ...CACHED,
  });
}

/** 'Gestor operativo': users with LICENSE_{PRODUCT}_COMERCIALMANAGER. */
export function useCommercialManagers(productName: string | null | undefined) {
  return useQuery({
    queryKey: ['agreements', 'managers', productName],
    queryFn: async (): Promise<Manager[]> => {
      const role = commercialManagerPrivilege(productName ?? '');
      const answer = await unwrap(api.GET('/api/user/get-users-by-role', { params: { header: { role } } }));
      return (answer.result?.recordsData[0]?.users ?? []).map((user) => ({ id: user.id, name: `${user.names} ${user.surnames}`.trim() }));
    },
    enabled: !!productName,
    ...CACHED,
  });
}

export async function contractNumberExists(contractNumber: string): Promise<boolean> {
  const answer = await unwrap(api.GET('/api/v1/agreement-contract-numbers/{contractNumber}', { params: { path: { contractNumber } } }));
  return answer.exists;
}

export async function lookupCustomer(personType: 'J' | 'N', documentType: number, documentNumber: string): Promise<PersonLookup | null> {
  const answer = await unwrap(api.GET('/license/api/contract/get-customer-info', { params: { header: { personType, documentType, documentNumber } } }));
  return answer.result?.found ? answer.result : null;
}

export async function lookupSupervisor(documentType: number, documentNumber: string): Promise<PersonLookup | null> {
  const answer = await unwrap(api.GET('/license/api/contract/get-supervisor-info', { params: { header: { documentType, documentNumber } } }));
  return answer.result?.found ? answer.result : null;
}

export function createAgreement(body: AgreementCreate) {
  return unwrap(api.POST('/api/v1/agreements', { body }));
}

export function fetchAgreement(id: number) {
  return unwrap(api.GET('/api/v1/agreements/{id}', { params: { path: { id } } }));
}

/** The agreement as the typed client gives it (the contract's Agreement). */
export type Agreement = Awaited<ReturnType<typeof fetchAgreement>>;

export function useAgreement(id: number) {
  return useQuery({
    queryKey: ['agreements', 'one', id],
    queryFn: () => fetchAgreement(id),
    retry: false,
  });
}

export function useAmendments(id: number) {
  return useQuery({
    queryKey: ['agreements', 'amendments', id],
    queryFn: (): Promise<AgreementAmendment[]> => unwrap(api.GET('/api/v1/agreements/{id}/amendments', { params: { path: { id } } })),
    retry: false,
  });
}

export function useSentAlerts(id: number) {
  return useQuery({
    queryKey: ['agreements', 'alerts', id],
    queryFn: (): Promise<AgreementAlert[]> => unwrap(api.GET('/api/v1/agreements/{id}/alerts', { params: { path: { id } } })),
    retry: false,
  });
}

export interface Ticket {
  version: number;
  ticketNumber: string;
  observations: string;
}

/** One block of 'Editar Convenio', as the step that saves it sends it. */
export type SectionChange =
  | { step: 'contract'; contract: ContractFields }
  | { step: 'customer'; customer: CustomerFields }
  | { step: 'supervisor'; supervisor: SupervisorFields }
  | { step: 'services'; services: ContractedServiceInput[] }
  | { step: 'alerts'; alertOptions: AlertOptionsFields };

export function updateSection(id: number, ticket: Ticket, change: SectionChange) {
  const path = { params: { path: { id } } };
  switch (change.step) {
    case 'contract':
      return unwrap(api.PUT('/api/v1/agreements/{id}/contract', { ...path, body: { ...ticket, contract: change.contract } }));
    case 'customer':
      return unwrap(api.PUT('/api/v1/agreements/{id}/customer', { ...path, body: { ...ticket, customer: change.customer } }));
    case 'supervisor':
      return unwrap(api.PUT('/api/v1/agreements/{id}/supervisor', { ...path, body: { ...ticket, supervisor: change.supervisor } }));
    case 'services':
      return unwrap(api.PUT('/api/v1/agreements/{id}/services', { ...path, body: { ...ticket, services: change.services } }));
    case 'alerts':
      return unwrap(api.PUT('/api/v1/agreements/{id}/alert-options', { ...path, body: { ...ticket, alertOptions: change.alertOptions } }));
  }
}

/** The first rule the server gave (statusDetails[0].description), else its message for a conflict (409), else the fallback. */
export function serverProblem(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  const body = errorBody(error);
  // A server failure's details only carry its reference: the screen's own text says it.
  if (status === undefined || status >= 500) return fallback;
  const first = body?.statusDetails[0]?.description;
  if (first) return first;
  return status === 409 && body?.statusMessage ? body.statusMessage : fallback;
}
