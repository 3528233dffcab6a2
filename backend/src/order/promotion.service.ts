import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { moneyOut } from '@licencias/common/money';
import type { PromoDiscount, CartLine } from '@licencias/common/cart-pricing';
import { parseBusinessDate } from '@licencias/common/dates';
import type { AuthUser } from '../auth/auth-user.js';
import { InvalidRequestError } from '../errors/errors.js';
import { customerOf } from '../package/store-catalogue.service.js';
import { PromoCodeService } from '../promo-code/promo-code.service.js';
import { OrderCatalogue, UnavailablePackage } from './order.catalogue.js';
import { OrderRepository } from './order.repository.js';
import {
  type Buyer,
  checkUserType,
  periodAt,
  type PricedInput,
  type PromoCodeTerms,
  type PromoPeriod,
  PROMO_WARNING,
  PromoRefusal,
  priceWithPromo,
  promoInputs,
} from './promotion.rules.js';

type PromotionQuote = components['schemas']['PromotionQuote'];
type ValidateRequest = components['schemas']['ValidatePromotionCodeRequest'];

/** Who is buying, from the session (never from the body). */
export function buyerOf(user: AuthUser | undefined): Buyer {
  const customerId = customerOf(user);
  return { signedIn: user !== undefined, staff: user !== undefined && !user.privileges.includes('CUSTOMER_PORTAL'), customerId };
}

/** A refusal as ValidatePromotionCode answers it: 400 with the spec's warning and the reason. */
export function promoBadRequest(refusal: PromoRefusal): InvalidRequestError {
  return new InvalidRequestError([{ field: 'body.promoCode', code: refusal.reason, description: refusal.message }], PROMO_WARNING);
}

/** A code that applies to a cart: its terms, its period and each line priced with it. */
export interface AppliedCode {
  terms: PromoCodeTerms;
  period: PromoPeriod;
  inputs: Map<number, PromoDiscount>;
  priced: { packageId: number; line: CartLine }[];
}

/**
 * Promotion codes at checkout (store §5, §9): whether a code applies to a cart and for how much.
 * The quota read here is advisory; RegisterPurchaseOrder takes the use with a conditional update.
 */
@Injectable()
export class PromotionService {
  constructor(
    private readonly codes: PromoCodeService,
    private readonly orders: OrderRepository,
    private readonly catalogue: OrderCatalogue,
  ) {}

  /** ValidatePromotionCode: the cart priced from the catalogue and the code's rules; 400 when it does not apply. */
  async validate(appName: string, body: ValidateRequest, user: AuthUser | undefined, now = new Date()): Promise<PromotionQuote> {
    const buyer = buyerOf(user);
    try {
      const items = body.PackagesInCart.map((p) => ({ packageId: p.packageId, quantity: p.quantity, packageCode: p.packageCode }));
      const { lines } = await this.catalogue.lines(appName, items, buyer.customerId);
      return this.quote(await this.apply(body.promoCode, lines, buyer, now));
    } catch (error) {
      if (error instanceof PromoRefusal) throw promoBadRequest(error);
      if (error instanceof UnavailablePackage) {
        throw new InvalidRequestError([{ field: `body.PackagesInCart[${error.index}]`, description: error.message }], PROMO_WARNING);
      }
      throw error;
    }
  }

  /** The code's terms, or PROMO_NOT_FOUND for an unknown or inactive code. */
  async terms(code: string): Promise<PromoCodeTerms> {
    const dto = await this.codes.byCode(code);
    if (!dto || dto.idstate !== 0) throw new PromoRefusal('PROMO_NOT_FOUND');
    return {
      id: dto.id,
      promotionCode: dto.promotionCode,
      descriptionPromotionCode: dto.descriptionPromotionCode,
      active: dto.idstate === 0,
      useQuantity: dto.useQuantity,
      offerTypeCode: dto.offerTypeCode,
      offerValue: String(dto.offerValue),
      effectiveStartDate: parseBusinessDate(dto.effectiveStartDate) as Date,
      expirationDate: parseBusinessDate(dto.expirationDate) as Date,
      periodicityType: dto.periodicityType,
      periodicityQuantity: dto.periodicityQuantity,
      endPeriodicityDate: dto.endPeriodicityDate ? parseBusinessDate(dto.endPeriodicityDate) : null,
      applyTotalPurchase: dto.applyTotalPurchase,
      packageIds: dto.packageIds,
      typeUserId: dto.typeUserId,
    };
  }

  /** Every rule of the code for this cart and buyer at `now`, in the order a buyer can act on; a PromoRefusal otherwise. */
  async apply(code: string, lines: readonly PricedInput[], buyer: Buyer, now: Date): Promise<AppliedCode> {
    const terms = await this.terms(code);
    const period = periodAt(terms, now);
    checkUserType(terms.typeUserId, buyer);
    const inputs = promoInputs(terms, lines);
    if ((await this.orders.usesInPeriod(terms.id, period.start)) >= terms.useQuantity) {
      throw new PromoRefusal(period.monthly ? 'PROMO_MONTH_EXHAUSTED' : 'PROMO_EXHAUSTED');
    }
    if (buyer.customerId !== null && (await this.orders.customerUsed(terms.id, period.start, buyer.customerId))) throw new PromoRefusal('PROMO_ALREADY_USED');
    return { terms, period, inputs, priced: priceWithPromo(lines, inputs) };
  }

  /** ValidatePromotionCode's answer: the discount of each line the code applies to, before IVA. */
  quote(applied: AppliedCode): PromotionQuote {
    const discounts = applied.priced
      .filter(({ packageId }) => applied.inputs.has(packageId))
      .map(({ packageId, line }) => {
        const input = applied.inputs.get(packageId) as PromoDiscount;
        // A value code's share is what the storefront feeds back into cartLine; a percentage's figure is the line's.
        const discount = input.type === 'VLR' ? new Decimal(String(input.value)) : line.promoDiscount;
        return { packageId, discount: moneyOut(discount) };
      });
    const total = applied.priced.reduce((sum, { line }) => sum.plus(line.promoDiscount), new Decimal(0));
    return {
      promotionCode: applied.terms.promotionCode,
      descriptionPromotionCode: applied.terms.descriptionPromotionCode,
      offerTypeCode: applied.terms.offerTypeCode,
      offerValue: moneyOut(applied.terms.offerValue),
      applyTotalPurchase: applied.terms.applyTotalPurchase,
      discounts,
      totalDiscount: moneyOut(total),
    };
  }
}
