import type { TokenClaims } from '@licencias/common/claims';
import type { components } from '@licencias/common/schema';
import { api } from '../../api/client';
import { ApiError, call } from '../../api/errors';

export type MyPlan = components['schemas']['MyPlan'];
export type MyPlanPackage = MyPlan['packagesActiveInfo'][number];

/** What the page shows: the plan, or the expired-plan view (the call's 422). */
export type MyPlanResult = { kind: 'plan'; plan: MyPlan } | { kind: 'expired' };

/** The signed-in customer's plan in the brand's service (store §7); a 422 is the expired view, other errors throw. */
export async function loadMyPlan(claims: TokenClaims | undefined, serviceName: string): Promise<MyPlanResult> {
  const body = { DocumentType: Number(claims?.customer_type), DocumentNumber: claims?.customer_value ?? '', ServiceName: serviceName };
  try {
    const answer = await call(api.POST('/license/api/License/GetDetailLicenseCustomerMyPlan', { body }));
    return { kind: 'plan', plan: answer.result.records };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return { kind: 'expired' };
    throw error;
  }
}

/** 'Planes base' and 'Paquetes complementarios' of 'Mis planes adquiridos'. */
export function splitPackages(packages: readonly MyPlanPackage[]): { base: MyPlanPackage[]; complementary: MyPlanPackage[] } {
  return { base: packages.filter((p) => p.packageType === 'BAS'), complementary: packages.filter((p) => p.packageType === 'CMP') };
}

/** The badges of a row (store §4, My Plan rows). */
export function packageBadges(row: MyPlanPackage): string[] {
  return [...(row.isNearToExpire ? ['Próximo a vencer'] : []), ...(row.isActivated ? [] : ['Pendiente activación'])];
}

export type EmployeeMonth = components['schemas']['EmployeeMonth'];
export type EmployeeMonthDetail = components['schemas']['EmployeeMonthDetail'];

const companyOf = (claims: TokenClaims | undefined, serviceName: string) => ({
  DocumentType: Number(claims?.customer_type),
  DocumentNumber: claims?.customer_value ?? '',
  ServiceName: serviceName,
});

/** The months with employee use of the customer's company (store §7 GetDetailLicenseEmployeeMyPlan), newest first. */
export async function loadEmployeeMonths(claims: TokenClaims | undefined, serviceName: string): Promise<EmployeeMonth[]> {
  const answer = await call(api.POST('/license/api/License/GetDetailLicenseEmployeeMyPlan', { body: companyOf(claims, serviceName) }));
  return answer.result.records;
}

/** One month's employee figures (SetDetailLicenseEmployeeMyPlan: a read, despite its name). */
export async function loadEmployeeMonth(claims: TokenClaims | undefined, serviceName: string, year: number, month: number): Promise<EmployeeMonthDetail> {
  const body = { ...companyOf(claims, serviceName), Year: year, Month: month };
  const answer = await call(api.POST('/license/api/License/SetDetailLicenseEmployeeMyPlan', { body }));
  return answer.result.records;
}

/** The months the chart shows: the last twelve with use, oldest first (left to right). */
export function chartMonths(months: readonly EmployeeMonth[]): EmployeeMonth[] {
  return [...months]
    .sort((a, b) => b.year - a.year || b.month - a.month)
    .slice(0, 12)
    .reverse();
}
