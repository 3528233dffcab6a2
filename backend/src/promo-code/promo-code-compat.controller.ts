import { Body, Controller } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { withFailureMessage } from '../errors/compat-failure.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders, OpPath } from '../contract/types.js';
import { ALL_ROWS } from '../package/package.service.js';
import {
  PROMO_CODE_EDITED_MESSAGE,
  PROMO_CODE_SAVED_MESSAGE,
  PROMO_CODE_STATE_MESSAGES,
  PromoCodeService,
  promoCodeNotEditedMessage,
  promoCodeNotSavedMessage,
} from './promo-code.service.js';

/** The old body (PascalCase) as the resource fields, so one set of rules serves both surfaces. */
function fromCompat(body: components['schemas']['CompatPromoCodeSave']): components['schemas']['PromoCodeCreate'] {
  return {
    promotionCode: body.PromotionCode,
    descriptionPromotionCode: body.DescriptionPromotionCode,
    useQuantity: body.UseQuantity,
    offerTypeCode: body.OfferTypeCode,
    offerValue: body.OfferValue,
    effectiveStartDate: body.EffectiveStartDate,
    expirationDate: body.ExpirationDate,
    periodicityType: body.PeriodicityType ?? 'NEVER',
    periodicityQuantity: body.PeriodicityQuantity || null,
    endPeriodicityDate: body.EndPeriodicityDate,
    applyTotalPurchase: body.ApplyTotalPurchase,
    typeUserId: body.TypeUserId,
    idstate: body.Idstate,
    packageIds: [...new Set((body.PromotionalCodePackage ?? []).map((p) => p.PackageId))],
  };
}

/** The old product's promotional-code calls, over the same rules as the resource API. */
@Controller()
export class PromoCodeCompatController {
  constructor(private readonly codes: PromoCodeService) {}

  @Operation('getPromotionalCodes')
  async all() {
    return envelope({ records: (await this.codes.list({ offset: 0, limit: ALL_ROWS, filter: {} })).items });
  }

  @Operation('saveNewPromoCode')
  async save(@Body() body: OpBody<'saveNewPromoCode'>, @CurrentUser() actor: AuthUser) {
    const id = await withFailureMessage(this.codes.create(fromCompat(body), actor), promoCodeNotSavedMessage(body.PromotionCode.trim()));
    return envelope(await this.codes.get(id), PROMO_CODE_SAVED_MESSAGE);
  }

  @Operation('updatePromoCode')
  async update(@Body() body: OpBody<'updatePromoCode'>, @CurrentUser() actor: AuthUser) {
    const input = { ...fromCompat(body), version: body.Version };
    const id = await withFailureMessage(this.codes.update(body.Id, input, actor), promoCodeNotEditedMessage(body.PromotionCode.trim()));
    return envelope(await this.codes.get(id), PROMO_CODE_EDITED_MESSAGE);
  }

  @Operation('activePromoCode')
  async activate(@Body() body: OpBody<'activePromoCode'>, @CurrentUser() actor: AuthUser) {
    await this.codes.setState(body.id, body.idstate, actor);
    return envelope(await this.codes.get(body.id), PROMO_CODE_STATE_MESSAGES[body.idstate], 201);
  }

  @Operation('getTypeUserPromotional')
  async userTypes() {
    return envelope({ records: await this.codes.userTypes() });
  }

  @Operation('getPackagesId')
  async packages(@HeaderParams() { promotionalCodeId }: OpHeaders<'getPackagesId'>) {
    return envelope({ records: await this.codes.packagesOf(promotionalCodeId) });
  }

  @Operation('getPromoCodeLinkedPackage')
  async linkedToPackage(@PathParams() { id }: OpPath<'getPromoCodeLinkedPackage'>) {
    const codes = await this.codes.linkedToPackage(id);
    return envelope({
      records: codes.map(({ id, promotionCode, descriptionPromotionCode, offerTypeCode, offerValue, idstate }) => ({
        id,
        promotionCode,
        descriptionPromotionCode,
        offerTypeCode,
        offerValue,
        idstate,
      })),
    });
  }
}
