import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { invalidatesCache } from '../cache/invalidation-trigger.js';
import { catalogueColumns, catalogueTable } from '../database/entity-columns.js';

/** A kind of feature; its category tells system functionality (F) from transactions (T). */
export const FeatureType = defineEntity({
  ...catalogueTable('FeatureType', 'feature_type', { name: 'feature_type_name_unique', sql: 'immutable_unaccent(lower("feature_type_name"))' }),
  // A service's features are kept with their type's name (ServiceFeatureService.described).
  triggers: [invalidatesCache('feature_type', ['storeCatalogue'])],
  properties: {
    id: p.integer().primary().autoincrement(),
    featureTypeName: p.string().length(50),
    categoryType: p.enum(['F', 'T'] as const),
    /** `q` searches the name, ignoring case and accents, like the other catalogue tables. */
    ...catalogueColumns('"feature_type_name"'),
  },
});
export type FeatureType = InferEntity<typeof FeatureType>;

export const CATEGORY_TYPE_NAMES = { F: 'Funcionalidad Sistema', T: 'Transaccionalidad' } as const;

/** Features of the type named 'Almacenamiento' (accents and case aside) carry a storage unit (MB or GB). */
export function isStorageFeatureType(featureTypeName: string): boolean {
  const plain = featureTypeName.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return plain === 'almacenamiento';
}
