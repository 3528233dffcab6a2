import type { CartItem, CartPackage, CartPackageFeature, OfferTypeCode, PackageTypeCode, PriceTier } from './types';

/** A feature quantity that means unlimited (§9). */
export const UNLIMITED_QUANTITY = 1_000_000;

const TYPE_BY_ID: Record<number, PackageTypeCode> = { 1: 'BAS', 2: 'CMB', 3: 'CMP' };

/** BAS, CMB or CMP, from the package type (or its id: 1 base, 2 combo, 3 complementary). */
export function packageTypeOf(pkg: Pick<CartPackage, 'packageType' | 'packageTypeId'>): PackageTypeCode {
  const code = pkg.packageType?.packageTypeCode?.toUpperCase();
  if (code === 'BAS' || code === 'CMB' || code === 'CMP') return code;
  return TYPE_BY_ID[pkg.packageTypeId ?? 1] ?? 'BAS';
}

export function packageIdOf(pkg: Pick<CartPackage, 'id' | 'packageId'>): number {
  return pkg.packageId ?? pkg.id ?? 0;
}

/** A feature counted in employees (COLNOMINA_EMPLEADO): its code ends in `_EMPLEADO`. */
export function isEmployeeFeatureCode(code: string): boolean {
  return /_EMPLEADOS?$/i.test(code);
}

/** A feature counted in payroll or other electronic documents. */
function isDocumentFeatureCode(code: string): boolean {
  return /DOCUMENTO|NOMINAELECTRONICA/i.test(code);
}

const featuresOf = (pkg: Pick<CartPackage, 'itemsPackageFeatures'>): CartPackageFeature[] => pkg.itemsPackageFeatures ?? [];

export function hasEmployeeFeature(pkg: Pick<CartPackage, 'itemsPackageFeatures'>): boolean {
  return featuresOf(pkg).some((f) => isEmployeeFeatureCode(f.serviceFeature.serviceFeatureCode));
}

/**
 * A document-type package (colnomina): it is counted in documents and not in employees, e.g. a
 * bundle of electronic payroll documents. colnomina keeps only one of them in the cart.
 */
export function isDocumentPackage(pkg: Pick<CartPackage, 'itemsPackageFeatures'>): boolean {
  const features = featuresOf(pkg);
  return !hasEmployeeFeature(pkg) && features.some((f) => isDocumentFeatureCode(f.serviceFeature.serviceFeatureCode));
}

/** A feature shown as unlimited: quantity 1000000 or a feature flagged unlimited (§2 Cart modal). */
export function isUnlimitedFeature(feature: CartPackageFeature): boolean {
  return feature.quantity >= UNLIMITED_QUANTITY || feature.serviceFeature.isunlimited === true;
}

/** The quantity of the employee feature of a package (the payroll base package's employees). */
export function employeeQuantityOf(pkg: Pick<CartPackage, 'itemsPackageFeatures'>): number | undefined {
  return featuresOf(pkg).find((f) => isEmployeeFeatureCode(f.serviceFeature.serviceFeatureCode))?.quantity;
}

function userQuantityOf(pkg: Pick<CartPackage, 'itemsPackageFeatures'>): number | undefined {
  return featuresOf(pkg).find((f) => /_USUARIOS?$/i.test(f.serviceFeature.serviceFeatureCode))?.quantity;
}

/**
 * An employee package (§4: a base package with an employee feature), priced by the tiers of
 * GetPriceByLicenseType: the catalogue says so with `priceByQuantity`.
 */
export function isEmployeePackage(pkg: Pick<CartPackage, 'priceByQuantity'>): boolean {
  return pkg.priceByQuantity === true;
}

/**
 * The cart line of a package. An employee package with a tier is priced by the tier: its number
 * is the tier's employees and its price the tier's value; its employee feature shows that many.
 */
export function toCartItem(pkg: CartPackage, appName: string, number: number, tier?: PriceTier): CartItem {
  const type = packageTypeOf(pkg);
  const employeeFeature = hasEmployeeFeature(pkg);
  const isEmployee = isEmployeePackage(pkg) && tier !== undefined;
  const features = featuresOf(pkg).map((f) =>
    isEmployee && isEmployeeFeatureCode(f.serviceFeature.serviceFeatureCode) ? { ...f, quantity: tier.quantity } : f,
  );
  const id = packageIdOf(pkg);
  const offerTypeCode: OfferTypeCode = pkg.offerTypeCode === 'PTJ' ? 'PTJ' : 'VLR';
  return {
    id,
    packageId: id,
    packageCode: pkg.packageCode,
    packageName: pkg.packageName,
    name: pkg.packageName,
    packageTypeCode: type,
    appName,
    number: isEmployee ? tier.quantity : number,
    price: isEmployee ? tier.value : pkg.packagePrice,
    packagePrice: pkg.packagePrice,
    ...(pkg.packageUnitPrice !== undefined ? { packageUnitPrice: pkg.packageUnitPrice } : {}),
    ...(isEmployee
      ? tier.valueWithDiscount !== undefined
        ? { packagePriceWithDiscount: tier.valueWithDiscount }
        : {}
      : pkg.packagePriceWithDiscount !== undefined
        ? { packagePriceWithDiscount: pkg.packagePriceWithDiscount }
        : {}),
    taxiva: pkg.taxIva,
    applyOffer: pkg.applyOffer ?? false,
    totalOffer: pkg.totalOffer ?? 0,
    offerTypeCode,
    ...(pkg.offerActive !== undefined ? { offerActive: pkg.offerActive } : {}),
    isEmployee,
    isNotBaseEmployee: employeeFeature && !isEmployee,
    quantityEmployees: isEmployee ? tier.quantity : employeeQuantityOf(pkg),
    quantityUsers: userQuantityOf(pkg),
    itemsPackageFeatures: features,
  };
}

/** A free package: price 0. */
export function isFree(item: { price: number } | { packagePrice: number }): boolean {
  return ('price' in item ? item.price : item.packagePrice) === 0;
}
