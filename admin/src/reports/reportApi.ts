import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useGetList, usePermissions } from 'react-admin';
import type { components } from '@licencias/common/schema';
import { allows } from '../access';
import { api, publicApi } from '../api';
import { unwrap } from '../httpErrors';
import { fetchWorkbook } from '../workbook/workbook';
import { queryString, type ReportQuery } from './reportQuery';
import { isConsumptionReport, type ReportType } from './reportTypes';

type Schemas = components['schemas'];
export type ConsumptionReport = Schemas['ConsumptionReport'];
export type ConsumptionFigures = Schemas['ConsumptionFigures'];
export type ConsumptionReportRow = Schemas['ConsumptionReportRow'];
export type ServiceManagementReport = Schemas['ServiceManagementReport'];
export type ServiceManagementRow = Schemas['ServiceManagementRow'];
export type CustomerSupportReport = Schemas['CustomerSupportReport'];
export type PromoCodeReport = Schemas['PromoCodeReport'];
export type PromoCodeReportRow = Schemas['PromoCodeReportRow'];
export type ReportCustomer = Schemas['ReportCustomer'];
export type LicenceOrigin = Schemas['LicenceOriginName'];
export const LICENCE_ORIGINS: readonly LicenceOrigin[] = ['ORDER_LINE', 'TRIAL', 'AGREEMENT', 'MANUAL'];

const REPORT_QUERY = { placeholderData: keepPreviousData, retry: false } as const;

/** 'Reporte general de consumo' (no company in the query) or a company's 'Reporte de consumo'. */
export function useConsumptionReport(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'consumption', query],
    queryFn: (): Promise<ConsumptionReport> => unwrap(api.GET('/api/v1/reports/consumption', { params: { query: query! } })),
    enabled: !!query,
    ...REPORT_QUERY,
  });
}

export function useServiceManagementReport(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'service-management', query],
    queryFn: (): Promise<ServiceManagementReport> => unwrap(api.GET('/api/v1/reports/service-management', { params: { query: query! } })),
    enabled: !!query,
    ...REPORT_QUERY,
  });
}

/** 'Soporte por Cliente': only with a company (the query has its document type and number). */
export function useCustomerSupportReport(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'customer-support', query],
    queryFn: (): Promise<CustomerSupportReport> =>
      unwrap(
        api.GET('/api/v1/reports/customer-support', {
          params: { query: { ...query!, documentType: query!.documentType!, documentNumber: query!.documentNumber! } },
        }),
      ),
    enabled: !!query?.documentType && !!query.documentNumber,
    ...REPORT_QUERY,
  });
}

export function usePromoCodeReport(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'promo-codes', query],
    queryFn: (): Promise<PromoCodeReport> => unwrap(api.GET('/api/v1/reports/promo-codes', { params: { query: query! } })),
    enabled: !!query,
    ...REPORT_QUERY,
  });
}

/** Each report's export address and the file name when the server gives none. */
const EXPORTS: Record<'consumption' | 'service-management' | 'customer-support' | 'promo-codes', string> = {
  consumption: 'consumo.xlsx',
  'service-management': 'gestion-servicios.xlsx',
  'customer-support': 'soporte-cliente.xlsx',
  'promo-codes': 'codigos-promocionales.xlsx',
};

function exportOf(type: ReportType): keyof typeof EXPORTS {
  if (isConsumptionReport(type)) return 'consumption';
  if (type === 'ServiceManagementReport') return 'service-management';
  if (type === 'CustomerSupportReport') return 'customer-support';
  return 'promo-codes';
}

/** The report's 'Excel': the server's workbook of the same query, streamed (the bytes received so far go to `onProgress`). */
export function fetchReportWorkbook(type: ReportType, query: ReportQuery, onProgress: (bytes: number) => void, signal?: AbortSignal) {
  const name = exportOf(type);
  return fetchWorkbook(`/api/v1/reports/${name}/export?${queryString(query)}`, onProgress, signal, EXPORTS[name]);
}

export interface Choice<T extends string | number = string> {
  id: T;
  name: string;
}

/** The brands (GET /api/v1/brands, public), by title: the reports' 'Marca'. */
export function useBrandOptions() {
  return useQuery({
    queryKey: ['reports', 'brands'],
    staleTime: 300_000,
    queryFn: async (): Promise<Choice[]> => {
      const { data = [] } = await publicApi.GET('/api/v1/brands');
      return data.map((brand) => ({ id: brand.appName, name: brand.title || brand.appName })).sort((a, b) => a.name.localeCompare(b.name, 'es'));
    },
  });
}

/** The document types of the company fields (GET /license/api/parameter/GetAllDocumentTypes, public). */
export function useDocumentTypes() {
  return useQuery({
    queryKey: ['reports', 'document-types'],
    staleTime: 30 * 60_000,
    queryFn: async (): Promise<(Choice<number> & { code: string })[]> =>
      (await unwrap(api.GET('/license/api/parameter/GetAllDocumentTypes'))).result?.records.map((type) => ({
        id: type.id,
        name: type.text,
        code: type.documentTypeCode,
      })) ?? [],
  });
}

export interface ServiceOption {
  id: number;
  serviceName: string;
  appName: string | null;
}

/**
 * The services of 'Servicio': the catalogue's list (the resource API's services, as the licence
 * dialog reads it) for those who may read it (CONFIGURATION or PACKAGES), merged with the services
 * the report's rows name, which is all a REPORTS holder without the catalogue can be offered.
 */
export function useServiceOptions(seen: readonly ServiceOption[]): ServiceOption[] {
  const { permissions } = usePermissions<string[]>();
  const mayList = allows(permissions, 'services', 'list');
  const { data = [] } = useGetList<ServiceOption>(
    'services',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'serviceName', order: 'ASC' } },
    { enabled: mayList },
  );
  const byId = new Map<number, ServiceOption>();
  for (const service of [...data, ...seen])
    if (!byId.has(service.id)) byId.set(service.id, { id: service.id, serviceName: service.serviceName, appName: service.appName ?? null });
  return [...byId.values()].sort((a, b) => a.serviceName.localeCompare(b.serviceName, 'es'));
}
