import type { components } from '@licencias/common/schema';
import type { ReportInterval } from '@licencias/common/rules';

export type ConsumptionFigures = components['schemas']['ConsumptionFigures'];
export type ConsumptionReport = components['schemas']['ConsumptionReport'];
export type ConsumptionReportPoint = components['schemas']['ConsumptionReportPoint'];
export type ConsumptionReportRow = components['schemas']['ConsumptionReportRow'];
export type ReportCustomer = components['schemas']['ReportCustomer'];
export type ServiceManagementReport = components['schemas']['ServiceManagementReport'];
export type ServiceManagementRow = components['schemas']['ServiceManagementRow'];
export type ServiceManagementPoint = components['schemas']['ServiceManagementPoint'];
export type CustomerSupportReport = components['schemas']['CustomerSupportReport'];
export type SupportLicence = components['schemas']['SupportLicence'];
export type SupportOrder = components['schemas']['SupportOrder'];
export type SupportTrial = components['schemas']['SupportTrial'];
export type PromoCodeReport = components['schemas']['PromoCodeReport'];
export type PromoCodeReportRow = components['schemas']['PromoCodeReportRow'];
export type PromoCodeReportPoint = components['schemas']['PromoCodeReportPoint'];
export type PartnerConsumptionReport = components['schemas']['PartnerConsumptionReport'];

/** A window of Bogotá days, both included, 'yyyy-MM-dd'. */
export interface DayWindow {
  from: string;
  to: string;
}

/** What narrows the consumption reads; customerId set reads one company's bags. */
export interface ConsumptionFilter extends DayWindow {
  customerId?: number;
  appName?: string;
  serviceId?: number;
  featureCode?: string;
}

export interface ServiceFilter extends DayWindow {
  appName?: string;
  serviceId?: number;
}

export interface PromoFilter extends DayWindow {
  code?: string;
}

/** One row of the consumption Excel: a company's use of one feature on one day. */
export interface ConsumptionExportRow extends Omit<ConsumptionFigures, 'used'> {
  day: string;
  balanceId: number;
  documentType: string;
  documentNumber: string;
  customerName: string;
  serviceName: string;
  serviceFeatureCode: string;
}

export type { ReportInterval };
