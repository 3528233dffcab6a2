import type { components } from '@licencias/common/schema';
import { createContext, useContext } from 'react';
import { APP_NAME, publicApi } from './api';

export type Brand = components['schemas']['Brand'];
export type BrandPalette = components['schemas']['BrandPalette'];

/** Back-office sub-brands of the licence app (licences-and-agreements.md §6). */
export type BrandVariant = 'letmicert' | 'myselfcert';

/** What the shell shows of the brand: title, palette, logo and the landing page of the logo link. */
export interface BrandLook {
  variant: BrandVariant;
  title: string;
  palette: BrandPalette;
  logoUrl: string;
  landingUrl: string;
}

/** Used only when the brand cannot be loaded (the API is down): the licence app's defaults. */
const FALLBACK_PALETTE: BrandPalette = {
  mode: 'light',
  primary: '#ef6c00',
  secondary: '#37474f',
  background: '#f6f7fb',
  surface: '#ffffff',
  text: '#1f2933',
};

/** "The brand follows the role: a role containing letmicert gives that brand, otherwise myselfcert." */
export function variantOfRole(role: string | undefined): BrandVariant {
  return role?.toLowerCase().includes('letmicert') ? 'letmicert' : 'myselfcert';
}

export function brandLook(brand: Brand | undefined, variant: BrandVariant): BrandLook {
  const sub = brand?.theme.variants?.[variant];
  return {
    variant,
    title: sub?.title ?? brand?.title ?? 'Myselfcert',
    palette: sub?.palette ?? brand?.theme.palette ?? FALLBACK_PALETTE,
    logoUrl: sub?.logoUrl ?? brand?.theme.logoUrl ?? `/api/v1/brands/${APP_NAME}/logo`,
    landingUrl: brand?.appInfo.urlLandingPage ?? '/',
  };
}

/**
 * The licence app's brand, requested as soon as the entry runs (index.html preloads the same
 * URL). A failure gives undefined: the shell then uses the built-in palette.
 */
export const brandPromise: Promise<Brand | undefined> = publicApi
  .GET('/api/v1/brands/{appName}', { params: { path: { appName: APP_NAME } } })
  .then(({ data }) => data)
  .catch(() => undefined);

export const BrandContext = createContext<BrandLook>(brandLook(undefined, 'myselfcert'));

export const useBrand = () => useContext(BrandContext);
