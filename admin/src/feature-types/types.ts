import type { components } from '@licencias/common/schema';

/** A feature type of the resource API (GET /api/v1/feature-types). */
export type FeatureType = components['schemas']['FeatureType'];
export type FeatureTypeCreate = components['schemas']['FeatureTypeCreate'];
export type FeatureCategory = components['schemas']['FeatureCategoryType'];

/** F Funcionalidad Sistema, T Transaccionalidad. */
export const CATEGORY_CHOICES: { id: FeatureCategory; name: string }[] = [
  { id: 'F', name: 'resources.feature-types.categories.F' },
  { id: 'T', name: 'resources.feature-types.categories.T' },
];
