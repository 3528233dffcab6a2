import { api } from '../api/client';
import { ApiError, call, messageOf } from '../api/errors';
import type { CartServices } from './cart-store';
import { CART_MESSAGES } from './rules';
import type { AppliedPromo, CartState, PriceTier } from './types';

/** The tiers of an employee package (GetPriceByLicenseType, pType = its code), fewest employees first. */
async function priceTiers(packageCode: string): Promise<PriceTier[]> {
  const answer = await call(api.GET('/license/api/license/GetPriceByLicenseType', { params: { header: { pType: packageCode } } }));
  return answer.result.records.map((record) => ({
    type: record.type,
    quantity: record.quantity,
    value: record.value,
    valueWithDiscount: record.valueWithDiscount,
    label: record.label,
  }));
}

/**
 * ValidatePromotionCode on the cart's lines (the session goes with it: a customer's earlier uses
 * count). A 400 is the spec's warning, with the server's text; other failures their own message.
 */
async function validatePromo(appName: string, code: string, state: CartState): Promise<AppliedPromo> {
  const body = {
    promoCode: code,
    appName,
    PackagesInCart: state.items.map((item) => ({ packageId: item.packageId, packageCode: item.packageCode, quantity: item.number })),
  };
  try {
    const answer = await call(api.POST('/license/api/PurchaseOrderLicense/ValidatePromotionCode', { body }));
    const quote = answer.result;
    if (!quote) throw new ApiError(CART_MESSAGES.promoNotApplicable, 400);
    return {
      code: quote.promotionCode,
      description: quote.descriptionPromotionCode,
      type: quote.offerTypeCode,
      value: quote.offerValue,
      discounts: quote.discounts,
      message: answer.statusMessage,
    };
  } catch (error) {
    const message = error instanceof ApiError && error.status === 400 ? (error.body?.statusMessage ?? CART_MESSAGES.promoNotApplicable) : messageOf(error);
    throw new Error(message, { cause: error });
  }
}

/** The cart's calls to the server, for the brand of the page. */
export function createCartServices(appName: string): CartServices {
  return {
    priceTiers: (pkg) => priceTiers(pkg.packageCode),
    validatePromo: (code, state) => validatePromo(appName, code, state),
  };
}
