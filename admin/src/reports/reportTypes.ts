/**
 * The reports of 'Informes' (catalogue-and-dashboards.md §2.3): which report a view address names
 * (`reportType`), the address each card opens, and opening it in a new tab.
 */

export const REPORT_TYPES = [
  'GeneralConsumptionReport',
  'KibanaConsumptionReport',
  'ServiceManagementReport',
  'CustomerSupportReport',
  'PromotionalCodeReport',
] as const;

export type ReportType = (typeof REPORT_TYPES)[number];

/** The storefront's route of every report (§2.3); it lands on the back office's /admin/reports/view with its query. */
export const REPORT_VIEW_PATH = '/license/reports/reportView';

/** The four cards of 'Informes', in the spec's order, each with its icon's name (ReportsPage). */
export const REPORT_CARDS = [
  { type: 'ServiceManagementReport', icon: 'services' },
  { type: 'CustomerSupportReport', icon: 'support' },
  { type: 'PromotionalCodeReport', icon: 'promo' },
  { type: 'GeneralConsumptionReport', icon: 'consumption' },
] as const satisfies readonly { type: ReportType; icon: string }[];

export function reportTypeOf(text: string | null | undefined): ReportType | undefined {
  return REPORT_TYPES.find((type) => type === text);
}

/** The reports of one company: they need its document type and number. */
export function isCompanyReport(type: ReportType): boolean {
  return type === 'KibanaConsumptionReport' || type === 'CustomerSupportReport';
}

/** The consumption reports (one operation: with a company it is the company's, without it the general one). */
export function isConsumptionReport(type: ReportType): boolean {
  return type === 'GeneralConsumptionReport' || type === 'KibanaConsumptionReport';
}

/** The address of a report view: `/license/reports/reportView?reportType=…` and its parameters (empty ones left out). */
export function reportViewUrl(type: ReportType, more: Record<string, string | number | null | undefined> = {}): string {
  const query = new URLSearchParams({ reportType: type });
  for (const [key, value] of Object.entries(more)) if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  return `${REPORT_VIEW_PATH}?${query}`;
}

/**
 * The per-company consumption report (reportType=KibanaConsumptionReport), of one feature when
 * `featureCode` is given (claimCreate and claimDelete, as the spec's addresses carry it).
 */
export function companyReportUrl(documentType: number, documentNumber: string, featureCode?: string): string {
  return reportViewUrl('KibanaConsumptionReport', { documentType, documentNumber, claimCreate: featureCode, claimDelete: featureCode });
}

/**
 * Opens a report in a new tab. Without `noopener`: the new tab is the opener's copy, so it starts
 * with this tab's sessionStorage, where the session lives (each tab has its own otherwise).
 */
export function openReport(url: string): void {
  window.open(url, '_blank');
}
