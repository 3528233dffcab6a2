import { Decimal } from 'decimal.js';
import { moneyColumn } from '@licencias/common/money';
import { type DemoSeeder, demoRef } from '../database/seeding.js';
import { PackagePriceTier } from './package.entity.js';

/**
 * Price-by-quantity tiers of Colnómina's paid yearly base plans (employees → yearly price, VAT
 * included): the package's own employee count is one of its tiers, at the package's price.
 */
const TIERS: Record<string, [number, number][]> = {
  'CN-EMPRENDEDOR': [
    [5, 180000],
    [10, 300000],
    [20, 480000],
    [30, 650000],
  ],
  'CN-EMPRESARIAL': [
    [50, 900000],
    [100, 1500000],
    [200, 2700000],
    [500, 6000000],
  ],
};

export const demoPriceTiers: DemoSeeder = {
  name: 'price tiers',
  async run({ em, demo }) {
    for (const [code, tiers] of Object.entries(TIERS)) {
      const packageId = demoRef(demo.packages, code, 'package');
      for (const [quantity, price] of tiers) em.create(PackagePriceTier, { packageId, quantity, price: moneyColumn(new Decimal(price)), label: null });
    }
    await em.flush();
  },
};
