import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { invalidatesCache } from '../cache/invalidation-trigger.js';
import { catalogueColumns, catalogueTable, defineLookup, searchTextIndex } from '../database/entity-columns.js';
import { Customer } from '../customer/customer.entity.js';
import { ServiceFeature } from '../feature/service-feature.entity.js';
import { Service } from '../service/service.entity.js';

export const PACKAGE_TYPE_CODES = ['BAS', 'CMB', 'CMP'] as const;
export const VALIDITY_TYPES = ['A', 'M', 'D', 'I'] as const;
export const RELEVANCES = ['Alta', 'Media', 'Baja'] as const;
export const OFFER_TYPES = ['VLR', 'PTJ'] as const;
export const STORAGE_TYPES = ['MB', 'GB'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export type StorageType = (typeof STORAGE_TYPES)[number];

/** What the store shows is read from these tables: each write drops the prepared store answers. */
const STORE = ['storeCatalogue', 'packageLists'] as const;

/** 1 base, 2 combo, 3 complementary (a lookup: rows come with the migration). */
export const PackageType = defineLookup('PackageType', 'package_type', {
  code: p.enum(PACKAGE_TYPE_CODES).unique(),
  name: p.string().length(50),
});
export type PackageType = InferEntity<typeof PackageType>;

/** A sales channel (a lookup: rows come with the migration). */
export const Channel = defineLookup('Channel', 'channel', {
  channelType: p.string().length(60),
});
export type Channel = InferEntity<typeof Channel>;

/** A plan sold in the store. Never deleted (orders refer to it): inactivated instead. */
export const Package = defineEntity({
  ...catalogueTable('Package', 'package', { name: 'package_code_lower_unique', sql: 'lower("package_code")' }),
  indexes: [searchTextIndex('package'), { properties: ['packageTypeId', 'relevance', 'displayOrder'] }],
  triggers: [invalidatesCache('package', STORE)],
  properties: {
    id: p.integer().primary().autoincrement(),
    packageCode: p.string().length(30),
    packageName: p.string().length(40),
    packageDescription: p.string().length(250),
    packageTypeId: () => p.manyToOne(PackageType).mapToPk().fieldName('package_type_id'),
    /** VAT included. */
    packagePrice: p.decimal('string').precision(20).scale(2),
    /** VAT percentage. */
    taxIva: p.decimal('string').precision(5).scale(2),
    /** Price before VAT, computed by the pricing policy. */
    unitPrice: p.decimal('string').precision(20).scale(2),
    validityPeriod: p.smallint(),
    validityTypeId: p.enum(VALIDITY_TYPES),
    relevance: p.enum(RELEVANCES),
    displayOrder: p.integer(),
    publicVisibility: p.boolean(),
    summaryHtml: p.text().nullable(),
    applyOffer: p.boolean().default(false),
    offerTypeCode: p.enum(OFFER_TYPES).default('VLR'),
    /** A value (VLR) or a percentage (PTJ). */
    totalOffer: p.decimal('string').precision(20).scale(2).default('0'),
    offerStartTime: p.datetime(),
    offerExpirationTime: p.datetime(),
    ...catalogueColumns(`"package_code" || ' ' || "package_name" || ' ' || "package_description"`),
  },
});
export type Package = InferEntity<typeof Package>;

export const PackageServiceLink = defineEntity({
  name: 'PackageServiceLink',
  tableName: 'package_service',
  triggers: [invalidatesCache('package_service', STORE)],
  properties: {
    packageId: () => p.manyToOne(Package).mapToPk().primary().fieldName('package_id'),
    serviceId: () => p.manyToOne(Service).mapToPk().primary().fieldName('service_id').index(),
  },
});
export type PackageServiceLink = InferEntity<typeof PackageServiceLink>;

export const PackageChannelLink = defineEntity({
  name: 'PackageChannelLink',
  tableName: 'package_channel',
  triggers: [invalidatesCache('package_channel', STORE)],
  properties: {
    packageId: () => p.manyToOne(Package).mapToPk().primary().fieldName('package_id'),
    channelId: () => p.manyToOne(Channel).mapToPk().primary().fieldName('channel_id').index(),
  },
});
export type PackageChannelLink = InferEntity<typeof PackageChannelLink>;

/** The customers a private package is offered to. */
export const PackageCustomerLink = defineEntity({
  name: 'PackageCustomerLink',
  tableName: 'package_customer',
  triggers: [invalidatesCache('package_customer', STORE)],
  properties: {
    packageId: () => p.manyToOne(Package).mapToPk().primary().fieldName('package_id'),
    customerId: () => p.manyToOne(Customer).mapToPk().primary().fieldName('customer_id').index(),
  },
});
export type PackageCustomerLink = InferEntity<typeof PackageCustomerLink>;

/** A feature a package carries, with its quantity (1000000 means unlimited). */
export const PackageFeature = defineEntity({
  name: 'PackageFeature',
  tableName: 'package_feature',
  triggers: [invalidatesCache('package_feature', STORE)],
  uniques: [{ properties: ['packageId', 'serviceFeatureId'] }],
  properties: {
    /** itemPackageId in the compatibility API. */
    id: p.integer().primary().autoincrement(),
    packageId: () => p.manyToOne(Package).mapToPk().fieldName('package_id'),
    serviceFeatureId: () => p.manyToOne(ServiceFeature).mapToPk().fieldName('service_feature_id').index(),
    quantity: p.integer(),
    /** MB or GB for storage features, null otherwise. */
    storageType: p.enum(STORAGE_TYPES).nullable(),
  },
});
export type PackageFeature = InferEntity<typeof PackageFeature>;

/** The offer image, apart from the package row so that lists never read the bytes. */
export const PackageOfferImage = defineEntity({
  name: 'PackageOfferImage',
  tableName: 'package_offer_image',
  triggers: [invalidatesCache('package_offer_image', STORE)],
  properties: {
    packageId: () => p.manyToOne(Package).mapToPk().primary().fieldName('package_id'),
    fileName: p.string().length(200),
    contentType: p.string().length(50),
    size: p.integer(),
    sha256: p.string().length(64),
    content: p.blob().lazy(),
    uploadedAt: p.datetime(),
  },
});
export type PackageOfferImage = InferEntity<typeof PackageOfferImage>;

/**
 * A price-by-quantity tier of an employee package: `quantity` employees for `price` a year, VAT
 * included (store §3, price and quantity record). Catalogue data maintained by staff.
 */
export const PackagePriceTier = defineEntity({
  name: 'PackagePriceTier',
  tableName: 'package_price_tier',
  uniques: [{ properties: ['packageId', 'quantity'] }],
  triggers: [invalidatesCache('package_price_tier', STORE)],
  properties: {
    id: p.integer().primary().autoincrement(),
    packageId: () => p.manyToOne(Package).mapToPk().fieldName('package_id'),
    quantity: p.integer(),
    /** VAT included. */
    price: p.decimal('string').precision(20).scale(2),
    /** The select's text; null: 'Hasta {quantity} empleados'. */
    label: p.string().length(60).nullable(),
  },
});
export type PackagePriceTier = InferEntity<typeof PackagePriceTier>;

export const PACKAGE_ENTITIES = [
  PackageType,
  Channel,
  Package,
  PackageServiceLink,
  PackageChannelLink,
  PackageCustomerLink,
  PackageFeature,
  PackageOfferImage,
  PackagePriceTier,
];
