import type { components } from '@licencias/common/schema';

/** A product or service of the resource API (GET /api/v1/services). */
export type Service = components['schemas']['Service'];
export type ServiceCreate = components['schemas']['ServiceCreate'];
export type ServiceType = components['schemas']['ServiceType'];
