import type { components } from '@licencias/common/schema';

/** A package of the resource API (GET /api/v1/packages). */
export type Package = components['schemas']['Package'];
export type PackageCreate = components['schemas']['PackageCreate'];
export type PackageUpdate = components['schemas']['PackageUpdate'];
export type PackageType = components['schemas']['PackageType'];
export type PackageTypeId = components['schemas']['PackageTypeId'];
export type Relevance = components['schemas']['Relevance'];
export type Channel = components['schemas']['Channel'];
export type CustomerSummary = components['schemas']['CustomerSummary'];
/** A package with its services and every feature, selected or not (the 'Configurar paquetes' cards). */
export type PackageConfiguration = components['schemas']['PackageConfiguration'];
export type ConfigurationService = PackageConfiguration['serviceList'][number];
export type ConfigurationFeature = components['schemas']['ConfigurationFeature'];
export type StorageType = components['schemas']['StorageType'];
export type FeatureSave = components['schemas']['CompatPackageFeaturesSave'];

export const PACKAGE_TYPE_IDS: readonly PackageTypeId[] = [1, 2, 3];
export const RELEVANCES: readonly Relevance[] = ['Alta', 'Media', 'Baja'];
export const VALIDITY_TYPES = ['A', 'M', 'D', 'I'] as const;
/** A feature quantity of 1000000 means unlimited. */
export const UNLIMITED = 1_000_000;
export const MAX_QUANTITY = 9_999_999;
