import { availabilityLabel, NO_AVAILABILITY_LABEL } from '@licencias/common/rules';
import type { Licence } from './licenceForm';

/** A bag (balance) row of 'Ver bolsas' (§2, §3 License balance per feature). */
export interface Bag {
  id: number;
  licenceId: number;
  serviceId: number;
  serviceName: string;
  packageName: string;
  feature: string;
  unlimited: boolean;
  totalPlan: number | null;
  totalUsed: number;
  totalAvailable: number | null;
  percentageUsed: number;
  lastUseDate: string | null;
}

export type BagSort = 'az' | 'za' | 'newest' | 'oldest';

/** The licences' balances as bag rows. */
export function bagsOf(licences: readonly Licence[], serviceName: (id: number) => string): Bag[] {
  return licences.flatMap((licence) =>
    licence.balances.map((balance) => ({
      id: balance.id,
      licenceId: licence.id,
      serviceId: licence.serviceId,
      serviceName: serviceName(licence.serviceId),
      packageName: licence.packageSnapshot.packageName ?? licence.packageSnapshot.packageCode ?? '',
      feature: balance.serviceFeatureCode,
      unlimited: balance.unlimited,
      totalPlan: balance.total,
      totalUsed: balance.used,
      totalAvailable: balance.available,
      percentageUsed: balance.percentageUsed,
      lastUseDate: balance.lastUsedAt,
    })),
  );
}

const nameOf = (bag: Bag) => `${bag.serviceName} ${bag.packageName} ${bag.feature}`;
const usedAt = (bag: Bag) => (bag.lastUseDate ? Date.parse(bag.lastUseDate) : 0);

/** 'Ordenar': A - Z and Z - A by product, package and feature; newest and oldest by the last use (never used last). */
export function sortBags(bags: readonly Bag[], sort: BagSort): Bag[] {
  const byName = (a: Bag, b: Bag) => nameOf(a).localeCompare(nameOf(b), 'es');
  const compare: Record<BagSort, (a: Bag, b: Bag) => number> = {
    az: byName,
    za: (a, b) => byName(b, a),
    newest: (a, b) => usedAt(b) - usedAt(a) || byName(a, b),
    oldest: (a, b) => (usedAt(a) || Infinity) - (usedAt(b) || Infinity) || byName(a, b),
  };
  return [...bags].sort(compare[sort]);
}

/** The colour of a bag's availability, from the shared rule: red at 100 %, warning from 85 %, green below. */
export function bagColour(bag: Pick<Bag, 'percentageUsed' | 'unlimited'>): 'error' | 'warning' | 'success' {
  const label = availabilityLabel(bag.percentageUsed, bag.unlimited);
  if (!label) return 'success';
  return label === NO_AVAILABILITY_LABEL ? 'error' : 'warning';
}
