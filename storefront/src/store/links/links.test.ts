import { describe, expect, it } from 'vitest';
import { storePackage } from '../testing/store-packages';
import { findPackage, linkQuantity, readCartModalLink } from './links';

describe('package links', () => {
  const packages = [storePackage('CN-EMPRENDEDOR', { packageId: 2 }), storePackage('CN-EMPLEADOS-10', { packageId: 5, type: 'CMP' })];

  it('finds the package by its code in any case, or by its id', () => {
    expect(findPackage(packages, 'cn-empleados-10')?.packageId).toBe(5);
    expect(findPackage(packages, '2')?.packageCode).toBe('CN-EMPRENDEDOR');
    expect(findPackage(packages, 'NO-EXISTE')).toBeUndefined();
    expect(findPackage(packages, undefined)).toBeUndefined();
  });

  it('takes a whole quantity from 1 to the limit, 1 otherwise', () => {
    expect(linkQuantity('3', 999)).toBe(3);
    expect(linkQuantity('5000', 999)).toBe(999);
    expect(linkQuantity('0', 999)).toBe(1);
    expect(linkQuantity('2.5', 999)).toBe(1);
    expect(linkQuantity('abc', 999)).toBe(1);
    expect(linkQuantity(null, 999)).toBe(1);
  });

  it('reads viewCartModal from the path or the query', () => {
    expect(readCartModalLink({ idParam: 'CN-X', quantityParam: '3', reloadParam: 'true' }, new URLSearchParams(), 999)).toEqual({
      idParam: 'CN-X',
      quantity: 3,
    });
    expect(readCartModalLink({}, new URLSearchParams('idParam=CN-Y&quantityParam=2'), 999)).toEqual({ idParam: 'CN-Y', quantity: 2 });
    expect(readCartModalLink({}, new URLSearchParams(), 999)).toEqual({ quantity: 1 });
  });
});
