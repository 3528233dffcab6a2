import { type CartLine, cartLine, cartTotals, type CartTotals, offerDiscountOf } from '@licencias/common/cart-pricing';
import { Decimal } from 'decimal.js';
import type { AppliedPromo, CartItem, CartState } from './types';

/**
 * The cart's figures (decimal.js through `@licencias/common/cart-pricing`, the server's own rule).
 * Only the screens that show amounts import this, so the header's badge loads no decimal code.
 */

export interface PricedItem {
  item: CartItem;
  line: CartLine;
}

export interface PricedCart {
  lines: PricedItem[];
  totals: CartTotals;
}

/** The offer's discount on the price shown of one unit (IVA included). */
export function offerDiscountOfItem(item: CartItem): Decimal {
  if (item.offerActive === false || (!item.applyOffer && item.packagePriceWithDiscount === undefined)) return new Decimal(0);
  if (item.packagePriceWithDiscount !== undefined) {
    // What the server computed (for an employee package, on its tier).
    const discount = new Decimal(String(item.price)).minus(String(item.packagePriceWithDiscount));
    return discount.isNegative() ? new Decimal(0) : discount;
  }
  return offerDiscountOf(item.price, { applyOffer: item.applyOffer, offerTypeCode: item.offerTypeCode, totalOffer: item.totalOffer });
}

/** The code's discount of a line: its percentage, or the value before IVA the server's quote gave the line. */
function promoFor(item: CartItem, promo: AppliedPromo | undefined) {
  const share = promo?.discounts.find((d) => d.packageId === item.packageId);
  if (!promo || !share) return undefined;
  return promo.type === 'PTJ' ? { type: 'PTJ' as const, value: promo.value } : { type: 'VLR' as const, value: share.discount };
}

/** Each line's base, discount, IVA and total, and the cart's totals. */
export function priceCart(state: CartState): PricedCart {
  const lines = state.items.map((item) => ({
    item,
    line: cartLine({
      price: item.price,
      taxIva: item.taxiva,
      number: item.number,
      offerDiscount: offerDiscountOfItem(item),
      promo: promoFor(item, state.promo),
      employee: item.isEmployee,
    }),
  }));
  return { lines, totals: cartTotals(lines.map((l) => l.line)) };
}
