import { Decimal } from 'decimal.js';
import { type CartLine, cartLine, type CartLineInput, type PromoDiscount, round2 } from '@licencias/common/cart-pricing';
import { addBogotaMonths } from '@licencias/common/dates';

/**
 * The rules of a promotion code at checkout (store §5, §9; catalogue §3 promotional code), pure:
 * its window in force, the user types, the lines it applies to and how its discount is shared.
 * ValidatePromotionCode and RegisterPurchaseOrder both decide with these.
 */

/** The spec's warning for every refused code (store §8 'Promo code 400'), and its success text. */
export const PROMO_WARNING = 'No se puede aplicar el código promocional al paquete seleccionado.';
export const PROMO_APPLIED = 'El código promocional ha sido aplicado a su compra.';

/** Why a code does not apply: `statusDetails[].code` and its text (decided here; docs/architecture.md, Orders). */
export const PROMO_REASONS = {
  PROMO_NOT_FOUND: 'El código promocional no existe.',
  PROMO_NOT_STARTED: 'El código promocional aún no está vigente.',
  PROMO_EXPIRED: 'El código promocional ha vencido.',
  PROMO_EXHAUSTED: 'El código promocional ya no tiene usos disponibles.',
  PROMO_MONTH_EXHAUSTED: 'El código promocional ya no tiene usos disponibles este mes.',
  PROMO_ALREADY_USED: 'Ya usaste este código promocional.',
  PROMO_USER_TYPE: 'El código promocional no está disponible para tu tipo de usuario.',
  PROMO_PACKAGES: PROMO_WARNING,
  PROMO_FREE_PACKAGE: PROMO_WARNING,
} as const;
export type PromoReason = keyof typeof PROMO_REASONS;

/** A refusal of a code, with its reason. */
export class PromoRefusal extends Error {
  constructor(readonly reason: PromoReason) {
    super(PROMO_REASONS[reason]);
  }
}

/** What the rules read of a code. */
export interface PromoCodeTerms {
  id: number;
  promotionCode: string;
  descriptionPromotionCode: string;
  active: boolean;
  useQuantity: number;
  offerTypeCode: 'PTJ' | 'VLR';
  offerValue: string;
  effectiveStartDate: Date;
  expirationDate: Date;
  periodicityType: 'NEVER' | 'MONTHLY';
  periodicityQuantity: number | null;
  endPeriodicityDate: Date | null;
  applyTotalPurchase: boolean;
  packageIds: readonly number[];
  typeUserId: number;
}

/** The window of a code in force at an instant: its start identifies the quota's period. */
export interface PromoPeriod {
  start: Date;
  end: Date;
  monthly: boolean;
}

/**
 * The window in force at `now`, in Bogotá's calendar. NEVER: start to expiry. MONTHLY: that window
 * again every `periodicityQuantity` months, each repetition starting no later than
 * `endPeriodicityDate`; between repetitions the code is not yet in force again.
 */
export function periodAt(terms: PromoCodeTerms, now: Date): PromoPeriod {
  const t = now.getTime();
  if (t < terms.effectiveStartDate.getTime()) throw new PromoRefusal('PROMO_NOT_STARTED');
  const step = terms.periodicityType === 'MONTHLY' ? (terms.periodicityQuantity ?? 1) : 0;
  if (step <= 0) {
    if (t > terms.expirationDate.getTime()) throw new PromoRefusal('PROMO_EXPIRED');
    return { start: terms.effectiveStartDate, end: terms.expirationDate, monthly: false };
  }
  const last = terms.endPeriodicityDate?.getTime() ?? terms.expirationDate.getTime();
  for (let k = 0; ; k++) {
    const start = addBogotaMonths(terms.effectiveStartDate, k * step);
    if (start.getTime() > last) throw new PromoRefusal('PROMO_EXPIRED');
    if (t < start.getTime()) throw new PromoRefusal('PROMO_NOT_STARTED');
    const end = addBogotaMonths(terms.expirationDate, k * step);
    if (t <= end.getTime()) return { start, end, monthly: true };
  }
}

/** Who is buying, for the code's user type. */
export interface Buyer {
  /** A signed-in user of any kind. */
  signedIn: boolean;
  /** A signed-in back-office user (not a customer). */
  staff: boolean;
  /** The signed-in customer's company, whose previous uses count. */
  customerId: number | null;
}

/** User type 1 (Cliente) anyone; 2 (Colaborador interno) signed-in staff; 3 (Aliado comercial) anyone signed in. */
export function checkUserType(typeUserId: number, buyer: Buyer): void {
  if (typeUserId === 2 && !buyer.staff) throw new PromoRefusal('PROMO_USER_TYPE');
  if (typeUserId === 3 && !buyer.signedIn) throw new PromoRefusal('PROMO_USER_TYPE');
}

/** One line of a cart as the catalogue prices it, before any code. */
export interface PricedInput extends Omit<CartLineInput, 'promo'> {
  packageId: number;
}

/** The code's discount input for each line it applies to (packageId → promo), or a refusal. */
export function promoInputs(terms: PromoCodeTerms, lines: readonly PricedInput[]): Map<number, PromoDiscount> {
  if (lines.some((l) => new Decimal(String(l.price)).isZero())) throw new PromoRefusal('PROMO_FREE_PACKAGE');
  const listed = new Set(terms.packageIds);
  const targets = terms.applyTotalPurchase ? lines : lines.filter((l) => listed.has(l.packageId));
  if (!targets.length) throw new PromoRefusal('PROMO_PACKAGES');
  const inputs = new Map<number, PromoDiscount>();
  if (terms.offerTypeCode === 'PTJ') {
    for (const line of targets) inputs.set(line.packageId, { type: 'PTJ', value: terms.offerValue });
    return inputs;
  }
  if (!terms.applyTotalPurchase) {
    // Off each listed line once, never more than the line is worth.
    for (const line of targets) inputs.set(line.packageId, { type: 'VLR', value: Decimal.min(new Decimal(terms.offerValue), cartLine(line).newBase) });
    return inputs;
  }
  // A value on the whole purchase: shared in proportion to each line's base after its offer, the
  // last line taking the rounding rest, never more than the lines are worth.
  const bases = targets.map((line) => cartLine(line).newBase);
  const worth = bases.reduce((a, b) => a.plus(b), new Decimal(0));
  const value = Decimal.min(new Decimal(terms.offerValue), worth);
  let left = value;
  targets.forEach((line, i) => {
    const share = i === targets.length - 1 ? left : worth.isZero() ? new Decimal(0) : round2(value.times(bases[i] as Decimal).dividedBy(worth));
    left = left.minus(share);
    inputs.set(line.packageId, { type: 'VLR', value: share });
  });
  return inputs;
}

/** The lines priced with the code: each line's figures and its promotion discount before IVA. */
export function priceWithPromo(lines: readonly PricedInput[], inputs: Map<number, PromoDiscount> | null): { packageId: number; line: CartLine }[] {
  return lines.map((input) => ({ packageId: input.packageId, line: cartLine({ ...input, promo: inputs?.get(input.packageId) }) }));
}
