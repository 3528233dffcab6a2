import { PassThrough } from 'node:stream';
import { Controller, Logger, Res } from '@nestjs/common';
import { parseBusinessDate } from '@licencias/common/dates';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { listQuery, sendAll, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpPath, OpQuery } from '../contract/types.js';
import { invalidField } from '../errors/errors.js';
import { INVALID_DATE_MESSAGE } from '../errors/messages.js';
import { detailFileName, writeConsumptionDetail, XLSX_TYPE } from './consumption-detail.xlsx.js';
import { toLicenceResource, toMovementResource } from './licence.mapper.js';
import { LicenceService } from './licence.service.js';

/** A date of a filter: a date alone is the start (or end) of that Bogotá day. */
function filterDate(text: string | undefined, field: string, dateOnly: 'start' | 'end'): Date | undefined {
  if (text === undefined) return undefined;
  return parseBusinessDate(text, dateOnly) ?? invalidField(field, INVALID_DATE_MESSAGE);
}

/** Resource API of licences: the back office and partners read licences, balances and the ledger here. */
@Controller()
export class LicenceController {
  private readonly logger = new Logger(LicenceController.name);

  constructor(private readonly licences: LicenceService) {}

  @Operation('listLicences')
  async list(@QueryParams() query: OpQuery<'listLicences'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    const page = await this.licences.list(list);
    return sendPage(reply, 'licences', list, { items: page.items.map(toLicenceResource), total: page.total });
  }

  @Operation('getLicence')
  async get(@PathParams() { id }: OpPath<'getLicence'>) {
    return toLicenceResource(await this.licences.get(id));
  }

  @Operation('listLicenceBalances')
  async balances(@PathParams() { id }: OpPath<'listLicenceBalances'>, @Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'balances', toLicenceResource(await this.licences.get(id)).balances);
  }

  @Operation('listLicenceMovements')
  async movements(
    @PathParams() { id }: OpPath<'listLicenceMovements'>,
    @QueryParams() query: OpQuery<'listLicenceMovements'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const list = listQuery(query);
    const filter = list.filter;
    const page = await this.licences.movements(
      id,
      {
        from: filterDate(filter.from, 'filter.from', 'start'),
        to: filterDate(filter.to, 'filter.to', 'end'),
        serviceFeatureCode: filter.serviceFeatureCode,
        q: filter.q,
      },
      list.offset,
      list.limit,
    );
    return sendPage(reply, 'movements', list, { items: page.items.map(toMovementResource), total: page.total });
  }

  /**
   * 'Detalle de consumo' as an .xlsx, streamed: the status and headers go once the company is
   * found, then the workbook as it is written. A failure after that can only cut the download
   * (the client sees it incomplete); it is logged.
   */
  @Operation('exportConsumptionDetail')
  async exportConsumptionDetail(
    @QueryParams() query: OpQuery<'exportConsumptionDetail'>,
    @CurrentUser() actor: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const detail = await this.licences.consumptionDetail(query.customerId, query.serviceId ?? null, actor);
    const body = new PassThrough();
    void reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${detailFileName(detail)}"`)
      .header('cache-control', 'no-store')
      .send(body);
    try {
      await writeConsumptionDetail(body, detail);
    } catch (error) {
      this.logger.error(`Consumption detail of customer ${query.customerId} failed mid-stream: ${String(error)}`);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
