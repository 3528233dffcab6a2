import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { components } from '@licencias/common/schema';
import { MOVEMENT_PAGE_SIZE } from '@licencias/common/rules';
import { api } from '../api';
import { unwrap } from '../httpErrors';
import { fetchWorkbook } from '../workbook/workbook';
import type { DashboardCustomer } from './customer';

export type DashboardService = components['schemas']['DashboardService'];
export type PackageDetail = components['schemas']['PackageDetail'];
export type ContractServiceDetail = components['schemas']['ContractServiceDetail'];
export type ConsumptionHistory = components['schemas']['ConsumptionHistory'];
export type Movement = components['schemas']['ConsumptionDetailHistory'];
export type ContractDetail = components['schemas']['ContractDetail'];
export type ConsumptionSeries = components['schemas']['ConsumptionSeries'];

/** The package whose movements are read: the service and the package's principal feature. */
export interface MovementSource {
  serviceName: string;
  serviceFeatureCode: string;
  isSupervised: boolean;
}

/** A searched range, Bogotá days 'yyyy-MM-dd'. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

/** 'Productos adquiridos': the company's services with their packages (an empty list shows '¡Lo sentimos!'). */
export function useCustomerServices(customer: DashboardCustomer | undefined) {
  return useQuery({
    queryKey: ['dashboard', 'services', customer],
    queryFn: async (): Promise<DashboardService[]> => (await unwrap(api.POST('/license/api/dashboard/dashboard-customer', { body: customer! }))).result ?? [],
    enabled: !!customer,
    retry: false,
  });
}

/** The balance panel of a package: read when the package is opened. */
export function usePackageDetail(customer: DashboardCustomer, service: DashboardService, packageCode: string) {
  return useQuery({
    queryKey: ['dashboard', 'package', customer, service.serviceName, packageCode],
    queryFn: async (): Promise<PackageDetail | null> =>
      (
        await unwrap(
          api.POST('/license/api/dashboard/contracted-service-details', {
            body: {
              DocumentType: customer.documentType,
              DocumentNumber: customer.documentNumber,
              ServiceName: service.serviceName,
              PackageCode: packageCode,
              IsSupervised: service.requiresSupervision,
            },
          }),
        )
      ).result ?? null,
    retry: false,
  });
}

/**
 * The movements of a range, MOVEMENT_PAGE_SIZE (100) at a time (§4): each page of the query is
 * one batch; the table asks for the next batch when it pages past the loaded rows.
 */
export function useMovementHistory(customer: DashboardCustomer | undefined, source: MovementSource | undefined, range: DayRange) {
  return useInfiniteQuery({
    queryKey: ['dashboard', 'movements', customer, source, range],
    queryFn: async ({ pageParam }): Promise<ConsumptionHistory | null> =>
      (
        await unwrap(
          api.POST('/license/api/dashboard/consumption-history', {
            params: { header: { skip: pageParam, take: MOVEMENT_PAGE_SIZE } },
            body: { ...customer!, ...source!, ...range },
          }),
        )
      ).result ?? null,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + (page?.consumptionDetailHistory.length ?? 0), 0);
      return last && last.consumptionDetailHistory.length > 0 && loaded < last.totalRecords ? loaded : undefined;
    },
    enabled: !!customer && !!source,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The chart of a range: used per day (or per month past 62 days), summed by the server from the ledger's daily rollup. */
export function useConsumptionSeries(customer: DashboardCustomer | undefined, source: MovementSource | undefined, range: DayRange) {
  return useQuery({
    queryKey: ['dashboard', 'series', customer, source, range],
    queryFn: async (): Promise<ConsumptionSeries> =>
      unwrap(
        api.GET('/api/v1/dashboard/consumption-series', {
          params: {
            query: {
              documentType: customer!.documentType,
              documentNumber: customer!.documentNumber,
              serviceName: source!.serviceName,
              serviceFeatureCode: source!.serviceFeatureCode,
              startDate: range.startDate,
              endDate: range.endDate,
            },
          },
        }),
      ),
    enabled: !!customer && !!source,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useContractDetail(contractNumber: string | undefined, serviceFeatureId: number | undefined) {
  return useQuery({
    queryKey: ['dashboard', 'contract', contractNumber, serviceFeatureId],
    queryFn: async (): Promise<ContractDetail | null> =>
      (
        await unwrap(
          api.POST('/license/api/dashboard/contract-details', { body: { contractNumber: contractNumber!, serviceFeatureId: serviceFeatureId ?? null } }),
        )
      ).result ?? null,
    enabled: !!contractNumber,
    retry: false,
  });
}

/** The 'Excel' of 'Movimiento del producto': the server's workbook of the range, streamed. */
export function fetchMovementsWorkbook(
  customer: DashboardCustomer,
  source: MovementSource,
  range: DayRange,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    documentType: String(customer.documentType),
    documentNumber: customer.documentNumber,
    serviceName: source.serviceName,
    serviceFeatureCode: source.serviceFeatureCode,
    startDate: range.startDate,
    endDate: range.endDate,
  });
  return fetchWorkbook(`/api/v1/dashboard/movements/export?${query}`, onProgress, signal, 'movimientos.xlsx');
}

/** 'NIT 900123456': the document type's code and the number (the code from the document types, once read). */
export function useDocumentText(customer: DashboardCustomer | undefined): string | undefined {
  const types = useQuery({
    queryKey: ['dashboard', 'document-types'],
    queryFn: async () => (await unwrap(api.GET('/license/api/parameter/GetAllDocumentTypes'))).result?.records ?? [],
    staleTime: 30 * 60_000,
    enabled: !!customer,
  });
  if (!customer) return undefined;
  const code = types.data?.find((type) => type.id === customer.documentType)?.documentTypeCode;
  return code ? `${code} ${customer.documentNumber}` : customer.documentNumber;
}
