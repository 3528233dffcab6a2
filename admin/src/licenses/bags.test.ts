import { describe, expect, it } from 'vitest';
import { type Bag, bagColour, sortBags } from './bags';

const bag = (id: number, serviceName: string, percentageUsed: number, lastUseDate: string | null, unlimited = false): Bag => ({
  id,
  licenceId: 1,
  serviceId: 1,
  serviceName,
  packageName: 'Plan',
  feature: 'FEATURE',
  unlimited,
  totalPlan: unlimited ? null : 100,
  totalUsed: percentageUsed,
  totalAvailable: unlimited ? null : 100 - percentageUsed,
  percentageUsed,
  lastUseDate,
});

describe("'Ver bolsas' rules (licences-and-agreements §2, §9)", () => {
  it.each([
    [84.99, false, 'success'],
    [85, false, 'warning'],
    [99.99, false, 'warning'],
    [100, false, 'error'],
    [0, true, 'success'],
  ] as const)('a bag used %s %% (unlimited %s) is coloured %s', (percentage, unlimited, colour) => {
    expect(bagColour({ percentageUsed: percentage, unlimited })).toBe(colour);
  });

  const bags = [bag(1, 'FirmaYa', 10, '2026-11-01T15:00:00Z'), bag(2, 'Colnómina', 20, null), bag(3, 'Colfactura', 30, '2026-11-20T15:00:00Z')];

  it('sorts A - Z and Z - A by product', () => {
    expect(sortBags(bags, 'az').map((b) => b.serviceName)).toEqual(['Colfactura', 'Colnómina', 'FirmaYa']);
    expect(sortBags(bags, 'za').map((b) => b.serviceName)).toEqual(['FirmaYa', 'Colnómina', 'Colfactura']);
  });

  it('sorts by the last use, a bag never used last', () => {
    expect(sortBags(bags, 'newest').map((b) => b.id)).toEqual([3, 1, 2]);
    expect(sortBags(bags, 'oldest').map((b) => b.id)).toEqual([1, 3, 2]);
  });
});
