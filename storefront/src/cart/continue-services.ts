import { api } from '../api/client';
import { ApiError, call } from '../api/errors';
import type { ContinueServices, IdentityValidationSubscriber } from './continue';
import type { CustomerBase } from './rules';
import type { CartState } from './types';

/** The session's company and its current base plan in the brand's service (GetPackageBaseCustomer). */
async function baseOfCustomer(serviceName: string): Promise<CustomerBase> {
  try {
    const answer = await call(api.POST('/license/api/license/GetPackageBaseCustomer', { body: { ServiceName: serviceName } }));
    const records = answer.result.records;
    return { hasBase: records.hasBasePackage, isFree: records.basePackage?.isFree ?? false };
  } catch (error) {
    // A session without a company of its own (staff) holds no base package.
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return { hasBase: false, isFree: false };
    throw error;
  }
}

/**
 * register-identity-validation: true on OK01, false when the server did not validate the data
 * (422: ER01 or the form's rules); anything else could not be processed and throws.
 */
async function requestIdentityValidation(cart: CartState, subscriber: IdentityValidationSubscriber, appName: string): Promise<boolean> {
  const body = {
    package: cart.items.map((item) => ({ code: item.packageCode, quantity: item.number })),
    PromotionCode: cart.promo?.code ?? null,
    subscriber,
    appName,
  };
  try {
    const answer = await call(api.POST('/license/api/purchaseorder/register-identity-validation', { body }));
    return answer.result.code === 'OK01';
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return false;
    throw error;
  }
}

/** Continue's calls to the server. */
export const continueServices: ContinueServices = { baseOfCustomer, requestIdentityValidation };
