import type { paths } from '@licencias/common/schema';

/** A role with its privileges (GET /api/v1/roles). */
export type Role = paths['/api/v1/roles']['get']['responses']['200']['content']['application/json'][number];
