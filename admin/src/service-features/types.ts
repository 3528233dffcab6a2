import type { components } from '@licencias/common/schema';

/** A service feature of the resource API (GET /api/v1/service-features). */
export type ServiceFeature = components['schemas']['ServiceFeature'];
export type ServiceFeatureCreate = components['schemas']['ServiceFeatureCreate'];
