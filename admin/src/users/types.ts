import type { components } from '@licencias/common/schema';

/** A user of the resource API (GET /api/v1/users). */
export type User = components['schemas']['User'];
