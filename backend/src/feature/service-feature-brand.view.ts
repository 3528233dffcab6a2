import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A read-only view the catalogue publishes for other domains' one-statement reads: each service
 * feature with its service and the brand (app name) of that service. Other domains read it,
 * never the service and service-feature tables behind it.
 */
export const ServiceFeatureBrand = defineEntity({
  name: 'ServiceFeatureBrand',
  tableName: 'service_feature_brand',
  view: true,
  expression:
    'select f.id as service_feature_id, f.service_feature_code, f.service_id, s.app_name from service_feature f join service s on s.id = f.service_id',
  properties: {
    serviceFeatureId: p.integer().primary(),
    serviceFeatureCode: p.string().length(50),
    serviceId: p.integer(),
    appName: p.string().length(40),
  },
});
export type ServiceFeatureBrand = InferEntity<typeof ServiceFeatureBrand>;
