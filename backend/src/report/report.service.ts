import { Injectable } from '@nestjs/common';
import { bogotaToday, daysBetween } from '@licencias/common/dates';
import { DASHBOARD_MESSAGES, MOVEMENT_EXPORT_MAX_ROWS, PARTNER_REPORT_MAX_DAYS, type ReportInterval, reportWindow } from '@licencias/common/rules';
import { type AuthUser, hasAnyPrivilege, type PartnerCaller } from '../auth/auth-user.js';
import { type CustomerDto, CustomerService } from '../customer/customer.service.js';
import { BusinessRuleError, NotFoundError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { ReferenceService } from '../reference/reference.service.js';
import { ReportRepository } from './report.repository.js';
import type {
  ConsumptionFigures,
  ConsumptionFilter,
  ConsumptionReport,
  CustomerSupportReport,
  PartnerConsumptionReport,
  PromoCodeReport,
  PromoFilter,
  ReportCustomer,
  ServiceFilter,
  ServiceManagementReport,
} from './report.types.js';

export const COMPANY_NOT_FOUND_MESSAGE = 'La empresa no existe';
const NO_BRAND_LICENCES_MESSAGE = 'El cliente no tiene licencias de la marca';
const partnerRangeTooLong = `El rango no puede pasar de ${PARTNER_REPORT_MAX_DAYS} días`;
/** Staff who read any company's reports (catalogue §2.3, §6). */
const REPORT_READERS = ['REPORTS'] as const;
/** The most rows of open orders and of trials the support report lists. */
const SUPPORT_LIST_LIMIT = 200;
const EXPORT_BATCH = 1_000;

export interface WindowQuery {
  from?: string;
  to?: string;
  interval?: ReportInterval;
}
export interface CompanyQuery {
  documentType?: number;
  documentNumber?: string;
}
export type ConsumptionQuery = WindowQuery & CompanyQuery & { appName?: string; serviceId?: number; serviceFeatureCode?: string };

const zero = (): ConsumptionFigures => ({ consumed: 0, reversed: 0, used: 0, granted: 0, expired: 0, adjusted: 0, movements: 0 });
function sumFigures(rows: readonly ConsumptionFigures[]): ConsumptionFigures {
  const total = zero();
  for (const r of rows) for (const key of Object.keys(total) as (keyof ConsumptionFigures)[]) total[key] += r[key];
  return total;
}
/** Exact decimal sum of '123.45' strings (cents as bigint). */
function sumMoney(values: readonly string[]): string {
  const cents = values.reduce((n, v) => {
    const [whole, fraction = ''] = v.replace('-', '').split('.');
    const c = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
    return n + (v.startsWith('-') ? -c : c);
  }, 0n);
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * The reports of 'Informes' (catalogue-and-dashboards §2.3, issue 25) and the partners' consumption
 * by day. Windows are Bogotá days with the movement filter's rules (422); the company comes from
 * CustomerService; every figure from ReportRepository's aggregates over the ledger's daily rollups.
 */
@Injectable()
export class ReportService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly customers: CustomerService,
    private readonly reference: ReferenceService,
  ) {}

  /**
   * 'Reporte general de consumo', or with a company 'Reporte de consumo'. Staff with REPORTS read any
   * company; a customer only its own (it must name it, 422; another company is the same 404 as none).
   */
  async consumption(query: ConsumptionQuery, actor: AuthUser): Promise<ConsumptionReport> {
    const { window, filter, customer } = await this.consumptionFilter(query, actor);
    const [points, rows] = await Promise.all([this.reports.consumptionPoints(filter, window.interval), this.reports.consumptionRows(filter)]);
    return { window, customer: customer ? await this.card(customer) : null, totals: sumFigures(rows), points, rows };
  }

  /** The consumption Excel's rows, batch by batch; the window, the company and the size limit are checked first. */
  async consumptionExport(query: ConsumptionQuery, actor: AuthUser, maxRows = MOVEMENT_EXPORT_MAX_ROWS, batchSize = EXPORT_BATCH) {
    const { window, filter, customer } = await this.consumptionFilter(query, actor);
    if ((await this.reports.countConsumptionExport(filter)) > maxRows) throw new BusinessRuleError(tooManyRows(maxRows));
    return { window, customer: customer ? await this.card(customer) : null, batches: this.reports.consumptionExportChunks(filter, batchSize) };
  }

  /** 'Gestión Servicios': licences by service and origin. */
  async serviceManagement(query: WindowQuery & { appName?: string; serviceId?: number }, now = new Date()): Promise<ServiceManagementReport> {
    const window = this.window(query);
    const filter: ServiceFilter = { from: window.from, to: window.to, appName: query.appName, serviceId: query.serviceId };
    const [rows, points] = await Promise.all([this.reports.serviceRows(filter, now), this.reports.servicePoints(filter, window.interval)]);
    const totals = { granted: 0, active: 0, expiring30: 0, expiring60: 0, expiring90: 0, exhausted: 0, expired: 0 };
    for (const r of rows) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += r[key];
    return { window, totals, points, rows };
  }

  /** 'Soporte por Cliente': one company's licences, bags, last consumption, open orders, trials and use. */
  async customerSupport(query: WindowQuery & Required<CompanyQuery>, now = new Date()): Promise<CustomerSupportReport> {
    const window = this.window(query);
    const customer = await this.customers.byDocument(query.documentType, query.documentNumber.trim());
    if (!customer) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
    const filter: ConsumptionFilter = { from: window.from, to: window.to, customerId: customer.id };
    const [card, licences, last, orders, trials, points, rows] = await Promise.all([
      this.card(customer),
      this.reports.supportLicences(customer.id, now),
      this.reports.lastConsumption(customer.id),
      this.reports.openOrders(customer.id, customer.documentNumber, SUPPORT_LIST_LIMIT),
      this.reports.trials(customer.documentTypeId, customer.documentNumber, SUPPORT_LIST_LIMIT),
      this.reports.consumptionPoints(filter, window.interval),
      this.reports.consumptionRows(filter),
    ]);
    return { window, customer: card, lastConsumptionAt: last?.toISOString() ?? null, totals: sumFigures(rows), points, licences, orders, trials };
  }

  /** 'Códigos Promocionales': orders, redemptions, discount and revenue per code and period. */
  async promoCodes(query: WindowQuery & { code?: string }, now = new Date()): Promise<PromoCodeReport> {
    const window = this.window(query);
    const filter: PromoFilter = { from: window.from, to: window.to, code: query.code };
    const [rows, points] = await Promise.all([this.reports.promoRows(filter, now), this.reports.promoPoints(filter, window.interval)]);
    const totals = {
      orders: rows.reduce((n, r) => n + r.orders, 0),
      redemptions: rows.reduce((n, r) => n + r.redemptions, 0),
      discount: sumMoney(rows.map((r) => r.discount)),
      revenue: sumMoney(rows.map((r) => r.revenue)),
    };
    return { window, totals, points, rows };
  }

  /** The partners' report: a company's use per day and feature in the caller's brand (404 without its licences). */
  async partnerConsumption(
    caller: PartnerCaller,
    query: { documentType: string; documentNumber: string; serviceFeatureCode?: string; from?: string; to?: string },
  ): Promise<PartnerConsumptionReport> {
    const window = this.window(query);
    if (daysBetween(window.from, window.to) + 1 > PARTNER_REPORT_MAX_DAYS) {
      new RuleViolations().add('from', partnerRangeTooLong).throwIfAny();
    }
    const customerId = await this.reports.customerOfDocumentCode(query.documentType, query.documentNumber);
    if (customerId === null || !(await this.reports.holdsBrand(customerId, caller.appName))) throw new NotFoundError(NO_BRAND_LICENCES_MESSAGE);
    const days = await this.reports.partnerDays(customerId, caller.appName, window, query.serviceFeatureCode);
    return { from: window.from, to: window.to, days };
  }

  /** The window asked for (default the last 90 days), or 422 with the movement filter's messages. */
  private window(query: WindowQuery) {
    const { window, problems } = reportWindow(query, bogotaToday());
    const violations = new RuleViolations();
    if (problems.from) violations.add('from', problems.from);
    if (problems.to) violations.add('to', problems.to);
    violations.throwIfAny();
    return window;
  }

  private async consumptionFilter(query: ConsumptionQuery, actor: AuthUser) {
    const window = this.window(query);
    const customer = await this.companyOf(query, actor);
    const filter: ConsumptionFilter = {
      from: window.from,
      to: window.to,
      customerId: customer?.id,
      appName: query.appName,
      serviceId: query.serviceId,
      featureCode: query.serviceFeatureCode,
    };
    return { window, filter, customer };
  }

  /** The report's company, when the query names one (both fields or none: 400 otherwise). */
  private async companyOf(query: CompanyQuery, actor: AuthUser): Promise<CustomerDto | null> {
    const staff = hasAnyPrivilege(actor, REPORT_READERS);
    const named = query.documentType !== undefined || query.documentNumber !== undefined;
    // Only REPORTS reads the general report: a customer must name its company.
    if (!named && staff) return null;
    const violations = new RuleViolations();
    if (query.documentType === undefined) violations.add('documentType', DASHBOARD_MESSAGES.required);
    if (!query.documentNumber?.trim()) violations.add('documentNumber', DASHBOARD_MESSAGES.required);
    violations.throwIfAny();
    const customer = await this.customers.byDocument(query.documentType!, query.documentNumber!.trim());
    const mayRead = staff || (actor.customerId !== undefined && customer !== null && actor.customerId === String(customer.id));
    if (!customer || !mayRead) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
    return customer;
  }

  private async card(customer: CustomerDto): Promise<ReportCustomer> {
    const types = await this.reference.documentTypes();
    return {
      customerId: customer.id,
      documentTypeId: customer.documentTypeId,
      documentType: types.records.find((t) => t.id === customer.documentTypeId)?.documentTypeCode ?? String(customer.documentTypeId),
      documentNumber: customer.documentNumber,
      customerName: customer.customerName,
      email: customer.email,
      cellphoneNumber: customer.cellphoneNumber,
    };
  }
}

const tooManyRows = (max: number) =>
  max === MOVEMENT_EXPORT_MAX_ROWS
    ? 'El reporte tiene más de 1.000.000 de filas; acorta las fechas o filtra para descargarlo en Excel.'
    : `El reporte tiene más de ${max.toLocaleString('es-CO')} filas; acorta las fechas o filtra para descargarlo en Excel.`;
