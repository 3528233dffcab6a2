import type { CartServices } from './cart-store';
import { CART_MESSAGES } from './rules';

/**
 * The cart's calls to the server. GetPriceByLicenseType and ValidatePromotionCode come with the
 * catalogue's and the orders' contracts; until they are there a package keeps its catalogue price
 * and a code cannot be applied.
 */
export function createCartServices(): CartServices {
  return {
    priceTiers: () => Promise.resolve([]),
    validatePromo: () => Promise.reject(new Error(CART_MESSAGES.promoNotApplicable)),
  };
}
