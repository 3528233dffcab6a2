import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Brand } from '../reference/reference.entities.js';

/** Kind of product or service (a lookup: rows come with the migration). */
export const ServiceType = defineEntity({
  name: 'ServiceType',
  tableName: 'service_type',
  properties: {
    id: p.integer().primary().autoincrement(false),
    name: p.string().length(60),
  },
});
export type ServiceType = InferEntity<typeof ServiceType>;

/** A product or service sold in packages (Colnómina, FirmaYa, ...). Never deleted: orders refer to it. */
export const Service = defineEntity({
  name: 'Service',
  tableName: 'service',
  uniques: [{ name: 'service_name_lower_unique', expression: 'create unique index "service_name_lower_unique" on "service" (lower("service_name"))' }],
  indexes: [{ name: 'service_search_text_trgm', expression: 'create index "service_search_text_trgm" on "service" using gin ("search_text" gin_trgm_ops)' }],
  properties: {
    id: p.integer().primary().autoincrement(),
    serviceTypeId: () => p.manyToOne(ServiceType).mapToPk().fieldName('service_type_id'),
    serviceName: p.string().length(100),
    descriptionService: p.string().length(200).nullable(),
    serviceNameContract: p.string().length(100).nullable(),
    requiresSupervision: p.boolean().default(false),
    isContractFullAccess: p.boolean().default(false),
    addManualLicense: p.boolean().default(false),
    /** Brand the service is sold under; gives the logo shown beside its features. */
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').nullable(),
    idstate: p.enum([0, 1] as const).default(0),
    createdby: p.string().length(100).nullable(),
    createdon: p.datetime(),
    modifiedby: p.string().length(100).nullable(),
    modifiedon: p.datetime().nullable(),
    version: p.integer().version(),
    searchText: p
      .text()
      .generated(
        `(immutable_unaccent(lower("service_name" || ' ' || coalesce("service_name_contract", '') || ' ' || coalesce("description_service", '')))) stored`,
      )
      .nullable()
      .lazy()
      .hidden(),
  },
});
export type Service = InferEntity<typeof Service>;
