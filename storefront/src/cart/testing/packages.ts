import type { CartPackage, CartPackageFeature, PriceTier } from '../types';

/** Packages shaped like the store's answers (GetPackagesByServiceName), for the cart's tests. */

const feature = (code: string, description: string, quantity: number, isunlimited = false): CartPackageFeature => ({
  quantity,
  serviceFeature: { serviceFeatureCode: code, serviceFeatureDescription: description, isunlimited },
});

let nextId = 100;

export function pkg(overrides: Partial<CartPackage> & Pick<CartPackage, 'packageCode'>): CartPackage {
  const id = overrides.packageId ?? overrides.id ?? nextId++;
  const price = overrides.packagePrice ?? 150000;
  return {
    id,
    packageId: id,
    packageName: overrides.packageCode,
    packageTypeId: 1,
    packageType: { packageTypeCode: 'BAS' },
    packagePrice: price,
    packagePriceWithDiscount: price,
    taxIva: 19,
    applyOffer: false,
    offerTypeCode: 'VLR',
    totalOffer: 0,
    priceByQuantity: false,
    itemsPackageFeatures: [],
    ...overrides,
  };
}

const base = (code: string, price: number, overrides: Partial<CartPackage> = {}) =>
  pkg({ packageCode: code, packagePrice: price, packagePriceWithDiscount: price, ...overrides });
const combo = (code: string, price: number) => base(code, price, { packageTypeId: 2, packageType: { packageTypeCode: 'CMB' } });
const extra = (code: string, price: number, features: CartPackageFeature[] = []) =>
  base(code, price, { packageTypeId: 3, packageType: { packageTypeCode: 'CMP' }, itemsPackageFeatures: features });

export const CN_GRATIS = base('CN-GRATIS', 0, {
  taxIva: 0,
  itemsPackageFeatures: [feature('COLNOMINA_EMPLEADO', 'Empleados', 5), feature('COLNOMINA_USUARIO', 'Usuarios', 1)],
});
export const CN_EMPRENDEDOR = base('CN-EMPRENDEDOR', 480000, {
  priceByQuantity: true,
  itemsPackageFeatures: [feature('COLNOMINA_EMPLEADO', 'Empleados', 20), feature('COLNOMINA_USUARIO', 'Usuarios', 2)],
});
export const CN_EMPRESARIAL = base('CN-EMPRESARIAL', 1500000, { packagePriceWithDiscount: 1200000, applyOffer: true, offerTypeCode: 'PTJ', totalOffer: 20 });
export const CN_EMPLEADOS = extra('CN-EMPLEADOS-10', 150000, [feature('COLNOMINA_EMPLEADO', 'Empleados', 10)]);
export const CN_DOCS_100 = extra('CN-DOCS-100', 60000, [feature('COLNOMINA_NOMINAELECTRONICA', 'Documentos de nómina electrónica', 100)]);
export const CN_DOCS_500 = extra('CN-DOCS-500', 250000, [feature('COLNOMINA_NOMINAELECTRONICA', 'Documentos de nómina electrónica', 500)]);
export const FY_GRATIS = base('FY-GRATIS', 0, { taxIva: 0 });
export const FY_BASICO = base('FY-BASICO', 250000);
export const FY_PRO = base('FY-PRO', 650000, { packageName: 'FirmaYa Profesional', packagePriceWithDiscount: 550000, applyOffer: true, totalOffer: 100000 });
export const FY_FIRMAS = { ...extra('FY-FIRMAS-100', 90000, [feature('FIRMAYA_FIRMA', 'Firmas electrónicas', 100)]), packageName: '100 firmas adicionales' };
export const FY_FIRMAS_GRATIS = extra('FY-FIRMAS-GRATIS', 0);
export const FY_ILIMITADO = extra('BIILIMITADO', 2400000, [feature('FIRMAYA_FIRMA', 'Firmas electrónicas', 1_000_000)]);
export const CMB_NOMINA_FIRMA = combo('CMB-NOMINA-FIRMA', 1900000);
export const BM_PN = base('BM-CERT-PN', 95000);
export const BM_PJ = base('BM-CERT-PJ', 160000);

export const EMPLOYEE_TIERS: PriceTier[] = [
  { type: 'CN-EMPRENDEDOR', quantity: 10, value: 300000, valueWithDiscount: 300000, label: 'Hasta 10 empleados' },
  { type: 'CN-EMPRENDEDOR', quantity: 20, value: 480000, valueWithDiscount: 480000, label: 'Hasta 20 empleados' },
  { type: 'CN-EMPRENDEDOR', quantity: 50, value: 900000, valueWithDiscount: 900000, label: 'Hasta 50 empleados' },
];
