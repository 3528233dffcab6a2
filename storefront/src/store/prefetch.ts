import { api } from '../api/client';

type CatalogueRead = ReturnType<typeof readCatalogue>;

const readCatalogue = (serviceName: string) => api.GET('/license/api/package/GetPackagesByServiceName/{serviceName}', { params: { path: { serviceName } } });

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
