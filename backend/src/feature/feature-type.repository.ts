import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { CatalogueRepository } from '../database/catalogue.repository.js';
import { type FilterRules, filterRules } from '../database/list-filter.js';
import type { ResourceListQuery } from '../database/list-query.js';
import { FeatureType } from './feature-type.entity.js';

/** A list request for FeatureType records: the sort fields and filters the contract declares. */
export type FeatureTypeListQuery = ResourceListQuery<'FeatureType'>;

const FILTERS: FilterRules<FeatureTypeListQuery['filter']> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  categoryType: filterRules.oneOf('categoryType', ['F', 'T']),
  idstate: filterRules.oneOf('idstate', [0, 1]),
};

@Injectable()
export class FeatureTypeRepository extends CatalogueRepository<FeatureType, FeatureTypeListQuery> {
  constructor(em: EntityManager) {
    super(em, FeatureType, { table: 'feature_type', filters: FILTERS, order: { featureTypeName: 'asc', id: 'asc' } });
  }

  all(activeOnly = false): Promise<FeatureType[]> {
    return this.em.find(FeatureType, activeOnly ? { idstate: 0 } : {}, { orderBy: { featureTypeName: 'asc' } });
  }

  /** Names are unique ignoring case and accents (as the unique index on immutable_unaccent(lower(name))). */
  nameTaken(name: string, exceptId?: number): Promise<boolean> {
    return this.taken('feature_type_name', name, exceptId, 'unaccented');
  }
}
