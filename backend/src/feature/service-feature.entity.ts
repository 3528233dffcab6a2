import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Service } from '../service/service.entity.js';
import { FeatureType } from './feature-type.entity.js';

/**
 * A feature of a service that packages carry with a quantity (COLNOMINA_EMPLEADO, ...). A
 * principal feature has no parent. Never deleted: packages and orders refer to it.
 */
export const ServiceFeature = defineEntity({
  name: 'ServiceFeature',
  tableName: 'service_feature',
  uniques: [
    {
      name: 'service_feature_code_lower_unique',
      expression: 'create unique index "service_feature_code_lower_unique" on "service_feature" (lower("service_feature_code"))',
    },
  ],
  indexes: [
    {
      name: 'service_feature_search_text_trgm',
      expression: 'create index "service_feature_search_text_trgm" on "service_feature" using gin ("search_text" gin_trgm_ops)',
    },
  ],
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
    idstate: p.enum([0, 1] as const).default(0),
    createdby: p.string().length(100).nullable(),
    createdon: p.datetime(),
    modifiedby: p.string().length(100).nullable(),
    modifiedon: p.datetime().nullable(),
    version: p.integer().version(),
    searchText: p
      .text()
      .generated(`(immutable_unaccent(lower("service_feature_code" || ' ' || "feature_description" || ' ' || coalesce("feature_alias", '')))) stored`)
      .nullable()
      .lazy()
      .hidden(),
  },
});
export type ServiceFeature = InferEntity<typeof ServiceFeature>;
