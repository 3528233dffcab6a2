import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import { auditOf } from '../database/audit.js';
import type { Page } from '../database/list-query.js';
import { stateMessages } from '../contract/compat-state.js';
import { CatalogueWriter } from '../database/catalogue-writer.js';
import { applyChanges, requireVersion, stampModified } from '../database/persistence.js';
import { BusinessRuleError, ConflictError, invalidField, NotFoundError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { MONEY_DECIMALS_MESSAGE, moneyColumn, moneyOut, parseMoney } from '@licencias/common/money';
import { REQUIRED_MESSAGE } from '../errors/messages.js';
import { PackageService } from '../package/package.service.js';
import type { PromotionalCode, PromoUserType } from './promo-code.entity.js';
import { type LinkedPackage, PromoCodeRepository, type PromoCodeListQuery } from './promo-code.repository.js';
import { CODE_LOCKED_MESSAGE, normalizePromotionCode, resolvePromoTerms } from './promo-code.rules.js';

type PromoCodeDto = components['schemas']['PromoCode'];
type PromoUserTypeDto = components['schemas']['PromoUserType'];
export type PromoCodeInput = components['schemas']['PromoCodeFields'];
export type PromoCodeCreateInput = components['schemas']['PromoCodeCreate'];
export type PromoCodeUpdateInput = PromoCodeInput & { promotionCode?: string; version?: number };

export const PROMO_CODE_SAVED_MESSAGE = 'El código promocional se ha guardado exitosamente';
export const PROMO_CODE_EDITED_MESSAGE = 'El código promocional se ha editado exitosamente';
export const PROMO_CODE_STATE_MESSAGES = stateMessages(
  'Se ha activado el código promocional exitosamente',
  'Se ha inactivado el código promocional exitosamente',
);
export const promoCodeNotSavedMessage = (code: string) => `El código ${code} no fue guardado`;
export const promoCodeNotEditedMessage = (code: string) => `El código ${code} no fue editado`;

const duplicateMessage = (code: string) => `Ya existe el código promocional ${code}.`;

function duplicate(code: string): ConflictError {
  return new ConflictError(duplicateMessage(code), [{ field: 'promotionCode', description: duplicateMessage(code) }]);
}

function toUserTypeDto(t: PromoUserType): PromoUserTypeDto {
  return { id: t.id, typeUser: t.typeUser, fullDiscount: t.fullDiscount };
}

/** Promotional codes: the rules of their dialog and state toggle, for both API surfaces. */
@Injectable()
export class PromoCodeService {
  constructor(
    private readonly em: EntityManager,
    private readonly codes: PromoCodeRepository,
    private readonly packages: PackageService,
  ) {}

  private readonly writer = new CatalogueWriter(this.em, this.codes, {
    notFound: 'El código promocional no existe',
    duplicate: { field: 'promotionCode', message: (code) => duplicateMessage(code.promotionCode) },
  });

  async list(query: PromoCodeListQuery): Promise<Page<PromoCodeDto>> {
    const page = await this.codes.list(query);
    return { items: await this.toDtos(page.items), total: page.total };
  }

  async get(id: number): Promise<PromoCodeDto> {
    const [dto] = await this.toDtos([await this.writer.require(id)]);
    return dto as PromoCodeDto;
  }

  /** The code a buyer typed (whitespace and case ignored), active or not; null when there is none. Checkout's rules are the orders domain's. */
  async byCode(code: string): Promise<PromoCodeDto | null> {
    const found = await this.codes.byCode(normalizePromotionCode(code));
    return found ? ((await this.toDtos([found]))[0] ?? null) : null;
  }

  async userTypes(): Promise<PromoUserTypeDto[]> {
    return (await this.codes.userTypes()).map(toUserTypeDto);
  }

  async packagesOf(id: number): Promise<LinkedPackage[]> {
    await this.writer.require(id);
    return (await this.codes.packagesOf([id])).get(id) ?? [];
  }

  async linkedToPackage(packageId: number): Promise<PromoCodeDto[]> {
    if (!(await this.packages.exists(packageId))) throw new NotFoundError('El paquete no existe');
    return this.toDtos(await this.codes.byPackage(packageId));
  }

  async create(input: PromoCodeCreateInput, actor: AuthUser, now = new Date()): Promise<number> {
    const promotionCode = normalizePromotionCode(input.promotionCode);
    return this.em.transactional(async () => {
      if (!promotionCode) throw new BusinessRuleError(REQUIRED_MESSAGE, [{ field: 'promotionCode', description: REQUIRED_MESSAGE }]);
      const draft = await this.draft(input, now);
      if (await this.codes.codeTaken(promotionCode)) throw duplicate(promotionCode);
      const code = await this.writer.create({ promotionCode, ...draft.fields, idstate: input.idstate }, actor.userId, now);
      await this.codes.updatePackages(code.id, draft.packageIds, []);
      return code.id;
    });
  }

  /** Saves the edits of a code; the code itself cannot change; nothing is written when nothing changed. */
  async update(id: number, input: PromoCodeUpdateInput, actor: AuthUser, now = new Date()): Promise<number> {
    await this.em.transactional(async () => {
      const code = await this.writer.require(id);
      requireVersion(code, input.version);
      if (input.promotionCode !== undefined && normalizePromotionCode(input.promotionCode).toLowerCase() !== code.promotionCode.toLowerCase()) {
        throw new BusinessRuleError(CODE_LOCKED_MESSAGE, [{ field: 'promotionCode', description: CODE_LOCKED_MESSAGE }]);
      }
      const draft = await this.draft(input, now, code);
      const current = ((await this.codes.packagesOf([id])).get(id) ?? []).map((p) => p.id);
      const add = draft.packageIds.filter((p) => !current.includes(p));
      const remove = current.filter((p) => !draft.packageIds.includes(p));
      const fieldsChanged = applyChanges(code, { ...draft.fields, idstate: input.idstate });
      if (!fieldsChanged && !add.length && !remove.length) return;
      stampModified(code, actor.userId, now);
      await this.em.flush();
      await this.codes.updatePackages(id, add, remove);
    });
    return id;
  }

  async setState(id: number, idstate: 0 | 1, actor: AuthUser, version?: number, now = new Date()): Promise<void> {
    await this.writer.setState(id, idstate, actor.userId, version, now);
  }

  /** What a save would store once every rule of the dialog holds (one 422 lists all that fail). */
  private async draft(input: PromoCodeInput, now: Date, current?: PromotionalCode) {
    const violations = new RuleViolations();
    const description = input.descriptionPromotionCode.trim();
    if (!description) violations.add('descriptionPromotionCode', REQUIRED_MESSAGE);
    const userType = (await this.codes.userTypes()).find((t) => t.id === input.typeUserId);
    if (!userType) violations.add('typeUserId', 'El tipo de usuario no existe');
    const terms = resolvePromoTerms(
      { ...input, offerValue: parseMoney(input.offerValue) ?? invalidField('offerValue', MONEY_DECIMALS_MESSAGE) },
      userType?.fullDiscount ?? false,
      now,
      violations,
      current,
    );
    const missing = await this.codes.missingPackages(terms.packageIds);
    if (missing.length) violations.add('packageIds', `No existen los paquetes: ${missing.join(', ')}`);
    violations.throwIfAny();
    return {
      fields: {
        descriptionPromotionCode: description,
        useQuantity: input.useQuantity,
        typeUserId: input.typeUserId,
        offerTypeCode: terms.offerTypeCode,
        offerValue: moneyColumn(terms.offerValue),
        effectiveStartDate: terms.effectiveStartDate,
        expirationDate: terms.expirationDate,
        periodicityType: terms.periodicityType,
        periodicityQuantity: terms.periodicityQuantity,
        endPeriodicityDate: terms.endPeriodicityDate,
        applyTotalPurchase: terms.applyTotalPurchase,
        applyProduct: terms.applyProduct,
      },
      packageIds: terms.packageIds,
    };
  }

  private async toDtos(codes: PromotionalCode[]): Promise<PromoCodeDto[]> {
    const [packages, types] = await Promise.all([this.codes.packagesOf(codes.map((c) => c.id)), this.codes.userTypes()]);
    const typeNames = new Map(types.map((t) => [t.id, t.typeUser]));
    return codes.map((c) => {
      const linked = packages.get(c.id) ?? [];
      return {
        id: c.id,
        promotionCode: c.promotionCode,
        descriptionPromotionCode: c.descriptionPromotionCode,
        useQuantity: c.useQuantity,
        offerTypeCode: c.offerTypeCode,
        offerValue: moneyOut(c.offerValue),
        effectiveStartDate: c.effectiveStartDate.toISOString(),
        expirationDate: c.expirationDate.toISOString(),
        periodicityType: c.periodicityType,
        periodicityQuantity: c.periodicityQuantity ?? null,
        endPeriodicityDate: c.endPeriodicityDate ? c.endPeriodicityDate.toISOString() : null,
        applyTotalPurchase: c.applyTotalPurchase,
        applyProduct: c.applyProduct,
        typeUserId: c.typeUserId,
        typeUser: typeNames.get(c.typeUserId) ?? '',
        idstate: c.idstate,
        ...auditOf(c),
        version: c.version,
        packageIds: linked.map((p) => p.id).sort((a, b) => a - b),
        packages: linked,
      };
    });
  }
}
