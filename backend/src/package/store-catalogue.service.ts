import { Inject, Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { searchable } from '@licencias/common/format';
import { moneyOut } from '@licencias/common/money';
import type { AuthUser } from '../auth/auth-user.js';
import { ReadCache } from '../cache/read-cache.js';
import { NotFoundError } from '../errors/errors.js';
import { ServiceService } from '../service/service.service.js';
import { offerImageUrl } from './package.mapper.js';
import { type OfferTerms, offerInForce, PACKAGE_PRICING, type PackagePricing } from './package-pricing.js';
import { UNLIMITED_QUANTITY } from './package.rules.js';
import { PackageService } from './package.service.js';
import { StoreCatalogueRepository, type StorePackageRow } from './store-catalogue.repository.js';
import { nextOfferChange, shownOfferEnd } from './store-offer.js';

type StorePackage = components['schemas']['StorePackage'];
type PackageTypeDto = components['schemas']['PackageType'];

export const SERVICE_NOT_FOUND_MESSAGE = 'No se encontró el servicio';
/** The sales channels (lookup rows of the migration) the store and the agreements read. */
export const STORE_CHANNEL = 1;
export const AGREEMENT_CHANNEL = 4;
export const STORE_TOPIC = 'storeCatalogue';

/** A package as the store shows it, and the customers it is offered to when private. */
interface StoreEntry {
  record: StorePackage;
  /** Null for a public package. */
  customerIds: number[] | null;
}

/** What the store shows of one service and channel, computed once for the time it stays true. */
export interface StoreSnapshot {
  entries: StoreEntry[];
  /** The public packages: what every visitor sees. */
  open: StorePackage[];
  /** Feature codes (lower case) some package carries: the bounded keys of the per-feature answers. */
  featureCodes: Set<string>;
  /** Epoch ms at which an offer starts, ends or changes its shown end; undefined: never. */
  validUntil: number | undefined;
}

/** The customer id of a signed-in customer (CUSTOMER_PORTAL), or null. */
export function customerOf(caller: AuthUser | undefined): number | null {
  const id = caller?.customerId;
  return id && /^\d{1,9}$/.test(id) && caller.privileges.includes('CUSTOMER_PORTAL') ? Number(id) : null;
}

/**
 * The store's catalogue reads (store §2-§3): the packages of a service in the store's order, with
 * their offer in force now and the 90-day rule, prepared once per service and channel (ReadCache,
 * topic `storeCatalogue`, dropped by the tables' triggers on every write) until the next instant an
 * offer changes by itself.
 */
@Injectable()
export class StoreCatalogueService {
  constructor(
    private readonly repository: StoreCatalogueRepository,
    private readonly services: ServiceService,
    private readonly packages: PackageService,
    private readonly cache: ReadCache,
    @Inject(PACKAGE_PRICING) private readonly pricing: PackagePricing,
  ) {}

  /** The active service with this name or brand, ignoring case and accents ('colnomina' finds 'Colnómina'); 404 otherwise. */
  async serviceId(name: string): Promise<number> {
    const index = await this.cache.value(STORE_TOPIC, 'services', async () => {
      const byName = new Map<string, number>();
      for (const service of await this.services.all()) {
        if (service.idstate !== 0) continue;
        for (const key of [service.serviceName, service.appName]) if (key && !byName.has(searchable(key))) byName.set(searchable(key), service.id);
      }
      return byName;
    });
    const id = index.get(searchable(name.trim()));
    if (id === undefined) throw new NotFoundError(SERVICE_NOT_FOUND_MESSAGE);
    return id;
  }

  /** The store of a service through a channel, kept until a write or until it stops being true. */
  snapshot(serviceId: number, channelId: number): Promise<StoreSnapshot> {
    return this.cache.value(
      STORE_TOPIC,
      `snapshot:${serviceId}:${channelId}`,
      () => this.build(serviceId, channelId, new Date()),
      (snapshot) => snapshot.validUntil,
    );
  }

  /**
   * The packages a customer sees: the public ones plus the private ones offered to it, in the
   * store's order; null when it is offered none here (it sees the public answer).
   */
  forCustomer(snapshot: StoreSnapshot, customerId: number | null, feature?: string): StorePackage[] | null {
    if (customerId === null || !snapshot.entries.some((e) => e.customerIds?.includes(customerId))) return null;
    return snapshot.entries
      .filter((e) => e.customerIds === null || e.customerIds.includes(customerId))
      .map((e) => e.record)
      .filter((record) => feature === undefined || carries(record, feature));
  }

  /** The public packages carrying `feature` (a code, any case). */
  withFeature(snapshot: StoreSnapshot, feature: string): StorePackage[] {
    return snapshot.open.filter((record) => carries(record, feature));
  }

  /** One active package (public or private) as the store shows it at `now`; null when missing or inactive. */
  async activePackage(id: number, now = new Date()): Promise<StorePackage | null> {
    const [row, types] = await Promise.all([this.repository.activePackage(id), this.packages.types()]);
    const type = row && types.find((t) => t.id === row.package_type_id);
    return row && type ? this.toStorePackage(row, type, now) : null;
  }

  /** One active package by its code (any case), as the store shows it at `now`; null when missing or inactive. */
  async activePackageByCode(code: string, now = new Date()): Promise<StorePackage | null> {
    const [row, types] = await Promise.all([this.repository.activePackageByCode(code), this.packages.types()]);
    const type = row && types.find((t) => t.id === row.package_type_id);
    return row && type ? this.toStorePackage(row, type, now) : null;
  }

  private async build(serviceId: number, channelId: number, now: Date): Promise<StoreSnapshot> {
    const [rows, types] = await Promise.all([this.repository.packagesOf(serviceId, channelId), this.packages.types()]);
    const typeById = new Map(types.map((t) => [t.id, t]));
    const entries = rows.map((row) => ({
      record: this.toStorePackage(row, typeById.get(row.package_type_id as 1 | 2 | 3) as PackageTypeDto, now),
      customerIds: row.public_visibility ? null : row.customer_ids,
    }));
    const changes = rows.map((row) => nextOfferChange(offerOfRow(row), now)).filter((t): t is number => t !== undefined);
    return {
      entries,
      open: entries.filter((e) => e.customerIds === null).map((e) => e.record),
      featureCodes: new Set(rows.flatMap((row) => row.features.map((f) => f.serviceFeatureCode.toLowerCase()))),
      validUntil: changes.length ? Math.min(...changes) : undefined,
    };
  }

  /** A row as the store shows it at `now`: the offer in force, its discount and its shown end. */
  toStorePackage(row: StorePackageRow, type: PackageTypeDto, now: Date): StorePackage {
    const price = new Decimal(row.package_price);
    const offer = offerOfRow(row);
    const inForce = offerInForce(offer, now);
    const discount = this.pricing.discount(price, offer, now);
    return {
      id: row.id,
      packageId: row.id,
      packageCode: row.package_code,
      packageName: row.package_name,
      packageDescription: row.package_description,
      packageTypeId: type.id,
      packageType: type,
      packagePrice: moneyOut(price),
      packageUnitPrice: moneyOut(row.unit_price),
      priceUnit: moneyOut(row.unit_price),
      packagePriceWithDiscount: moneyOut(price.minus(discount)),
      discount: moneyOut(discount),
      taxIva: moneyOut(row.tax_iva),
      validityPeriod: row.validity_period,
      validityTypeId: row.validity_type_id,
      publicVisibility: row.public_visibility,
      relevance: row.relevance,
      order: row.display_order,
      applyOffer: inForce,
      offerTypeCode: row.offer_type_code,
      totalOffer: inForce ? moneyOut(row.total_offer) : 0,
      offerStartTime: inForce ? offer.offerStartTime.toISOString() : null,
      offerExpirationTime: inForce ? shownOfferEnd(offer.offerExpirationTime, now).toISOString() : null,
      urlImageOffer: row.image_sha256 ? offerImageUrl(row.id, row.image_sha256) : null,
      summaryHtml: row.summary_html,
      priceByQuantity: row.price_by_quantity,
      services: row.services,
      itemsPackageFeatures: row.features.map((f) => ({
        itemPackageId: f.itemPackageId,
        quantity: f.quantity,
        storageType: f.storageType,
        unlimited: f.isunlimited || f.quantity === UNLIMITED_QUANTITY,
        serviceFeature: {
          id: f.serviceFeatureId,
          serviceId: f.serviceId,
          serviceFeatureCode: f.serviceFeatureCode,
          serviceFeatureDescription: f.serviceFeatureDescription,
          featureAlias: f.featureAlias,
          isunlimited: f.isunlimited,
        },
      })),
    };
  }
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function offerOfRow(row: StorePackageRow): OfferTerms {
  return {
    applyOffer: row.apply_offer,
    offerTypeCode: row.offer_type_code,
    totalOffer: new Decimal(row.total_offer),
    offerStartTime: date(row.offer_start_time),
    offerExpirationTime: date(row.offer_expiration_time),
  };
}

function carries(record: StorePackage, feature: string): boolean {
  const code = feature.toLowerCase();
  return record.itemsPackageFeatures.some((f) => f.serviceFeature.serviceFeatureCode.toLowerCase() === code);
}
