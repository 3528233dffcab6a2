import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { PromoCodeService } from './promo-code.service.js';

/** Resource API of promotional codes. */
@Controller()
export class PromoCodeController {
  constructor(private readonly codes: PromoCodeService) {}

  @Operation('listPromoCodes')
  async list(@QueryParams() query: OpQuery<'listPromoCodes'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'promo-codes', list, await this.codes.list(list));
  }

  @Operation('getPromoCode')
  get(@PathParams() { id }: OpPath<'getPromoCode'>) {
    return this.codes.get(id);
  }

  @Operation('createPromoCode')
  async create(@Body() body: OpBody<'createPromoCode'>, @CurrentUser() actor: AuthUser) {
    return this.codes.get(await this.codes.create(body, actor));
  }

  @Operation('editPromoCode')
  async update(@PathParams() { id }: OpPath<'editPromoCode'>, @Body() body: OpBody<'editPromoCode'>, @CurrentUser() actor: AuthUser) {
    return this.codes.get(await this.codes.update(id, body, actor));
  }

  @Operation('setPromoCodeState')
  async setState(@PathParams() { id }: OpPath<'setPromoCodeState'>, @Body() body: OpBody<'setPromoCodeState'>, @CurrentUser() actor: AuthUser) {
    await this.codes.setState(id, body.idstate, actor, body.version);
    return this.codes.get(id);
  }

  @Operation('listPromoUserTypes')
  async userTypes(@Res({ passthrough: true }) reply: FastifyReply) {
    const types = await this.codes.userTypes();
    return sendPage(reply, 'promo-user-types', { offset: 0 }, { items: types, total: types.length });
  }
}
