import { Decimal } from 'decimal.js';

/**
 * The arithmetic of a cart line (store-and-purchase.md §5 "Totals"), written once for the
 * storefront's cart and the server's recompute of an order, so a total the browser shows is the
 * total the server computes, to the cent:
 *
 *   line total = base × number − discount + tax   (employee packages: base is not multiplied)
 *
 * Prices in the store include IVA ('Impuesto incluido'), so the line is computed in the prices the
 * visitor sees and split afterwards, which keeps every figure on the cent the card promised:
 * - `base` is the unit price before IVA: price × 100 / (100 + IVA %), 2 decimals half up (the
 *   catalogue's `packageUnitPrice`, same formula); `gross` is the line's price × number split
 *   the same way (base × number rounded per unit could be a cent off).
 * - The line's total is (price − offer) × number, IVA included, less the promotion code. An offer
 *   is a discount on the price shown (`packagePrice − packagePriceWithDiscount`); a promotion code
 *   applies before IVA (§9): a percentage of the line, or a value before IVA (its IVA comes off
 *   with it).
 * - The taxable base `newBase` is that total × 100 / (100 + IVA %), 2 decimals; `ivaValue` is the
 *   total minus it; `discount` = gross − newBase (offer and code, before IVA, 2 decimals).
 *   Computing base and IVA first and adding them could land a cent away from the price shown
 *   (480.000 → 403.361,34 + 76.638,65 = 479.999,99).
 *
 * Decimal arithmetic throughout (decimal.js), never floats. Amounts come in as JSON numbers or
 * decimal texts and go out as Decimal; callers format them (`formatMoney`) or send them
 * (`moneyOut`).
 */

export type Amount = Decimal | number | string;

/** A promotion code's discount on one line: a percentage (PTJ) of the line after its offer, or a value (VLR) for the line. */
export interface PromoDiscount {
  type: 'PTJ' | 'VLR';
  value: Amount;
}

export interface CartLineInput {
  /** The price shown, IVA included, of one unit (of the whole line for employee packages). */
  price: Amount;
  /** IVA percentage included in the price (19, 5, 0). */
  taxIva: Amount;
  /** How many (employees for an employee package). */
  number: number;
  /** The offer's discount on the price shown, IVA included, of one unit; 0 or absent when none. */
  offerDiscount?: Amount;
  /** The promotion code's discount on this line, if one applies to it. */
  promo?: PromoDiscount;
  /** An employee package: the price is for the chosen number of employees, not multiplied. */
  employee?: boolean;
}

export interface CartLine {
  /** Unit price before IVA. */
  base: Decimal;
  /** The line before IVA and discounts: price × number (price for an employee package) before IVA. */
  gross: Decimal;
  /** The offer's part of the discount, before IVA. */
  offerDiscount: Decimal;
  /** The promotion code's part of the discount, before IVA. */
  promoDiscount: Decimal;
  /** Both, rounded to 2 decimals: what the line shows as discount. */
  discount: Decimal;
  /** gross − discount: the taxable base. */
  newBase: Decimal;
  /** IVA on newBase, rounded to 2 decimals. */
  ivaValue: Decimal;
  /** newBase + ivaValue. */
  total: Decimal;
}

export interface CartTotals {
  /** Sum of the lines' gross (before IVA and discounts). */
  subtotal: Decimal;
  discount: Decimal;
  iva: Decimal;
  total: Decimal;
}

const HUNDRED = new Decimal(100);
const ZERO = new Decimal(0);

function dec(value: Amount | undefined): Decimal {
  if (value === undefined) return ZERO;
  const amount = new Decimal(typeof value === 'number' ? String(value) : value);
  if (!amount.isFinite()) throw new RangeError(`Valor no numérico: ${String(value)}`);
  return amount;
}

/** Rounded to 2 decimals, half up (half away from zero), as every amount shown or sent. */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The price before IVA of a price that includes `taxIva` percent: price × 100 / (100 + taxIva), 2 decimals. */
export function priceBeforeIva(price: Amount, taxIva: Amount): Decimal {
  return round2(dec(price).times(HUNDRED).dividedBy(dec(taxIva).plus(HUNDRED)));
}

/**
 * The discount of a package's offer on its price (IVA included) for one unit: a percentage (PTJ)
 * or a value (VLR) never above the price, 2 decimals; 0 when it does not apply. The catalogue's
 * `packagePrice − packagePriceWithDiscount` when the server sent it; this for links that carry the
 * offer terms only (DecryptPackage).
 */
export function offerDiscountOf(price: Amount, offer: { applyOffer: boolean; offerTypeCode: string; totalOffer: Amount }): Decimal {
  if (!offer.applyOffer) return ZERO;
  const amount = dec(price);
  const discount = offer.offerTypeCode === 'PTJ' ? amount.times(dec(offer.totalOffer)).dividedBy(HUNDRED) : dec(offer.totalOffer);
  return round2(Decimal.max(ZERO, Decimal.min(discount, amount)));
}

/** One cart line: base, discounts, taxable base, IVA and total (see the module's notes). */
export function cartLine(input: CartLineInput): CartLine {
  if (!Number.isSafeInteger(input.number) || input.number < 0) throw new RangeError(`Cantidad no válida: ${input.number}`);
  const price = dec(input.price);
  const taxIva = dec(input.taxIva);
  const rate = taxIva.plus(HUNDRED).dividedBy(HUNDRED);
  const multiplier = input.employee ? 1 : input.number;
  const base = priceBeforeIva(price, taxIva);
  // The line's own split, not base × number rounded per unit: 3 × 403.361,34 is a cent short of 1.440.000's.
  const gross = priceBeforeIva(price.times(multiplier), taxIva);

  const offer = Decimal.max(ZERO, Decimal.min(dec(input.offerDiscount), price));
  const afterOffer = round2(price.minus(offer).times(multiplier));
  const afterOfferBase = priceBeforeIva(afterOffer, taxIva);

  let total = afterOffer;
  if (input.promo) {
    const value = dec(input.promo.value);
    const off = input.promo.type === 'PTJ' ? afterOffer.times(Decimal.min(value, HUNDRED)).dividedBy(HUNDRED) : value.times(rate);
    total = Decimal.max(ZERO, afterOffer.minus(round2(Decimal.max(ZERO, off))));
  }
  const newBase = priceBeforeIva(total, taxIva);
  const offerDiscount = gross.minus(afterOfferBase);
  const promoDiscount = afterOfferBase.minus(newBase);
  return {
    base,
    gross,
    offerDiscount,
    promoDiscount,
    discount: offerDiscount.plus(promoDiscount),
    newBase,
    ivaValue: total.minus(newBase),
    total,
  };
}

/** The sums of the lines. */
export function cartTotals(lines: readonly CartLine[]): CartTotals {
  return lines.reduce<CartTotals>(
    (sum, line) => ({
      subtotal: sum.subtotal.plus(line.gross),
      discount: sum.discount.plus(line.discount),
      iva: sum.iva.plus(line.ivaValue),
      total: sum.total.plus(line.total),
    }),
    { subtotal: ZERO, discount: ZERO, iva: ZERO, total: ZERO },
  );
}
