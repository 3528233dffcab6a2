import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { FeatureTypeService } from './feature-type.service.js';

/** Resource API of feature types. */
@Controller()
export class FeatureTypeController {
  constructor(private readonly featureTypes: FeatureTypeService) {}

  @Operation('listFeatureTypes')
  async list(@QueryParams() query: OpQuery<'listFeatureTypes'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'feature-types', list, await this.featureTypes.list(list));
  }

  @Operation('getFeatureType')
  get(@PathParams() { id }: OpPath<'getFeatureType'>) {
    return this.featureTypes.get(id);
  }

  @Operation('createFeatureType')
  create(@Body() body: OpBody<'createFeatureType'>, @CurrentUser() actor: AuthUser) {
    return this.featureTypes.create(body, actor);
  }

  @Operation('editFeatureType')
  update(@PathParams() { id }: OpPath<'editFeatureType'>, @Body() body: OpBody<'editFeatureType'>, @CurrentUser() actor: AuthUser) {
    return this.featureTypes.update(id, body, actor);
  }

  @Operation('setFeatureTypeState')
  setState(@PathParams() { id }: OpPath<'setFeatureTypeState'>, @Body() body: OpBody<'setFeatureTypeState'>, @CurrentUser() actor: AuthUser) {
    return this.featureTypes.setState(id, body.idstate, actor, body.version);
  }
}
