import type { components, paths } from '@licencias/common/schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The answers the server writes into a storefront page (backend web/page-boot.ts), by name. */
export interface BootReads {
  brand: components['schemas']['Brand'];
  parameters: Json<paths['/license/api/parameter/GetAppParameters']['get']['responses'][200]>;
  catalogue: components['schemas']['StorePackagesEnvelope'];
}

/**
 * An answer the page came with, taken once: the element goes with it, so a retry or a later read
 * asks the server again. Undefined when the page has none (the Vite dev server, a test, a read the
 * server could not make) or its text is not JSON.
 */
export function takeBootRead<K extends keyof BootReads>(name: K): BootReads[K] | undefined {
  const element = document.getElementById(`boot-${name}`);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as BootReads[K];
  } catch {
    return undefined;
  }
}

/** The brand the server named in the page's head (the same as its appName and tenant headers). */
export function pageMetaBrand(): { appName: string; tenant?: string } | undefined {
  const appName = document.querySelector<HTMLMetaElement>('meta[name="app-name"]')?.content.trim();
  if (!appName) return undefined;
  const tenant = document.querySelector<HTMLMetaElement>('meta[name="tenant"]')?.content.trim();
  return { appName, tenant: tenant || undefined };
}
