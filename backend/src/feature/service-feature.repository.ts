import type { components } from '@licencias/common/schema';
import type { RequiredEntityData } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { type FilterRule, type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { ServiceFeature } from './service-feature.entity.js';

export type ServiceFeatureFilter = components['schemas']['ServiceFeatureFilter'];
/** A list request for ServiceFeature records: the sort fields and filters the contract declares. */
export type ServiceFeatureListQuery = ListQuery<components['schemas']['ServiceFeatureSort'][0], ServiceFeatureFilter>;

const principal: FilterRule = (value, field) =>
  filterRules.boolean('principal')(value, field).principal ? { featureRelation: null } : { featureRelation: { $ne: null } };

const FILTERS: FilterRules<ServiceFeatureFilter> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  serviceId: filterRules.ids('serviceId'),
  featureTypeId: filterRules.ids('featureTypeId'),
  featureRelation: filterRules.ids('featureRelation'),
  principal,
  idstate: filterRules.oneOf('idstate', [0, 1]),
};

@Injectable()
export class ServiceFeatureRepository {
  constructor(private readonly em: EntityManager) {}

  async list(query: ServiceFeatureListQuery): Promise<Page<ServiceFeature>> {
    const [items, total] = await this.em.findAndCount(ServiceFeature, whereOf(query.filter, FILTERS), {
      orderBy: query.sort ? { [query.sort.field]: query.sort.order.toLowerCase(), id: 'asc' } : { serviceId: 'asc', serviceFeatureCode: 'asc', id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  findById(id: number): Promise<ServiceFeature | null> {
    return this.em.findOne(ServiceFeature, { id });
  }

  findByIds(ids: readonly number[]): Promise<ServiceFeature[]> {
    return ids.length ? this.em.find(ServiceFeature, { id: { $in: [...ids] } }) : Promise.resolve([]);
  }

  /** Every feature of the services, principal ones first, by code. */
  ofServices(serviceIds: readonly number[]): Promise<ServiceFeature[]> {
    if (!serviceIds.length) return Promise.resolve([]);
    return this.em.find(ServiceFeature, { serviceId: { $in: [...serviceIds] } }, { orderBy: { serviceId: 'asc', serviceFeatureCode: 'asc' } });
  }

  async hasChildren(id: number): Promise<boolean> {
    return (await this.em.count(ServiceFeature, { featureRelation: id })) > 0;
  }

  async codeTaken(code: string, exceptId?: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>('select id from service_feature where lower(service_feature_code) = lower(?) and id <> ? limit 1', [
      code,
      exceptId ?? 0,
    ]);
    return rows.length > 0;
  }

  create(data: RequiredEntityData<ServiceFeature>): ServiceFeature {
    return this.em.create(ServiceFeature, data);
  }
}
