import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { parseListQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { SERVICE_FEATURE_SORTABLE } from './service-feature.repository.js';
import { ServiceFeatureService } from './service-feature.service.js';

/** Resource API of service features. */
@Controller()
export class ServiceFeatureController {
  constructor(private readonly features: ServiceFeatureService) {}

  @Operation('listServiceFeatures')
  async list(@Query() query: OpQuery<'listServiceFeatures'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, SERVICE_FEATURE_SORTABLE);
    return sendPage(reply, 'service-features', list, await this.features.list(list));
  }

  @Operation('getServiceFeature')
  get(@Param('id') id: string) {
    return this.features.get(Number(id));
  }

  @Operation('createServiceFeature')
  create(@Body() body: OpBody<'createServiceFeature'>, @CurrentUser() actor: AuthUser) {
    return this.features.create(body, actor);
  }

  @Operation('editServiceFeature')
  update(@Param('id') id: string, @Body() body: OpBody<'editServiceFeature'>, @CurrentUser() actor: AuthUser) {
    return this.features.update(Number(id), body, actor);
  }

  @Operation('setServiceFeatureState')
  setState(@Param('id') id: string, @Body() body: OpBody<'setServiceFeatureState'>, @CurrentUser() actor: AuthUser) {
    return this.features.setState(Number(id), body.idstate, actor, body.version);
  }
}
