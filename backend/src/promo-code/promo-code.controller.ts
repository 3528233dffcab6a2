import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { parseListQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { PROMO_CODE_SORTABLE } from './promo-code.repository.js';
import { PromoCodeService } from './promo-code.service.js';

/** Resource API of promotional codes. */
@Controller()
export class PromoCodeController {
  constructor(private readonly codes: PromoCodeService) {}

  @Operation('listPromoCodes')
  async list(@Query() query: OpQuery<'listPromoCodes'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, PROMO_CODE_SORTABLE);
    return sendPage(reply, 'promo-codes', list, await this.codes.list(list));
  }

  @Operation('getPromoCode')
  get(@Param('id') id: string) {
    return this.codes.get(Number(id));
  }

  @Operation('createPromoCode')
  async create(@Body() body: OpBody<'createPromoCode'>, @CurrentUser() actor: AuthUser) {
    return this.codes.get(await this.codes.create(body, actor));
  }

  @Operation('editPromoCode')
  async update(@Param('id') id: string, @Body() body: OpBody<'editPromoCode'>, @CurrentUser() actor: AuthUser) {
    return this.codes.get(await this.codes.update(Number(id), body, actor));
  }

  @Operation('setPromoCodeState')
  async setState(@Param('id') id: string, @Body() body: OpBody<'setPromoCodeState'>, @CurrentUser() actor: AuthUser) {
    await this.codes.setState(Number(id), body.idstate, actor, body.version);
    return this.codes.get(Number(id));
  }

  @Operation('listPromoUserTypes')
  async userTypes(@Res({ passthrough: true }) reply: FastifyReply) {
    const types = await this.codes.userTypes();
    return sendPage(reply, 'promo-user-types', { offset: 0 }, { items: types, total: types.length });
  }
}
