import type { components } from '@licencias/common/schema';

/** A promotional code of the resource API (GET /api/v1/promo-codes). */
export type PromoCode = components['schemas']['PromoCode'];
export type PromoCodeCreate = components['schemas']['PromoCodeCreate'];
export type PromoCodeUpdate = components['schemas']['PromoCodeUpdate'];
export type PromoUserType = components['schemas']['PromoUserType'];
export type PackageOption = components['schemas']['PackageOption'];
