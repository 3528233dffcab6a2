import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { parseListQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { SERVICE_SORTABLE } from './service.repository.js';
import { ServiceService } from './service.service.js';

/** Resource API of products or services. */
@Controller()
export class ServiceController {
  constructor(private readonly services: ServiceService) {}

  @Operation('listServices')
  async list(@Query() query: OpQuery<'listServices'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, SERVICE_SORTABLE);
    return sendPage(reply, 'services', list, await this.services.list(list));
  }

  @Operation('getService')
  get(@Param('id') id: string) {
    return this.services.get(Number(id));
  }

  @Operation('createService')
  create(@Body() body: OpBody<'createService'>, @CurrentUser() actor: AuthUser) {
    return this.services.create(body, actor);
  }

  @Operation('editService')
  update(@Param('id') id: string, @Body() body: OpBody<'editService'>, @CurrentUser() actor: AuthUser) {
    return this.services.update(Number(id), body, actor);
  }

  @Operation('setServiceState')
  setState(@Param('id') id: string, @Body() body: OpBody<'setServiceState'>, @CurrentUser() actor: AuthUser) {
    return this.services.setState(Number(id), body.idstate, actor, body.version);
  }

  @Operation('listServiceTypes')
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    const types = await this.services.types();
    return sendPage(reply, 'service-types', { offset: 0 }, { items: types, total: types.length });
  }
}
