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
