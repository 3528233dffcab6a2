import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { parseListQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { FEATURE_TYPE_SORTABLE } from './feature-type.repository.js';
import { FeatureTypeService } from './feature-type.service.js';

/** Resource API of feature types. */
@Controller()
export class FeatureTypeController {
  constructor(private readonly featureTypes: FeatureTypeService) {}

  @Operation('listFeatureTypes')
  async list(@Query() query: OpQuery<'listFeatureTypes'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, FEATURE_TYPE_SORTABLE);
    return sendPage(reply, 'feature-types', list, await this.featureTypes.list(list));
  }

  @Operation('getFeatureType')
  get(@Param('id') id: string) {
    return this.featureTypes.get(Number(id));
  }

  @Operation('createFeatureType')
  create(@Body() body: OpBody<'createFeatureType'>, @CurrentUser() actor: AuthUser) {
    return this.featureTypes.create(body, actor);
  }

  @Operation('editFeatureType')
  update(@Param('id') id: string, @Body() body: OpBody<'editFeatureType'>, @CurrentUser() actor: AuthUser) {
    return this.featureTypes.update(Number(id), body, actor);
  }

  @Operation('setFeatureTypeState')
  setState(@Param('id') id: string, @Body() body: OpBody<'setFeatureTypeState'>, @CurrentUser() actor: AuthUser) {
    return this.featureTypes.setState(Number(id), body.idstate, actor, body.version);
  }
}
