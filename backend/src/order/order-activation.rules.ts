import type { components } from '@licencias/common/schema';
import { isEmployeeFeature } from '@licencias/common/rules';

type StorePackage = components['schemas']['StorePackage'];

/** The quantity that means "unlimited" in the catalogue (store §9). */
const UNLIMITED = 1_000_000;

/** An order line as activation reads it: the package as sold (its snapshot) and how many. */
export interface ActivationLine {
  id: number;
  packageId: number;
  quantity: number;
  employee: boolean;
  snapshot: StorePackage;
}

/** What one line grants: the features of the order's service with their quantities (null = unlimited) and the validity. */
export interface LineGrant {
  features: { serviceFeatureId: number; quantity: number | null }[];
  validity: { amount: number; unit: StorePackage['validityTypeId'] };
}

/**
 * The licence of one order line (store §4, cart behaviour): each feature of the service times the
 * line's quantity; an employee package's quantity is its number of employees, which is the
 * employee feature's quantity, its other features as sold (its price was the tier's, not
 * multiplied). Unlimited stays unlimited. Validity from the package as sold. Null when the package
 * holds no feature of the service (nothing to grant).
 */
export function lineGrant(line: ActivationLine, serviceId: number): LineGrant | null {
  const features = line.snapshot.itemsPackageFeatures
    .filter((f) => f.serviceFeature.serviceId === serviceId)
    .map((f) => {
      if (f.unlimited || f.serviceFeature.isunlimited || f.quantity >= UNLIMITED) return { serviceFeatureId: f.serviceFeature.id, quantity: null };
      if (line.employee)
        return { serviceFeatureId: f.serviceFeature.id, quantity: isEmployeeFeature(f.serviceFeature.serviceFeatureCode) ? line.quantity : f.quantity };
      return { serviceFeatureId: f.serviceFeature.id, quantity: f.quantity * line.quantity };
    });
  if (!features.length) return null;
  return { features, validity: { amount: line.snapshot.validityPeriod, unit: line.snapshot.validityTypeId } };
}

/** The licence's origin reference: the order line (unique per origin, so a line is granted once). */
export const lineOrigin = (orderId: number, lineId: number) => `OC-${orderId}/${lineId}`;
