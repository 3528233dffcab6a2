import { describe, expect, it } from 'vitest';
import { savePayload, shownState, toggled, typedQuantity, withChange } from './configuration';
import type { ConfigurationFeature, PackageConfiguration } from './types';

const feature = (featureId: number, changes: Partial<ConfigurationFeature> = {}): ConfigurationFeature => ({
  featureId,
  featureCode: `F${featureId}`,
  featureName: `Feature ${featureId}`,
  featureTypeName: 'Usuarios',
  featureCategoryType: 'T',
  featureRelation: null,
  isStorage: false,
  isunlimited: false,
  idstate: 0,
  selected: false,
  quantity: 0,
  storageType: null,
  updated: false,
  ...changes,
});

const storage = feature(2, { isStorage: true, featureTypeName: 'Almacenamiento' });
const pkg: PackageConfiguration = {
  packageId: 9,
  packageCode: 'P',
  packageName: 'P',
  packageTypeId: 1,
  packagePrice: 0,
  packageDiscount: 0,
  packageWithDiscount: 0,
  publicVisibility: true,
  idstate: 0,
  version: 4,
  serviceList: [{ serviceId: 1, serviceName: 'S', appName: null, features: [feature(1), storage] }],
};

describe('package feature configuration', () => {
  it('selects with quantity 1 (MB for storage) and unselects with 0 and no unit', () => {
    expect(toggled(feature(1), true)).toEqual({ selected: true, quantity: 1, storageType: null });
    expect(toggled(storage, true)).toEqual({ selected: true, quantity: 1, storageType: 'MB' });
    expect(toggled(storage, false)).toEqual({ selected: false, quantity: 0, storageType: null });
  });

  it.each([
    ['25', 1, 25],
    ['2a', 1, 1],
    ['10000000', 7, 7],
    ['0', 3, 3],
    ['1000000', 3, 1000000],
  ])('a quantity typed %s over %i keeps %i (non-numeric and out-of-range ones revert)', (typed, previous, kept) => {
    expect(typedQuantity(typed, previous)).toBe(kept);
  });

  it('keeps only real changes and sends them with the version read', () => {
    let changes = withChange(new Map(), pkg, 1, feature(1), toggled(feature(1), true));
    changes = withChange(changes, pkg, 1, storage, { selected: true, quantity: 5, storageType: 'GB' });
    expect(shownState(changes, 9, storage).storageType).toBe('GB');
    expect(savePayload(changes)).toEqual([
      {
        packageId: 9,
        version: 4,
        serviceList: [
          {
            serviceId: 1,
            features: [
              { featureId: 1, selected: true, quantity: 1, storageType: null, updated: true },
              { featureId: 2, selected: true, quantity: 5, storageType: 'GB', updated: true },
            ],
          },
        ],
      },
    ]);
    // Back to what the server has: no change left.
    changes = withChange(changes, pkg, 1, feature(1), toggled(feature(1), false));
    changes = withChange(changes, pkg, 1, storage, toggled(storage, false));
    expect(changes.size).toBe(0);
  });
});
