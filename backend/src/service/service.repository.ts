import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { CatalogueRepository } from '../database/catalogue.repository.js';
import { type FilterRules, filterRules } from '../database/list-filter.js';
import type { ResourceListQuery } from '../database/list-query.js';
import { Service, ServiceType } from './service.entity.js';

/** A list request for Service records: the sort fields and filters the contract declares. */
export type ServiceListQuery = ResourceListQuery<'Service'>;

const FILTERS: FilterRules<ServiceListQuery['filter']> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  serviceTypeId: filterRules.ids('serviceTypeId'),
  idstate: filterRules.oneOf('idstate', [0, 1]),
  appName: filterRules.equals('appName', 40),
};

@Injectable()
export class ServiceRepository extends CatalogueRepository<Service, ServiceListQuery> {
  constructor(em: EntityManager) {
    super(em, Service, { table: 'service', filters: FILTERS, order: { serviceName: 'asc', id: 'asc' } });
  }

  all(): Promise<Service[]> {
    return this.em.find(Service, {}, { orderBy: { serviceName: 'asc' } });
  }

  override findByIds(ids: readonly number[]): Promise<Service[]> {
    return ids.length ? this.em.find(Service, { id: { $in: [...ids] } }, { orderBy: { serviceName: 'asc' } }) : Promise.resolve([]);
  }

  nameTaken(name: string, exceptId?: number): Promise<boolean> {
    return this.taken('service_name', name, exceptId);
  }

  types(): Promise<ServiceType[]> {
    return this.em.find(ServiceType, {}, { orderBy: { id: 'asc' } });
  }
}
