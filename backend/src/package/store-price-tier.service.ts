import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { formatNumber } from '@licencias/common/format';
import { MONEY_DECIMALS_MESSAGE, moneyColumn, moneyOut, parseMoney } from '@licencias/common/money';
import { isEmployeeFeature } from '@licencias/common/rules';
import type { AuthUser } from '../auth/auth-user.js';
import { ReadCache } from '../cache/read-cache.js';
import { requireVersion, stampModified } from '../database/persistence.js';
import { invalidField, NotFoundError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { type OfferTerms, PACKAGE_PRICING, type PackagePricing } from './package-pricing.js';
import { PackageService } from './package.service.js';
import { StorePriceTierRepository, type TieredPackageRow, type TierRow } from './store-price-tier.repository.js';
import { STORE_TOPIC } from './store-catalogue.service.js';
import { nextOfferChange } from './store-offer.js';

type PackagePriceTiers = components['schemas']['PackagePriceTiers'];
type PriceTierInput = components['schemas']['PriceTier'];
type LicensePrice = components['schemas']['LicensePrice'];

export const PACKAGE_NOT_FOUND_MESSAGE = 'El paquete no existe';
export const TIERS_NOT_ALLOWED_MESSAGE = 'Solo los paquetes base o combo con la característica de empleados tienen escalas.';
export const TIER_QUANTITY_TAKEN_MESSAGE = 'La cantidad ya está en otra escala.';
export const TIER_PRICE_ORDER_MESSAGE = 'El precio debe ser mayor que el de la escala anterior.';
/** Base (1) and combo (2) packages are plans a company holds; complementary ones add to a plan. */
const TIERED_TYPES = new Set([1, 2]);

/** The select's text of a tier without one of its own. */
export const tierLabel = (quantity: number, label: string | null): string => label ?? `Hasta ${formatNumber(quantity)} empleados`;

/** What the store reads of the tiers: every active package by its code (lower case), and when an offer changes by itself. */
export interface TierIndex {
  byCode: Map<string, TieredPackageRow>;
  validUntil: number | undefined;
}

function offerOf(row: TieredPackageRow): OfferTerms {
  return {
    applyOffer: row.apply_offer,
    offerTypeCode: row.offer_type_code,
    totalOffer: new Decimal(row.total_offer),
    offerStartTime: new Date(row.offer_start_time),
    offerExpirationTime: new Date(row.offer_expiration_time),
  };
}

/**
 * Price-by-quantity tiers of employee packages (store §3 "price and quantity record", §4 employee
 * packages): catalogue data staff maintain, read by the store through GetPriceByLicenseType.
 */
@Injectable()
export class StorePriceTierService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: StorePriceTierRepository,
    private readonly packages: PackageService,
    private readonly cache: ReadCache,
    @Inject(PACKAGE_PRICING) private readonly pricing: PackagePricing,
  ) {}

  /** The back office's view of a package's tiers. */
  async get(packageId: number): Promise<PackagePriceTiers> {
    const { pkg } = await this.packages.view(packageId);
    return this.toDto(pkg.id, pkg.packageCode, pkg.version, new Decimal(pkg.taxIva), await this.repository.tiersOf(pkg.id));
  }

  /**
   * Replaces every tier of a package with the version the editor read (409 when it changed). Only
   * base or combo packages carrying an employee feature have tiers; quantities are unique and a
   * larger quantity costs more. The package gets a new version; the store's trigger drops what it prepared.
   */
  async replace(packageId: number, version: number, tiers: PriceTierInput[], actor: AuthUser, now = new Date()): Promise<PackagePriceTiers> {
    await this.em.transactional(async () => {
      const { pkg, links } = await this.packages.view(packageId);
      requireVersion(pkg, version);
      const rows = this.check(tiers, TIERED_TYPES.has(pkg.packageTypeId) && links.features.some((f) => isEmployeeFeature(f.serviceFeatureCode)));
      const current = await this.repository.tiersOf(pkg.id);
      if (JSON.stringify(current) === JSON.stringify(rows)) return;
      stampModified(pkg, actor.userId, now);
      await this.em.flush();
      await this.repository.replace(pkg.id, rows);
    });
    return this.get(packageId);
  }

  /**
   * For the server's order recompute: the yearly price (VAT included, numeric text such as
   * '480000.00') of `quantity` employees of a package, or null when it has no such tier. Read in
   * the caller's transaction, never from a prepared answer.
   */
  async tierPrice(packageId: number, quantity: number): Promise<string | null> {
    return (await this.repository.tiersOf(packageId)).find((t) => t.quantity === quantity)?.price ?? null;
  }

  /** Every active package by code, with its tiers, kept until a catalogue write or an offer change. */
  index(): Promise<TierIndex> {
    return this.cache.value(
      STORE_TOPIC,
      'tiers',
      async () => {
        const now = new Date();
        const rows = await this.repository.activePackages();
        const changes = rows
          .filter((r) => r.tiers.length)
          .map((r) => nextOfferChange(offerOf(r), now))
          .filter((t): t is number => t !== undefined);
        return { byCode: new Map(rows.map((r) => [r.package_code.toLowerCase(), r])), validUntil: changes.length ? Math.min(...changes) : undefined };
      },
      (index) => index.validUntil,
    );
  }

  /**
   * The store's tiers of a package (by code, any case) for a customer (null: anyone): a private
   * package is found only by the customers it is offered to; otherwise 404.
   */
  find(index: TierIndex, code: string, customerId: number | null): TieredPackageRow {
    const row = index.byCode.get(code.trim().toLowerCase());
    if (!row || (!row.public_visibility && (customerId === null || !row.customer_ids.includes(customerId)))) throw new NotFoundError(PACKAGE_NOT_FOUND_MESSAGE);
    return row;
  }

  /** The tiers as the store reads them now, with the package's offer in force on each. */
  licensePrices(row: TieredPackageRow, now = new Date()): LicensePrice[] {
    const tax = new Decimal(row.tax_iva);
    const offer = offerOf(row);
    return row.tiers.map((tier) => {
      const value = new Decimal(tier.price);
      const discount = this.pricing.discount(value, offer, now);
      return {
        type: row.package_code,
        quantity: tier.quantity,
        value: moneyOut(value),
        label: tierLabel(tier.quantity, tier.label),
        packageId: row.id,
        packageCode: row.package_code,
        unitPrice: moneyOut(this.pricing.unitPrice(value, tax)),
        discount: moneyOut(discount),
        valueWithDiscount: moneyOut(value.minus(discount)),
      };
    });
  }

  /** One 422 naming every tier that breaks a rule; the tiers by quantity, as stored. */
  private check(tiers: PriceTierInput[], allowed: boolean): TierRow[] {
    const violations = new RuleViolations();
    if (tiers.length && !allowed) violations.add('tiers', TIERS_NOT_ALLOWED_MESSAGE);
    const parsed = tiers.map((tier, i) => ({
      i,
      quantity: tier.quantity,
      price: parseMoney(tier.price) ?? invalidField(`body.tiers.${i}.price`, MONEY_DECIMALS_MESSAGE),
      // The default text is not stored, so it follows the quantity.
      label: tier.label?.trim() && tier.label.trim() !== tierLabel(tier.quantity, null) ? tier.label.trim() : null,
    }));
    const seen = new Set<number>();
    for (const tier of parsed) {
      if (seen.has(tier.quantity)) violations.add(`tiers.${tier.i}.quantity`, TIER_QUANTITY_TAKEN_MESSAGE);
      seen.add(tier.quantity);
    }
    const sorted = [...parsed].sort((a, b) => a.quantity - b.quantity || a.i - b.i);
    sorted.forEach((tier, k) => {
      const previous = sorted[k - 1];
      if (previous && previous.quantity !== tier.quantity && !tier.price.greaterThan(previous.price))
        violations.add(`tiers.${tier.i}.price`, TIER_PRICE_ORDER_MESSAGE);
    });
    violations.throwIfAny();
    return sorted.map((t) => ({ quantity: t.quantity, price: moneyColumn(t.price), label: t.label }));
  }

  private toDto(packageId: number, packageCode: string, version: number, tax: Decimal, tiers: TierRow[]): PackagePriceTiers {
    return {
      packageId,
      packageCode,
      version,
      tiers: tiers.map((t) => {
        const price = new Decimal(t.price);
        return { quantity: t.quantity, price: moneyOut(price), label: tierLabel(t.quantity, t.label), unitPrice: moneyOut(this.pricing.unitPrice(price, tax)) };
      }),
    };
  }
}
