import { MAX_QUANTITY, type ConfigurationFeature, type FeatureSave, type PackageConfiguration, type StorageType } from './types.ts';

/** The part of a feature the screen changes. */
export interface FeatureState {
  selected: boolean;
  quantity: number;
  storageType: StorageType;
}

/** A feature changed on screen: what the server has, what the user wants, and where it lives. */
export interface FeatureChange {
  serviceId: number;
  original: FeatureState;
  current: FeatureState;
}

/** The changes of one package, with the version read (sent back: 409 if it changed since). */
export interface PackageChanges {
  packageId: number;
  version: number;
  features: Map<number, FeatureChange>;
}

export type Changes = ReadonlyMap<number, PackageChanges>;

export const stateOf = (feature: ConfigurationFeature): FeatureState => ({
  selected: feature.selected,
  quantity: feature.quantity,
  storageType: feature.storageType,
});

const same = (a: FeatureState, b: FeatureState) => a.selected === b.selected && a.quantity === b.quantity && a.storageType === b.storageType;

/** Selecting sets quantity 1 (MB for storage); unselecting sets 0 and clears the unit. */
export function toggled(feature: ConfigurationFeature, selected: boolean): FeatureState {
  return selected ? { selected: true, quantity: 1, storageType: feature.isStorage ? 'MB' : null } : { selected: false, quantity: 0, storageType: null };
}

/** The changes with one feature set to `next`; a feature back to what the server has is no change. */
export function withChange(
  changes: Changes,
  pkg: PackageConfiguration,
  serviceId: number,
  feature: ConfigurationFeature,
  next: FeatureState,
): Map<number, PackageChanges> {
  const result = new Map(changes);
  const existing = result.get(pkg.packageId);
  const features = new Map(existing?.features ?? []);
  const original = features.get(feature.featureId)?.original ?? stateOf(feature);
  if (same(original, next)) features.delete(feature.featureId);
  else features.set(feature.featureId, { serviceId, original, current: next });
  if (features.size === 0) result.delete(pkg.packageId);
  else result.set(pkg.packageId, { packageId: pkg.packageId, version: existing?.version ?? pkg.version, features });
  return result;
}

/** What the card shows for a feature: the change when there is one, otherwise the server's. */
export function shownState(changes: Changes, packageId: number, feature: ConfigurationFeature): FeatureState {
  return changes.get(packageId)?.features.get(feature.featureId)?.current ?? stateOf(feature);
}

/** The body of SetFeaturesDependingPackage: only the packages and features that changed. */
export function savePayload(changes: Changes): FeatureSave[] {
  return [...changes.values()].map((pkg) => {
    const byService = new Map<number, FeatureSave['serviceList'][number]['features']>();
    for (const [featureId, change] of pkg.features) {
      const list = byService.get(change.serviceId) ?? [];
      list.push({
        featureId,
        selected: change.current.selected,
        quantity: change.current.selected ? change.current.quantity : 0,
        storageType: change.current.selected ? change.current.storageType : null,
        updated: true,
      });
      byService.set(change.serviceId, list);
    }
    return {
      packageId: pkg.packageId,
      version: pkg.version,
      serviceList: [...byService.entries()].map(([serviceId, features]) => ({ serviceId, features })),
    };
  });
}

/**
 * The quantity typed in a feature: a whole number from 1 to 9999999, else the previous value
 * (a non-numeric entry or one above the maximum reverts).
 */
export function typedQuantity(text: string, previous: number): number {
  if (!/^\d+$/.test(text)) return previous;
  const value = Number(text);
  return value >= 1 && value <= MAX_QUANTITY ? value : previous;
}
