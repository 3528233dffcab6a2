import type { DemoSeeder } from '../database/seeding.js';
import { AppParameter, Brand } from './reference.entities.js';

/** The storefront's built-in landing page of the brand on whose host it opens (storefront route `/inicio`). */
export const BUILT_IN_LANDING_PATH = '/inicio';

/**
 * The demo's landing pages are the storefront's own (`/inicio` on the brand's host), not the
 * brands' sites: the home of colnomina, firmaya, {product} and bemyself goes to its landing page
 * (store §2), and the journey from there to the store must work offline. Every store brand gets
 * it (their 'Volver' and 'Ir a' buttons too); the licence app keeps its own.
 */
export const demoLandingPages: DemoSeeder = {
  name: 'landing pages',
  async run({ em }) {
    const brands = await em.find(Brand, { appName: { $ne: 'license' } });
    for (const brand of brands) brand.appInfo = { ...brand.appInfo, urlLandingPage: BUILT_IN_LANDING_PATH };
    const urls = await em.find(AppParameter, { parameterCode: 'urlsFromBack', appName: { $ne: 'license' } });
    for (const parameter of urls) {
      const stored = JSON.parse(parameter.parameterValue) as { type: string; value: Record<string, unknown> };
      parameter.parameterValue = JSON.stringify({ ...stored, value: { ...stored.value, urlLandingPage: BUILT_IN_LANDING_PATH } });
    }
    await em.flush();
  },
};
