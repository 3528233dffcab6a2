import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { invalidatesCache } from '../cache/invalidation-trigger.js';
import { catalogueColumns, catalogueTable, defineLookup } from '../database/entity-columns.js';
import { Brand } from '../reference/reference.entities.js';

/** Kind of product or service (a lookup: rows come with the migration). */
export const ServiceType = defineLookup('ServiceType', 'service_type', {
  name: p.string().length(60),
});
export type ServiceType = InferEntity<typeof ServiceType>;

/** A product or service sold in packages (Colnómina, FirmaYa, ...). Never deleted: orders refer to it. */
export const Service = defineEntity({
  ...catalogueTable('Service', 'service', { name: 'service_name_lower_unique', sql: 'lower("service_name")' }),
  // The store finds a brand's packages by its service (package/store-catalogue).
  triggers: [invalidatesCache('service', ['storeCatalogue', 'packageLists'])],
  properties: {
    id: p.integer().primary().autoincrement(),
    serviceTypeId: () => p.manyToOne(ServiceType).mapToPk().fieldName('service_type_id'),
    serviceName: p.string().length(100),
    descriptionService: p.string().length(200).nullable(),
    serviceNameContract: p.string().length(100).nullable(),
    requiresSupervision: p.boolean().default(false),
    isContractFullAccess: p.boolean().default(false),
    addManualLicense: p.boolean().default(false),
    /** Which 'Servicios Contratados' form its agreements use: bags of services, or devices (ECD, digital certificates). */
    contractedServices: p.enum(['isComponentServices', 'isComponentECD'] as const).default('isComponentServices'),
    /** ECD: the device type ids its agreements may contract, comma-separated ('1,2'). */
    deviceTypeIds: p.string().length(100).default(''),
    /** Brand the service is sold under; gives the logo shown beside its features. */
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').nullable(),
    ...catalogueColumns(`"service_name" || ' ' || coalesce("service_name_contract", '') || ' ' || coalesce("description_service", '')`),
  },
});
export type Service = InferEntity<typeof Service>;
