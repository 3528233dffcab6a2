import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { changeRecordState, idstateOf, registerRecord } from '../contract/compat-state.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { FEATURE_TYPE_SAVED_MESSAGE, FEATURE_TYPE_STATE_MESSAGES, FeatureTypeService } from './feature-type.service.js';

/** The old product's feature-type calls, over the same rules as the resource API. */
@Controller()
export class FeatureTypeCompatController {
  constructor(private readonly featureTypes: FeatureTypeService) {}

  @Operation('getAllFeatureType')
  async all() {
    return envelope({ featureTypeList: await this.featureTypes.all() });
  }

  @Operation('getAllFeatureTypes')
  async active() {
    const types = await this.featureTypes.all(true);
    return envelope({ records: types.map(({ id, featureTypeName, categoryType }) => ({ id, featureTypeName, categoryType })) });
  }

  @Operation('registerFeatureType')
  async register(@Body() body: OpBody<'registerFeatureType'>, @CurrentUser() actor: AuthUser) {
    const input = { featureTypeName: body.featureTypeName, categoryType: body.categoryType, idstate: idstateOf(body.status) };
    return registerRecord(this.featureTypes, { id: body.Id, version: body.Version }, input, actor, FEATURE_TYPE_SAVED_MESSAGE);
  }

  @Operation('changeStateFeatureType')
  changeState(@Body() body: OpBody<'changeStateFeatureType'>, @CurrentUser() actor: AuthUser) {
    return changeRecordState(this.featureTypes, body, actor, FEATURE_TYPE_STATE_MESSAGES);
  }
}
