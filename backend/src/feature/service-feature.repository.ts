import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { CatalogueRepository } from '../database/catalogue.repository.js';
import { type FilterRule, type FilterRules, filterRules } from '../database/list-filter.js';
import type { ResourceListQuery } from '../database/list-query.js';
import { ServiceFeature } from './service-feature.entity.js';

/** A list request for ServiceFeature records: the sort fields and filters the contract declares. */
export type ServiceFeatureListQuery = ResourceListQuery<'ServiceFeature'>;

const principal: FilterRule = (value, field) =>
  filterRules.boolean('principal')(value, field).principal ? { featureRelation: null } : { featureRelation: { $ne: null } };

const FILTERS: FilterRules<ServiceFeatureListQuery['filter']> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  serviceId: filterRules.ids('serviceId'),
  featureTypeId: filterRules.ids('featureTypeId'),
  featureRelation: filterRules.ids('featureRelation'),
  principal,
  idstate: filterRules.oneOf('idstate', [0, 1]),
};

@Injectable()
export class ServiceFeatureRepository extends CatalogueRepository<ServiceFeature, ServiceFeatureListQuery> {
  constructor(em: EntityManager) {
    super(em, ServiceFeature, { table: 'service_feature', filters: FILTERS, order: { serviceId: 'asc', serviceFeatureCode: 'asc', id: 'asc' } });
  }

  /** Every feature of the services, principal ones first, by code. */
  ofServices(serviceIds: readonly number[]): Promise<ServiceFeature[]> {
    if (!serviceIds.length) return Promise.resolve([]);
    return this.em.find(ServiceFeature, { serviceId: { $in: [...serviceIds] } }, { orderBy: { serviceId: 'asc', serviceFeatureCode: 'asc' } });
  }

  async hasChildren(id: number): Promise<boolean> {
    return (await this.em.count(ServiceFeature, { featureRelation: id })) > 0;
  }

  codeTaken(code: string, exceptId?: number): Promise<boolean> {
    return this.taken('service_feature_code', code, exceptId);
  }
}
