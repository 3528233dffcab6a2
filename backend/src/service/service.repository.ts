import type { components } from '@licencias/common/schema';
import { Injectable } from '@nestjs/common';
import type { RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { Service, ServiceType } from './service.entity.js';

export type ServiceFilter = components['schemas']['ServiceFilter'];
/** A list request for Service records: the sort fields and filters the contract declares. */
export type ServiceListQuery = ListQuery<components['schemas']['ServiceSort'][0], ServiceFilter>;

const FILTERS: FilterRules<ServiceFilter> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  serviceTypeId: filterRules.ids('serviceTypeId'),
  idstate: filterRules.oneOf('idstate', [0, 1]),
  appName: filterRules.equals('appName', 40),
};

@Injectable()
export class ServiceRepository {
  constructor(private readonly em: EntityManager) {}

  async list(query: ServiceListQuery): Promise<Page<Service>> {
    const [items, total] = await this.em.findAndCount(Service, whereOf(query.filter, FILTERS), {
      orderBy: { [query.sort?.field ?? 'serviceName']: (query.sort?.order ?? 'ASC').toLowerCase(), id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  all(): Promise<Service[]> {
    return this.em.find(Service, {}, { orderBy: { serviceName: 'asc' } });
  }

  findById(id: number): Promise<Service | null> {
    return this.em.findOne(Service, { id });
  }

  findByIds(ids: readonly number[]): Promise<Service[]> {
    return ids.length ? this.em.find(Service, { id: { $in: [...ids] } }, { orderBy: { serviceName: 'asc' } }) : Promise.resolve([]);
  }

  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>('select id from service where lower(service_name) = lower(?) and id <> ? limit 1', [
      name,
      exceptId ?? 0,
    ]);
    return rows.length > 0;
  }

  types(): Promise<ServiceType[]> {
    return this.em.find(ServiceType, {}, { orderBy: { id: 'asc' } });
  }

  create(data: RequiredEntityData<Service>): Service {
    return this.em.create(Service, data);
  }
}
