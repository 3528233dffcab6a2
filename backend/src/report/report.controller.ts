import { PassThrough } from 'node:stream';
import { Controller, Logger, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser, PartnerCaller } from '../auth/auth-user.js';
import { CurrentPartner, CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { QueryParams } from '../contract/params.decorator.js';
import type { OpQuery } from '../contract/types.js';
import { ReportService } from './report.service.js';
import {
  CONSUMPTION_COLUMNS,
  consumptionRows,
  PROMO_COLUMNS,
  promoRows,
  type ReportBook,
  reportFileName,
  SERVICE_COLUMNS,
  serviceRows,
  SUPPORT_COLUMNS,
  supportRows,
  writeReport,
  XLSX_TYPE,
} from './report.xlsx.js';

/** 'Informes' (catalogue-and-dashboards §2.3): the four reports, their Excel, and the partners' consumption by day. */
@Controller()
export class ReportController {
  private readonly logger = new Logger(ReportController.name);

  constructor(private readonly reports: ReportService) {}

  @Operation('getConsumptionReport')
  consumption(@QueryParams() query: OpQuery<'getConsumptionReport'>, @CurrentUser() actor: AuthUser) {
    return this.reports.consumption(query, actor);
  }

  @Operation('exportConsumptionReport')
  async exportConsumption(@QueryParams() query: OpQuery<'exportConsumptionReport'>, @CurrentUser() actor: AuthUser, @Res() reply: FastifyReply) {
    const data = await this.reports.consumptionExport(query, actor);
    const title = data.customer ? 'Reporte de consumo' : 'Reporte general de consumo';
    const book = { sheet: 'Consumo', title, window: data.window, customer: data.customer, columns: CONSUMPTION_COLUMNS, rows: consumptionRows(data.batches) };
    await this.send(reply, data.customer ? `consumo-${data.customer.documentNumber.replace(/[^A-Za-z0-9-]/g, '')}` : 'consumo', book);
  }

  @Operation('getServiceManagementReport')
  serviceManagement(@QueryParams() query: OpQuery<'getServiceManagementReport'>) {
    return this.reports.serviceManagement(query);
  }

  @Operation('exportServiceManagementReport')
  async exportServiceManagement(@QueryParams() query: OpQuery<'exportServiceManagementReport'>, @Res() reply: FastifyReply) {
    const report = await this.reports.serviceManagement(query);
    const book = { sheet: 'Gestión Servicios', title: 'Gestión Servicios', window: report.window, columns: SERVICE_COLUMNS, rows: serviceRows(report) };
    await this.send(reply, 'gestion-servicios', book);
  }

  @Operation('getCustomerSupportReport')
  customerSupport(@QueryParams() query: OpQuery<'getCustomerSupportReport'>) {
    return this.reports.customerSupport(query);
  }

  @Operation('exportCustomerSupportReport')
  async exportCustomerSupport(@QueryParams() query: OpQuery<'exportCustomerSupportReport'>, @Res() reply: FastifyReply) {
    const report = await this.reports.customerSupport(query);
    const book = {
      sheet: 'Soporte por Cliente',
      title: 'Soporte por Cliente',
      window: report.window,
      customer: report.customer,
      columns: SUPPORT_COLUMNS,
      rows: supportRows(report),
    };
    await this.send(reply, `soporte-${report.customer.documentNumber.replace(/[^A-Za-z0-9-]/g, '')}`, book);
  }

  @Operation('getPromoCodeReport')
  promoCodes(@QueryParams() query: OpQuery<'getPromoCodeReport'>) {
    return this.reports.promoCodes(query);
  }

  @Operation('exportPromoCodeReport')
  async exportPromoCodes(@QueryParams() query: OpQuery<'exportPromoCodeReport'>, @Res() reply: FastifyReply) {
    const report = await this.reports.promoCodes(query);
    const book = { sheet: 'Códigos Promocionales', title: 'Códigos Promocionales', window: report.window, columns: PROMO_COLUMNS, rows: promoRows(report) };
    await this.send(reply, 'codigos-promocionales', book);
  }

  @Operation('getPartnerConsumptionReport')
  partnerConsumption(@QueryParams() query: OpQuery<'getPartnerConsumptionReport'>, @CurrentPartner() caller: PartnerCaller) {
    return this.reports.partnerConsumption(caller, query);
  }

  /**
   * Streams a book: everything the answer depends on was checked before (the 200 goes now); a
   * failure after that can only cut the download, and is logged.
   */
  private async send(reply: FastifyReply, base: string, book: ReportBook): Promise<void> {
    const body = new PassThrough();
    void reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${reportFileName(base)}"`)
      .header('cache-control', 'no-store')
      .send(body);
    try {
      await writeReport(body, book);
    } catch (error) {
      this.logger.error(`Report ${base} failed mid-stream: ${String(error)}`);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
