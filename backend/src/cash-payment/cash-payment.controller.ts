import { PassThrough } from 'node:stream';
import { Body, Controller, Logger, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import { type ListParams, listQuery, sendPage } from '../contract/resource-list.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import type { CashListFilter, CashSortField } from './cash-payment.repository.js';
import { CashPaymentService } from './cash-payment.service.js';
import type { CashPaymentState } from './cash-payment.types.js';
import { paymentsFileName, writeCashPayments, XLSX_TYPE } from './cash-payment.xlsx.js';

type Filter = { q?: string; id?: number | number[]; state?: CashPaymentState; appName?: string };

/** The list filter as the repository takes it (the contract has checked each field). */
function cashFilter(filter: Filter | undefined): CashListFilter {
  if (!filter) return {};
  return {
    q: filter.q,
    state: filter.state,
    appName: filter.appName,
    ids: filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id],
  };
}

/** Resource API of cash payments (back office and partners): list, read, approve, reject, export. */
@Controller()
export class CashPaymentController {
  private readonly logger = new Logger('CashPayments');

  constructor(private readonly payments: CashPaymentService) {}

  @Operation('listPayments')
  async list(@QueryParams() params: ListParams<CashSortField, Filter>, @Res({ passthrough: true }) reply: FastifyReply) {
    const query = listQuery(params);
    const page = await this.payments.list({ ...query, filter: cashFilter(query.filter) });
    return sendPage(reply, 'payments', query, page);
  }

  @Operation('getPayment')
  get(@PathParams() { id }: OpPath<'getPayment'>) {
    return this.payments.get(id);
  }

  @Operation('approvePayment')
  approve(@PathParams() { id }: OpPath<'approvePayment'>, @CurrentUser() actor: AuthUser) {
    return this.payments.decide(id, { decision: 'APPROVED' }, actor);
  }

  @Operation('rejectPayment')
  reject(@PathParams() { id }: OpPath<'rejectPayment'>, @Body() body: OpBody<'rejectPayment'>, @CurrentUser() actor: AuthUser) {
    return this.payments.decide(id, { decision: 'REJECTED', rejectTypeId: body.rejectTypeId }, actor);
  }

  @Operation('exportPayments')
  async export(@QueryParams() query: OpQuery<'exportPayments'>, @CurrentUser() actor: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    const batches = this.payments.batches({ state: query.state, q: query.q }, actor);
    // The first batch is read before answering, so a refusal (403) is still an error response.
    const first = await batches.next();
    const body = new PassThrough();
    void reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${paymentsFileName(query.state)}"`)
      .header('cache-control', 'no-store')
      .send(body);
    try {
      await writeCashPayments(body, first, batches);
    } catch (error) {
      this.logger.error(`Cash payments export failed mid-stream: ${String(error)}`);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
