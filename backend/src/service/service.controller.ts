import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { ServiceService } from './service.service.js';

/** Resource API of products or services. */
@Controller()
export class ServiceController {
  constructor(private readonly services: ServiceService) {}

  @Operation('listServices')
  async list(@QueryParams() query: OpQuery<'listServices'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'services', list, await this.services.list(list));
  }

  @Operation('getService')
  get(@PathParams() { id }: OpPath<'getService'>) {
    return this.services.get(id);
  }

  @Operation('createService')
  create(@Body() body: OpBody<'createService'>, @CurrentUser() actor: AuthUser) {
    return this.services.create(body, actor);
  }

  @Operation('editService')
  update(@PathParams() { id }: OpPath<'editService'>, @Body() body: OpBody<'editService'>, @CurrentUser() actor: AuthUser) {
    return this.services.update(id, body, actor);
  }

  @Operation('setServiceState')
  setState(@PathParams() { id }: OpPath<'setServiceState'>, @Body() body: OpBody<'setServiceState'>, @CurrentUser() actor: AuthUser) {
    return this.services.setState(id, body.idstate, actor, body.version);
  }

  @Operation('listServiceTypes')
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    const types = await this.services.types();
    return sendPage(reply, 'service-types', { offset: 0 }, { items: types, total: types.length });
  }
}
