import type { components } from '@licencias/common/schema';
import { moneyOut } from '@licencias/common/money';
import type { BagView, CustomerLicencesView, LicenceView, MovementView, UsageView } from './licence.types.js';

type Schemas = components['schemas'];

const ranges = (view: LicenceView) => view.transactionRanges.map((r) => ({ ...r, rangePrice: moneyOut(r.rangePrice) }));

/** A licence of the resource API (dates travel as ISO texts, prices as numbers). */
export function toLicenceResource(view: LicenceView): Schemas['Licence'] {
  return {
    ...view,
    effectiveAt: view.effectiveAt.toISOString(),
    expiresAt: view.expiresAt?.toISOString() ?? null,
    purchaseDate: view.purchaseDate.toISOString(),
    createdAt: view.createdAt.toISOString(),
    transactionRanges: ranges(view),
    balances: view.balances.map((b) => ({ ...b, lastUsedAt: b.lastUsedAt?.toISOString() ?? null })),
  };
}

export function toMovementResource(movement: MovementView): Schemas['Movement'] {
  return {
    ...movement,
    occurredAt: movement.occurredAt.toISOString(),
    recordedAt: movement.recordedAt.toISOString(),
    unitPrice: movement.unitPrice === null ? null : moneyOut(movement.unitPrice),
  };
}

/** A licence as the old screens read it; `isActive` is the 'Activa' badge: active and within its dates. */
export function toCompatLicence(view: LicenceView): Schemas['CompatLicence'] {
  return {
    purchaseOrderLicenseId: view.id,
    customerId: view.customerId,
    serviceId: view.serviceId,
    packageId: view.packageId,
    packageCode: view.packageSnapshot.packageCode,
    packageName: view.packageSnapshot.packageName,
    contractNumber: view.contractNumber,
    effectiveDate: view.effectiveAt.toISOString(),
    expirationDate: view.expiresAt?.toISOString() ?? null,
    purchaseDate: view.purchaseDate.toISOString(),
    isActive: view.isActive,
    applyTransactionRanges: view.transactionRanges.length > 0,
    transactionRange: ranges(view),
  };
}

/** A bag as 'Ver bolsas' reads it (§3, License balance per feature). */
export function toLicenceBag(bag: BagView): Schemas['LicenceBag'] {
  const { balance, licence, customer } = bag;
  return {
    balanceId: balance.id,
    purchaseOrderLicenseId: licence.id,
    customerId: customer.id,
    customerName: customer.name,
    documentType: customer.documentType,
    documentNumber: customer.documentNumber,
    serviceId: licence.serviceId,
    serviceName: bag.serviceName,
    packageId: licence.packageId,
    packageCode: licence.packageSnapshot.packageCode,
    packageName: licence.packageSnapshot.packageName,
    contractNumber: licence.contractNumber,
    serviceFeatureId: balance.serviceFeatureId,
    serviceFeatureCode: balance.serviceFeatureCode,
    serviceFeatureName: bag.featureName,
    isUnlimited: balance.unlimited,
    totalPlan: balance.total,
    totalUsed: balance.used,
    totalExpired: balance.expired,
    totalAvailable: balance.available,
    percentageUsed: balance.percentageUsed,
    availability: balance.availability,
    lastUseDate: balance.lastUsedAt?.toISOString() ?? null,
    effectiveDate: licence.effectiveAt.toISOString(),
    expirationDate: licence.expiresAt?.toISOString() ?? null,
    state: licence.state,
    isActive: licence.isActive,
  };
}

/** A company with licences as GetCustomersLicensed answers it (§3 Customer info and Service license). */
export function toCustomerLicensed(view: CustomerLicencesView): Schemas['CustomerLicensed'] {
  const { customer } = view;
  return {
    customerId: customer.id,
    customerName: customer.name,
    personType: customer.personType,
    documentTypeId: customer.documentTypeId,
    documentType: customer.documentType,
    documentNumber: customer.documentNumber,
    dv: customer.dv,
    email: customer.email,
    legalRepresentativeName: customer.legalRepresentativeName,
    serviceLicenses: view.services.map((service) => ({
      serviceId: service.serviceId,
      serviceName: service.serviceName,
      licenseBaseId: service.base.id,
      licenseBaseStartDate: service.base.effectiveAt.toISOString(),
      licenseBaseExpirationDate: service.base.expiresAt?.toISOString() ?? null,
      licenseBaseIsActive: service.base.isActive,
      lastConsumptionLicense: service.lastConsumptionAt?.toISOString() ?? null,
      balanceTotalPlans: service.balanceTotalPlans,
      hasUnlimitedBalance: service.hasUnlimitedBalance,
      licenses: service.licences.map(toCompatLicence),
    })),
  };
}

/** Spanish names of the usage movements. */
const USAGE_NAMES = { CONSUMPTION: 'Consumo', REVERSAL: 'Reverso' } as const;

/** A consumption or reversal as getLicenseUsage answers it. */
export function toLicenseUsage(usage: UsageView): Schemas['LicenseUsage'] {
  return {
    movementId: usage.id,
    movementType: usage.kind,
    movementTypeName: USAGE_NAMES[usage.kind],
    usageDate: usage.occurredAt.toISOString(),
    recordedDate: usage.recordedAt.toISOString(),
    purchaseOrderLicenseId: usage.licence.id,
    serviceId: usage.licence.serviceId,
    serviceName: usage.serviceName,
    packageCode: usage.licence.packageSnapshot.packageCode,
    packageName: usage.licence.packageSnapshot.packageName,
    contractNumber: usage.licence.contractNumber,
    serviceFeatureCode: usage.serviceFeatureCode,
    serviceFeatureName: usage.featureName,
    quantity: usage.quantity,
    unitPrice: usage.unitPrice === null ? null : moneyOut(usage.unitPrice),
    totalPrice: usage.totalPrice === null ? null : moneyOut(usage.totalPrice),
    reference: usage.reference,
    createdBy: usage.createdBy,
    isReversed: usage.reversedBy !== null,
    reversedByMovementId: usage.reversedBy,
    reversesMovementId: usage.reversesId,
  };
}
