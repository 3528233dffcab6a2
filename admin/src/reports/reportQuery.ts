import { DASHBOARD_MESSAGES, defaultReportRange, movementDay, movementRangeProblems, REPORT_INTERVALS, type ReportInterval } from '@licencias/common/rules';
import { isCompanyReport, type ReportType } from './reportTypes';

// Reports open on the last 90 days, today included (catalogue-and-dashboards.md §9): the shared rule.
export { defaultReportRange, REPORT_INTERVALS, type ReportInterval };

/** The filter's fields as the form holds them ('' for "all" and for a field left empty). */
export interface ReportFilterValues {
  from: string;
  to: string;
  interval: ReportInterval | '';
  appName: string;
  serviceId: number | '';
  serviceFeatureCode: string;
  documentType: number | '';
  documentNumber: string;
  code: string;
}

/** What a report is asked for: Bogotá days 'yyyy-MM-dd' and the filters that are set. */
export interface ReportQuery {
  from: string;
  to: string;
  interval?: ReportInterval;
  appName?: string;
  serviceId?: number;
  serviceFeatureCode?: string;
  documentType?: number;
  documentNumber?: string;
  code?: string;
}

export type ReportProblems = Partial<Record<keyof ReportFilterValues, string>>;

const DOCUMENT_NUMBER = /^\S{1,20}$/;

function positive(text: string | null | undefined): number | '' {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value >= 1 ? value : '';
}

function isInterval(text: string | null | undefined): text is ReportInterval {
  return REPORT_INTERVALS.some((interval) => interval === text);
}

/**
 * The filter a report view opens with: the last 90 days, and what its address names (the
 * company, `claimCreate` as the feature of a company's consumption report).
 */
export function initialFilter(params: URLSearchParams, today: string): ReportFilterValues {
  const interval = params.get('interval');
  return {
    ...defaultReportRange(today),
    interval: isInterval(interval) ? interval : '',
    appName: params.get('appName')?.trim() ?? '',
    serviceId: positive(params.get('serviceId')),
    serviceFeatureCode: (params.get('serviceFeatureCode') ?? params.get('claimCreate'))?.trim() ?? '',
    documentType: positive(params.get('documentType')),
    documentNumber: params.get('documentNumber')?.trim() ?? '',
    code: params.get('code')?.trim() ?? '',
  };
}

/**
 * The filter's problems: the dates follow the movement filter's rules (§5, the shared ones: both
 * required, dd/MM/yyyy, from 01/01/2000, not after today, the until day not before the from day);
 * a company's report needs its document type and number.
 */
export function reportProblems(type: ReportType, values: Partial<ReportFilterValues>, today: string): ReportProblems {
  const dates = movementRangeProblems({ startDate: values.from, endDate: values.to }, today);
  const problems: ReportProblems = {};
  if (dates.startDate) problems.from = dates.startDate;
  if (dates.endDate) problems.to = dates.endDate;
  if (isCompanyReport(type)) {
    if (!values.documentType) problems.documentType = DASHBOARD_MESSAGES.required;
    const number = values.documentNumber?.trim() ?? '';
    if (!number) problems.documentNumber = DASHBOARD_MESSAGES.required;
    else if (!DOCUMENT_NUMBER.test(number)) problems.documentNumber = 'Número de documento inválido';
  }
  return problems;
}

/** The query of a valid filter (only the fields its report takes), else undefined. */
export function reportQueryOf(type: ReportType, values: Partial<ReportFilterValues>, today: string): ReportQuery | undefined {
  if (Object.keys(reportProblems(type, values, today)).length) return undefined;
  const from = movementDay(values.from);
  const to = movementDay(values.to);
  if (!from || !to) return undefined;
  const query: ReportQuery = { from, to };
  if (values.interval) query.interval = values.interval;
  const text = (value: string | undefined) => value?.trim() || undefined;
  switch (type) {
    case 'GeneralConsumptionReport':
    case 'KibanaConsumptionReport':
      query.appName = text(values.appName);
      query.serviceId = values.serviceId || undefined;
      query.serviceFeatureCode = text(values.serviceFeatureCode);
      break;
    case 'ServiceManagementReport':
      query.appName = text(values.appName);
      query.serviceId = values.serviceId || undefined;
      break;
    case 'PromotionalCodeReport':
      query.code = text(values.code);
      break;
    case 'CustomerSupportReport':
      break;
  }
  if (isCompanyReport(type)) {
    query.documentType = values.documentType || undefined;
    query.documentNumber = text(values.documentNumber);
  }
  return query;
}

/** The query as an address's query string (the export links). */
export function queryString(query: ReportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}
