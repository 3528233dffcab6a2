/** The apps whose home goes to their landing page (store §2): colnomina, firmaya, {product} and bemyself. */
const LANDING_APPS = new Set(['colnomina', 'firmaya', 'bemyself']);

export function redirectsToLanding(brand: { appName: string; configurable: boolean }): boolean {
  return brand.configurable || LANDING_APPS.has(brand.appName.toLowerCase());
}

export type LandingTarget = { kind: 'path'; path: string } | { kind: 'url'; url: string };

/**
 * Where the home of a brand goes: a path of this site (a client-side navigation) or another site
 * (a full page load); undefined when the brand shows the store at home, when there is no landing
 * page, or when the landing page is this very home (it would loop).
 */
export function landingTarget(brand: { appName: string; configurable: boolean }, landingUrl: string | undefined, origin: string): LandingTarget | undefined {
  if (!redirectsToLanding(brand) || !landingUrl?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(landingUrl.trim(), origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.origin !== origin) return { kind: 'url', url: url.href };
  if (url.pathname === '/' || url.pathname === '') return undefined;
  return { kind: 'path', path: `${url.pathname}${url.search}${url.hash}` };
}
