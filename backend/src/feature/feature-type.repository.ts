import type { components } from '@licencias/common/schema';
import type { RequiredEntityData } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { FeatureType } from './feature-type.entity.js';

export type FeatureTypeFilter = components['schemas']['FeatureTypeFilter'];
/** A list request for FeatureType records: the sort fields and filters the contract declares. */
export type FeatureTypeListQuery = ListQuery<components['schemas']['FeatureTypeSort'][0], FeatureTypeFilter>;

const FILTERS: FilterRules<FeatureTypeFilter> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  categoryType: filterRules.oneOf('categoryType', ['F', 'T']),
  idstate: filterRules.oneOf('idstate', [0, 1]),
};

@Injectable()
export class FeatureTypeRepository {
  constructor(private readonly em: EntityManager) {}

  async list(query: FeatureTypeListQuery): Promise<Page<FeatureType>> {
    const [items, total] = await this.em.findAndCount(FeatureType, whereOf(query.filter, FILTERS), {
      orderBy: { [query.sort?.field ?? 'featureTypeName']: (query.sort?.order ?? 'ASC').toLowerCase(), id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  all(activeOnly = false): Promise<FeatureType[]> {
    return this.em.find(FeatureType, activeOnly ? { idstate: 0 } : {}, { orderBy: { featureTypeName: 'asc' } });
  }

  findById(id: number): Promise<FeatureType | null> {
    return this.em.findOne(FeatureType, { id });
  }

  findByIds(ids: readonly number[]): Promise<FeatureType[]> {
    return ids.length ? this.em.find(FeatureType, { id: { $in: [...ids] } }) : Promise.resolve([]);
  }

  /** Names are unique ignoring case and accents (as the unique index on immutable_unaccent(lower(name))). */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>(
      'select id from feature_type where immutable_unaccent(lower(feature_type_name)) = immutable_unaccent(lower(?)) and id <> ? limit 1',
      [name, exceptId ?? 0],
    );
    return rows.length > 0;
  }

  create(data: RequiredEntityData<FeatureType>): FeatureType {
    return this.em.create(FeatureType, data);
  }
}
