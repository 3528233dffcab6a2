import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** A kind of feature; its category tells system functionality (F) from transactions (T). */
export const FeatureType = defineEntity({
  name: 'FeatureType',
  tableName: 'feature_type',
  uniques: [
    {
      name: 'feature_type_name_unique',
      expression: 'create unique index "feature_type_name_unique" on "feature_type" (immutable_unaccent(lower("feature_type_name")))',
    },
  ],
  indexes: [
    {
      name: 'feature_type_search_text_trgm',
      expression: 'create index "feature_type_search_text_trgm" on "feature_type" using gin ("search_text" gin_trgm_ops)',
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    featureTypeName: p.string().length(50),
    categoryType: p.enum(['F', 'T'] as const),
    idstate: p.enum([0, 1] as const).default(0),
    createdby: p.string().length(100).nullable(),
    createdon: p.datetime(),
    modifiedby: p.string().length(100).nullable(),
    modifiedon: p.datetime().nullable(),
    version: p.integer().version(),
    /** What `q` searches (the name, ignoring case and accents), like the other catalogue tables. */
    searchText: p.text().generated(`(immutable_unaccent(lower("feature_type_name"))) stored`).nullable().lazy().hidden(),
  },
});
export type FeatureType = InferEntity<typeof FeatureType>;

export const CATEGORY_TYPE_NAMES = { F: 'Funcionalidad Sistema', T: 'Transaccionalidad' } as const;

/** Features of the type named 'Almacenamiento' (accents and case aside) carry a storage unit (MB or GB). */
export function isStorageFeatureType(featureTypeName: string): boolean {
  const plain = featureTypeName.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return plain === 'almacenamiento';
}
