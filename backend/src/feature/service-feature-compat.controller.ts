import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { changeRecordState, idstateOf, registerRecord } from '../contract/compat-state.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { SERVICE_FEATURE_SAVED_MESSAGE, SERVICE_FEATURE_STATE_MESSAGES, ServiceFeatureService } from './service-feature.service.js';

/** Rows of the old lists: `lastRow` rows already loaded, `numRows` more (all, up to 1000, when absent). */
function page({ lastRow, numRows }: OpHeaders<'getAllServiceFeatures'>) {
  return { offset: lastRow ?? 0, limit: numRows ?? 1000 };
}

/** The old product's service-feature calls, over the same rules as the resource API. */
@Controller()
export class ServiceFeatureCompatController {
  constructor(private readonly features: ServiceFeatureService) {}

  @Operation('getOnlyParentServices')
  async parents(@HeaderParams() headers: OpHeaders<'getOnlyParentServices'>) {
    const list = await this.features.list({ ...page(headers), filter: { principal: true } });
    return envelope({ serviceFeatureDetailsList: list.items, rows: list.total });
  }

  @Operation('getAllServiceFeatures')
  async all(@HeaderParams() headers: OpHeaders<'getAllServiceFeatures'>) {
    const list = await this.features.list({ ...page(headers), filter: {} });
    return envelope({ serviceFeatureList: { records: list.items, rows: list.total } });
  }

  @Operation('registerServiceFeature')
  async register(@Body() body: OpBody<'registerServiceFeature'>, @CurrentUser() actor: AuthUser) {
    const input = {
      serviceId: body.serviceTypeId,
      serviceFeatureCode: body.serviceFeatureCode,
      featureDescription: body.featureDescription,
      featureTypeId: body.featureTypeId,
      featureRelation: body.featureRelation,
      featureAlias: body.featureAlias,
      urlImageFeature: body.urlImageFeature,
      colorFeature: body.colorFeature,
      isunlimited: body.isunlimited,
      idstate: idstateOf(body.status),
    };
    return registerRecord(this.features, body, input, actor, SERVICE_FEATURE_SAVED_MESSAGE);
  }

  @Operation('changeStateServiceFeature')
  changeState(@Body() body: OpBody<'changeStateServiceFeature'>, @CurrentUser() actor: AuthUser) {
    return changeRecordState(this.features, body, actor, SERVICE_FEATURE_STATE_MESSAGES);
  }
}
