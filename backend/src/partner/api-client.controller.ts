import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { ApiClientService } from './api-client.service.js';

/** Resource API of partners' API clients (superadmin). */
@Controller()
export class ApiClientController {
  constructor(private readonly clients: ApiClientService) {}

  @Operation('listApiClients')
  async list(@QueryParams() query: OpQuery<'listApiClients'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'api-clients', list, await this.clients.list(list));
  }

  @Operation('getApiClient')
  get(@PathParams() { id }: OpPath<'getApiClient'>) {
    return this.clients.get(id);
  }

  @Operation('createApiClient')
  create(@Body() body: OpBody<'createApiClient'>, @CurrentUser() actor: AuthUser, @Res({ passthrough: true }) reply: FastifyReply) {
    // The secret is in this answer only: no cache may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.clients.create(body, actor);
  }

  @Operation('revokeApiClient')
  revoke(@PathParams() { id }: OpPath<'revokeApiClient'>, @CurrentUser() actor: AuthUser) {
    return this.clients.revoke(id, actor);
  }
}
