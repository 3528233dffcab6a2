import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { invalidatesCache } from '../cache/invalidation-trigger.js';
import { catalogueColumns, catalogueTable } from '../database/entity-columns.js';
import { Service } from '../service/service.entity.js';
import { FeatureType } from './feature-type.entity.js';

/**
 * A feature of a service that packages carry with a quantity (COLNOMINA_EMPLEADO, ...). A
 * principal feature has no parent. Never deleted: packages and orders refer to it.
 */
export const ServiceFeature = defineEntity({
  ...catalogueTable('ServiceFeature', 'service_feature', { name: 'service_feature_code_lower_unique', sql: 'lower("service_feature_code")' }),
  // The store shows each package's features (package/store-catalogue).
  triggers: [invalidatesCache('service_feature', ['storeCatalogue', 'packageLists'])],
  properties: {
    id: p.integer().primary().autoincrement(),
    serviceId: () => p.manyToOne(Service).mapToPk().fieldName('service_id').index(),
    serviceFeatureCode: p.string().length(50),
    featureDescription: p.string().length(250),
    featureTypeId: () => p.manyToOne(FeatureType).mapToPk().fieldName('feature_type_id').index(),
    featureRelation: () => p.manyToOne(ServiceFeature).mapToPk().fieldName('feature_relation').nullable().index(),
    featureAlias: p.string().length(100).nullable(),
    urlImageFeature: p.string().length(1000).nullable(),
    colorFeature: p.string().length(50).nullable(),
    /** Any quantity of this feature is unlimited. */
    isunlimited: p.boolean().default(false),
    ...catalogueColumns(`"service_feature_code" || ' ' || "feature_description" || ' ' || coalesce("feature_alias", '')`),
  },
});
export type ServiceFeature = InferEntity<typeof ServiceFeature>;
