import type { EntityManager } from '@mikro-orm/sql';
import type { Decimal } from 'decimal.js';

/**
 * What other domains know of taxes: the `TaxRules` strategy (DESIGN.md "Integrations": the
 * built-in `DefaultColombianTaxRules`, replaceable by another implementation bound to the
 * `TAX_RULES` token), its input and its answer.
 */

export type Amount = Decimal | number | string;

/** What a line sells, for the withholding concept and its minimum base. */
export const TAX_LINE_KINDS = ['SOFTWARE_LICENCE', 'SERVICE', 'PURCHASE'] as const;
export type TaxLineKind = (typeof TAX_LINE_KINDS)[number];

/**
 * One line of an order. Either `total`, the line's amount IVA included as the cart computed it
 * (`cartLine(...).total` of `@licencias/common/cart-pricing`: split here with the cart's own
 * rule, so base and IVA are the cart's to the cent), or `base`, the taxable amount before IVA
 * (after discounts); then IVA = base × rate.
 */
export type TaxLine = { ivaRate: Amount; kind: TaxLineKind } & ({ total: Amount; base?: never } | { base: Amount; total?: never });

/** The buyer's tax profile (the company record's, or a buyer not yet a customer). */
export interface TaxProfile {
  /** J legal person (a retefuente agent, art. 368 E.T.), N natural person. */
  personType: 'J' | 'N';
  /** Gran contribuyente: withholds IVA (art. 437-2 num. 2 E.T.). */
  largeTaxpayer: boolean;
  /** Designated by the DIAN as an IVA withholding agent (art. 437-2 num. 7 E.T.). */
  ivaWithholdingAgent: boolean;
  /** A withholding agent of ICA in its municipality. */
  icaWithholdingAgent: boolean;
  /** DANE code of the municipality where it withholds ICA (the company's city). */
  municipalityDaneCode: string | null;
}

export interface TaxInput {
  lines: readonly TaxLine[];
  buyer: TaxProfile;
  /** The order's instant (or a Bogotá calendar day 'yyyy-MM-dd'): the parameters in force on its Bogotá day apply. */
  date: Date | string;
}

/** Every figure the order summary and the payment request need; 2 decimals, half up. */
export interface TaxComputation {
  /** Σ taxable bases (after discounts, before IVA). */
  subTotal: Decimal;
  taxIva: Decimal;
  taxReteFuente: Decimal;
  taxReteIva: Decimal;
  taxReteIca: Decimal;
  /** subTotal + taxIva − (taxReteFuente + taxReteIva + taxReteIca): what the buyer pays. */
  total: Decimal;
}

export interface TaxRules {
  /** `em`: the caller's transaction, to read the parameters in it (the application's otherwise). */
  compute(input: TaxInput, em?: EntityManager): Promise<TaxComputation>;
}

/** The Nest token of the `TaxRules` in use (TaxModule binds `DefaultColombianTaxRules`). */
export const TAX_RULES = Symbol('TAX_RULES');

/**
 * The profile of a buyer known only by its person type (not yet a customer): no designated role,
 * so a natural person withholds nothing and a legal person withholds retefuente only.
 */
export function defaultTaxProfile(personType: 'J' | 'N'): TaxProfile {
  return { personType, largeTaxpayer: false, ivaWithholdingAgent: false, icaWithholdingAgent: false, municipalityDaneCode: null };
}
