import { PassThrough } from 'node:stream';
import { Body, Controller, Logger, Res } from '@nestjs/common';
import { MOVEMENT_PAGE_SIZE } from '@licencias/common/rules';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders, OpQuery } from '../contract/types.js';
import { movementsFileName, writeMovements, XLSX_TYPE } from './dashboard-movements.xlsx.js';
import { DashboardService } from './dashboard.service.js';

/** The old product's dashboard calls (catalogue-and-dashboards §7 'Dashboards') and the movements' Excel. */
@Controller()
export class DashboardController {
  private readonly logger = new Logger(DashboardController.name);

  constructor(private readonly dashboards: DashboardService) {}

  @Operation('getDashboardCustomer')
  async customer(@Body() body: OpBody<'getDashboardCustomer'>, @CurrentUser() actor: AuthUser) {
    return envelope(await this.dashboards.customerServices(body.documentType, body.documentNumber, actor));
  }

  @Operation('getContractedServiceDetails')
  async packageDetail(@Body() body: OpBody<'getContractedServiceDetails'>, @CurrentUser() actor: AuthUser) {
    const query = { documentType: body.DocumentType, documentNumber: body.DocumentNumber, serviceName: body.ServiceName, packageCode: body.PackageCode };
    return envelope(await this.dashboards.packageDetail(query, actor));
  }

  @Operation('getConsumptionHistory')
  async history(@HeaderParams() headers: OpHeaders<'getConsumptionHistory'>, @Body() body: OpBody<'getConsumptionHistory'>, @CurrentUser() actor: AuthUser) {
    return envelope(await this.dashboards.consumptionHistory(body, headers.skip ?? 0, headers.take ?? MOVEMENT_PAGE_SIZE, actor));
  }

  @Operation('getContractDetails')
  async contract(@Body() body: OpBody<'getContractDetails'>, @CurrentUser() actor: AuthUser) {
    return envelope(await this.dashboards.contractDetail(body.contractNumber, body.serviceFeatureId ?? null, actor));
  }

  @Operation('getConsumptionSeries')
  series(@QueryParams() { interval, ...query }: OpQuery<'getConsumptionSeries'>, @CurrentUser() actor: AuthUser) {
    return this.dashboards.consumptionSeries(query, interval, actor);
  }

  /**
   * The movements as an .xlsx, streamed: dates, company, service, feature and the size limit are
   * checked before the 200 goes; a failure after that can only cut the download, and is logged.
   */
  @Operation('exportDashboardMovements')
  async export(@QueryParams() query: OpQuery<'exportDashboardMovements'>, @CurrentUser() actor: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    const data = await this.dashboards.movementExport(query, actor);
    const body = new PassThrough();
    void reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${movementsFileName(data.card)}"`)
      .header('cache-control', 'no-store')
      .send(body);
    try {
      await writeMovements(body, data);
    } catch (error) {
      this.logger.error(`Dashboard movements of ${query.documentType}/${query.documentNumber} failed mid-stream: ${String(error)}`);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
