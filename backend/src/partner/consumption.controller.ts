import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PartnerCaller } from '../auth/auth-user.js';
import { CurrentPartner } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders, OpPath, OpQuery } from '../contract/types.js';
import { ConsumptionService } from './consumption.service.js';

/** The partner API: consumptions with an Idempotency-Key, their reversal, and balances. */
@Controller()
export class ConsumptionController {
  constructor(private readonly consumptions: ConsumptionService) {}

  @Operation('createConsumption')
  async create(
    @Body() body: OpBody<'createConsumption'>,
    @HeaderParams() headers: OpHeaders<'createConsumption'>,
    @CurrentPartner() caller: PartnerCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { replayed, consumption } = await this.consumptions.consume(caller, headers['Idempotency-Key'], body);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return consumption;
  }

  @Operation('reverseConsumption')
  reverse(@PathParams() { id }: OpPath<'reverseConsumption'>, @CurrentPartner() caller: PartnerCaller) {
    return this.consumptions.reverse(caller, id);
  }

  @Operation('listPartnerBalances')
  balances(@QueryParams() query: OpQuery<'listPartnerBalances'>, @CurrentPartner() caller: PartnerCaller) {
    return this.consumptions.balances(caller, query);
  }
}
