import type { components } from '@licencias/common/schema';

export type Brand = components['schemas']['Brand'];
export type BrandPalette = components['schemas']['BrandPalette'];

/** The licence back-office application: its storefront root falls back to the configurations screen. */
export const LICENSE_APP = 'license';
