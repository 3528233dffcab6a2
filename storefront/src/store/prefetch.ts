import { call } from '../api';
import { api, sessionStore } from '../api/client';
import { type BootReads, pageMetaBrand, takeBootRead } from '../brand/page-boot';

type CatalogueRead = Promise<BootReads['catalogue']>;

/**
 * The service's store catalogue: the public answer the page came with, for a visitor without a
 * session (a signed-in customer may be offered private packages: it reads its own), else the API's.
 */
function readCatalogue(serviceName: string): CatalogueRead {
  const booted = sessionStore.get() || serviceName !== pageMetaBrand()?.appName ? undefined : takeBootRead('catalogue');
  if (booted) return Promise.resolve(booted);
  const read = call(api.GET('/license/api/package/GetPackagesByServiceName/{serviceName}', { params: { path: { serviceName } } }));
  // Taken (and its failure shown) later, by the home: not an unhandled rejection meanwhile.
  read.catch(() => undefined);
  return read;
}

const early = new Map<string, CatalogueRead>();

/**
 * Starts the store home's catalogue read as soon as the route is known, while the home's own
 * chunk is still on its way (its largest paint waits for both); the home takes it once.
 */
export function prefetchStorePackages(serviceName: string): void {
  if (!early.has(serviceName)) early.set(serviceName, readCatalogue(serviceName));
}

/** The read started early for this service (then forgotten: a later read is a fresh one), or a new one. */
export function takeCatalogueRead(serviceName: string): CatalogueRead {
  const read = early.get(serviceName);
  early.delete(serviceName);
  return read ?? readCatalogue(serviceName);
}
