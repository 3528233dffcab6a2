import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { catalogueColumns, catalogueTable, defineLookup } from '../database/entity-columns.js';
import { OFFER_TYPES, Package } from '../package/package.entity.js';

export const PERIODICITY_TYPES = ['NEVER', 'MONTHLY'] as const;
export type PeriodicityType = (typeof PERIODICITY_TYPES)[number];

/** Who a code is for; `fullDiscount` types always get 100 percent (a lookup: rows come with the migration). */
export const PromoUserType = defineLookup('PromoUserType', 'promo_user_type', {
  typeUser: p.string().length(60),
  fullDiscount: p.boolean().default(false),
});
export type PromoUserType = InferEntity<typeof PromoUserType>;

/** A promotional code. Never deleted (orders refer to it): inactivated instead. */
export const PromotionalCode = defineEntity({
  ...catalogueTable('PromotionalCode', 'promotional_code', { name: 'promotional_code_code_lower_unique', sql: 'lower("promotion_code")' }),
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Stored without whitespace. */
    promotionCode: p.string().length(50),
    descriptionPromotionCode: p.string().length(250),
    useQuantity: p.integer(),
    offerTypeCode: p.enum(OFFER_TYPES),
    offerValue: p.decimal('string').precision(20).scale(2),
    effectiveStartDate: p.datetime(),
    expirationDate: p.datetime(),
    periodicityType: p.enum(PERIODICITY_TYPES).default('NEVER'),
    periodicityQuantity: p.smallint().nullable(),
    endPeriodicityDate: p.datetime().nullable(),
    applyTotalPurchase: p.boolean().default(false),
    applyProduct: p.boolean().default(false),
    typeUserId: () => p.manyToOne(PromoUserType).mapToPk().fieldName('type_user_id'),
    ...catalogueColumns(`"promotion_code" || ' ' || "description_promotion_code"`),
  },
});
export type PromotionalCode = InferEntity<typeof PromotionalCode>;

/** The packages a code applies to (when it does not apply to the whole purchase). */
export const PromotionalCodePackage = defineEntity({
  name: 'PromotionalCodePackage',
  tableName: 'promotional_code_package',
  properties: {
    promotionalCodeId: () => p.manyToOne(PromotionalCode).mapToPk().primary().fieldName('promotional_code_id'),
    packageId: () => p.manyToOne(Package).mapToPk().primary().fieldName('package_id').index(),
  },
});
export type PromotionalCodePackage = InferEntity<typeof PromotionalCodePackage>;

export const PROMO_CODE_ENTITIES = [PromoUserType, PromotionalCode, PromotionalCodePackage];
