import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import { ResourceController } from '../contract/resource-controller.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { ApiClientService } from './api-client.service.js';

/** Resource API of partners' API clients (superadmin). */
@Controller()
export class ApiClientController extends ResourceController<ApiClientService>({ resource: 'api-clients', list: 'listApiClients', get: 'getApiClient' }) {
  constructor(clients: ApiClientService) {
    super(clients);
  }

  @Operation('createApiClient')
  createWithSecret(@Body() body: OpBody<'createApiClient'>, @CurrentUser() actor: AuthUser, @Res({ passthrough: true }) reply: FastifyReply) {
    // The secret is in this answer only: no cache may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.service.create(body, actor);
  }

  @Operation('revokeApiClient')
  revoke(@PathParams() { id }: OpPath<'revokeApiClient'>, @CurrentUser() actor: AuthUser) {
    return this.service.revoke(id, actor);
  }
}
