import { parameterMap } from '@licencias/common/rules';
import { call, publicApi } from '../api';
import { fetchParameterMap, readParameters, type AppParameters } from './app-parameters';
import { pageMetaBrand, takeBootRead } from './page-boot';
import type { Brand } from './types';

export interface PageBrand {
  appName: string;
  tenant?: string;
}

/**
 * The brand of this page as the server names it: the `appName` and `tenant` response headers of
 * a request for the current page. Undefined when the page comes without them (the Vite dev
 * server, or a path the server does not answer with a page).
 */
export async function readPageBrand(url: string = window.location.href): Promise<PageBrand | undefined> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'text/html' } });
    const appName = response.headers.get('appName')?.trim();
    if (!appName) return undefined;
    return { appName, tenant: response.headers.get('tenant')?.trim() || undefined };
  } catch (error) {
    console.warn('No fue posible leer la marca de la página', error);
    return undefined;
  }
}

export interface StoreBrand {
  brand: Brand;
  parameters: AppParameters;
}

/**
 * The brand of the current page: its name and tenant from the page's response headers, then its
 * theme, logo, title, favicon and application info, with the application parameters (fetched
 * at the same time). Without the headers, the brand the server resolves from the host.
 */
export async function loadStoreBrand(): Promise<StoreBrand> {
  // The server names the brand in the page itself too, and writes the brand's and parameters'
  // answers into it: then the store renders without a request of its own.
  const page = pageMetaBrand() ?? (await readPageBrand());
  if (!page) {
    const brand = await call(publicApi.GET('/api/v1/brands/current'));
    return { brand, parameters: readParameters(brand, await fetchParameterMap(brand.appName, brand.tenant)) };
  }
  const bootBrand = takeBootRead('brand');
  const bootParameters = takeBootRead('parameters');
  const [brand, parameters] = await Promise.all([
    bootBrand?.appName === page.appName ? bootBrand : call(publicApi.GET('/api/v1/brands/{appName}', { params: { path: { appName: page.appName } } })),
    bootParameters ? parameterMap(bootParameters.result?.records ?? []) : fetchParameterMap(page.appName, page.tenant),
  ]);
  const resolved = page.tenant ? { ...brand, tenant: page.tenant } : brand;
  return { brand: resolved, parameters: readParameters(resolved, parameters) };
}
