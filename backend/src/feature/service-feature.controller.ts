import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { ServiceFeatureService } from './service-feature.service.js';

/** Resource API of service features. */
@Controller()
export class ServiceFeatureController {
  constructor(private readonly features: ServiceFeatureService) {}

  @Operation('listServiceFeatures')
  async list(@QueryParams() query: OpQuery<'listServiceFeatures'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'service-features', list, await this.features.list(list));
  }

  @Operation('getServiceFeature')
  get(@PathParams() { id }: OpPath<'getServiceFeature'>) {
    return this.features.get(id);
  }

  @Operation('createServiceFeature')
  create(@Body() body: OpBody<'createServiceFeature'>, @CurrentUser() actor: AuthUser) {
    return this.features.create(body, actor);
  }

  @Operation('editServiceFeature')
  update(@PathParams() { id }: OpPath<'editServiceFeature'>, @Body() body: OpBody<'editServiceFeature'>, @CurrentUser() actor: AuthUser) {
    return this.features.update(id, body, actor);
  }

  @Operation('setServiceFeatureState')
  setState(@PathParams() { id }: OpPath<'setServiceFeatureState'>, @Body() body: OpBody<'setServiceFeatureState'>, @CurrentUser() actor: AuthUser) {
    return this.features.setState(id, body.idstate, actor, body.version);
  }
}
