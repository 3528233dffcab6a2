/**
 * Employee features (store §3, §4 and My Plan's employee months). The spec names the feature
 * COLNOMINA_EMPLEADO and speaks of "employee packages (base type with an employee feature)" without
 * saying how a feature is known to count employees. Decision (docs/architecture.md, My Plan): a
 * feature counts employees when its code ends in `_EMPLEADO` or `_EMPLEADOS` (any case), so a
 * brand's employee feature is recognised by the same rule in the backend, the storefront and the cart.
 */
const EMPLOYEE_CODE = /_EMPLEADOS?$/i;

export function isEmployeeFeature(serviceFeatureCode: string): boolean {
  return EMPLOYEE_CODE.test(serviceFeatureCode.trim());
}
