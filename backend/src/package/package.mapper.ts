import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { auditOf } from '../database/audit.js';
import type { CustomerSummary } from '../customer/customer.service.js';
import { moneyOut } from '@licencias/common/money';
import type { Channel, Package, PackageType } from './package.entity.js';
import { type OfferTerms, offerInForce, type PackagePricing } from './package-pricing.js';
import type { LinkedFeature, PackageLinks, PackageView } from './package.repository.js';
import { UNLIMITED_QUANTITY } from './package.rules.js';

type PackageDto = components['schemas']['Package'];
type CompatPackage = components['schemas']['CompatPackage'];
type PackageTypeDto = components['schemas']['PackageType'];
type ChannelDto = components['schemas']['Channel'];
type PackageOption = components['schemas']['PackageOption'];
type PackageFeatureDto = components['schemas']['PackageFeature'];
type CompatFeatureItem = components['schemas']['CompatPackageFeatureItem'];

export function offerOf(pkg: Package): OfferTerms {
  return {
    applyOffer: pkg.applyOffer,
    offerTypeCode: pkg.offerTypeCode,
    totalOffer: new Decimal(pkg.totalOffer),
    offerStartTime: pkg.offerStartTime,
    offerExpirationTime: pkg.offerExpirationTime,
  };
}

/** Address of the offer image; the content hash makes a new image a new address (long caching). */
export function offerImageUrl(packageId: number, sha256: string): string {
  return `/api/v1/packages/${packageId}/offer-image?v=${sha256.slice(0, 16)}`;
}

export function toPackageTypeDto(t: PackageType): PackageTypeDto {
  return { id: t.id as 1 | 2 | 3, packageTypeId: t.id as 1 | 2 | 3, packageTypeCode: t.code, packageTypeName: t.name };
}

export function toChannelDto(c: { id: number; channelType: string }): ChannelDto {
  return { id: c.id, channelId: c.id, channelType: c.channelType };
}

export function toChannelDtos(channels: Channel[]): ChannelDto[] {
  return channels.map(toChannelDto);
}

export function toPackageOption(pkg: Pick<Package, 'id' | 'packageCode' | 'packageName' | 'packageTypeId' | 'idstate'>): PackageOption {
  return { id: pkg.id, packageCode: pkg.packageCode, packageName: pkg.packageName, packageTypeId: pkg.packageTypeId as 1 | 2 | 3, idstate: pkg.idstate };
}

function toFeatureDto(f: LinkedFeature): PackageFeatureDto {
  return { ...f, unlimited: f.isunlimited || f.quantity === UNLIMITED_QUANTITY };
}

export function toCompatFeatureItem(f: LinkedFeature): CompatFeatureItem {
  return {
    itemPackageId: f.itemPackageId,
    quantity: f.quantity,
    storageType: f.storageType,
    serviceFeature: {
      id: f.serviceFeatureId,
      serviceId: f.serviceId,
      serviceFeatureCode: f.serviceFeatureCode,
      serviceFeatureDescription: f.serviceFeatureDescription,
      isunlimited: f.isunlimited,
    },
  };
}

/** The package as the resource API presents it; prices derive from the pricing policy at `now`. */
export function toPackageDto({ pkg, links }: PackageView, pricing: PackagePricing, now: Date): PackageDto {
  const price = new Decimal(pkg.packagePrice);
  const offer = offerOf(pkg);
  const discount = pricing.discount(price, offer, now);
  return {
    id: pkg.id,
    packageCode: pkg.packageCode,
    packageName: pkg.packageName,
    packageDescription: pkg.packageDescription,
    packageTypeId: pkg.packageTypeId as 1 | 2 | 3,
    packagePrice: moneyOut(price),
    taxIva: moneyOut(pkg.taxIva),
    packageUnitPrice: moneyOut(pkg.unitPrice),
    priceUnit: moneyOut(pkg.unitPrice),
    packageDiscount: moneyOut(discount),
    packagePriceWithDiscount: moneyOut(price.minus(discount)),
    validityPeriod: pkg.validityPeriod,
    validityTypeId: pkg.validityTypeId,
    relevance: pkg.relevance,
    order: pkg.displayOrder,
    publicVisibility: pkg.publicVisibility,
    summaryHtml: pkg.summaryHtml ?? null,
    applyOffer: pkg.applyOffer,
    offerActive: offerInForce(offer, now),
    offerTypeCode: pkg.offerTypeCode,
    totalOffer: moneyOut(pkg.totalOffer),
    offerStartTime: pkg.offerStartTime.toISOString(),
    offerExpirationTime: pkg.offerExpirationTime.toISOString(),
    urlImageOffer: links.image ? offerImageUrl(pkg.id, links.image.sha256) : null,
    idstate: pkg.idstate,
    ...auditOf(pkg),
    version: pkg.version,
    serviceIds: links.services.map((s) => s.id).sort((a, b) => a - b),
    channelIds: links.channels.map((c) => c.id),
    customerIds: links.customerIds,
    features: links.features.map(toFeatureDto),
  };
}

/** The package as the old screens read it: the resource shape plus their nested lists. */
export function toCompatPackage(dto: PackageDto, links: PackageLinks, type: PackageTypeDto, customers: Map<number, CustomerSummary>): CompatPackage {
  return {
    ...dto,
    packageId: dto.id,
    packageType: type,
    packageWithDiscount: dto.packagePriceWithDiscount,
    discount: dto.packageDiscount,
    packageService: links.services.map((s) => ({ serviceId: s.id, serviceName: s.serviceName })),
    packageChannel: links.channels.map(toChannelDto),
    packageCustomer: links.customerIds.flatMap((id) => {
      const customer = customers.get(id);
      return customer ? [{ customerId: id, customer }] : [];
    }),
    itemsPackageFeatures: links.features.map(toCompatFeatureItem),
  };
}

type CompatPackageSave = components['schemas']['CompatPackageSave'];

/** The old save payload (PascalCase) as the resource fields, so one set of rules serves both. */
export function fromCompatSave(body: CompatPackageSave): components['schemas']['PackageCreate'] {
  return {
    packageCode: body.PackageCode,
    packageName: body.PackageName,
    packageTypeId: body.PackageTypeId,
    packageDescription: body.PackageDescription,
    packagePrice: body.PackagePrice,
    taxIva: body.TaxIva,
    validityPeriod: body.ValidityPeriod,
    validityTypeId: body.ValidityTypeId,
    relevance: body.Relevance,
    order: body.Order,
    publicVisibility: body.PublicVisibility,
    summaryHtml: body.SummaryHtml,
    applyOffer: body.ApplyOffer,
    offerTypeCode: body.OfferTypeCode,
    totalOffer: body.TotalOffer,
    offerStartTime: body.OfferStartTime,
    offerExpirationTime: body.OfferExpirationTime,
    idstate: body.Idstate,
    serviceIds: body.PackageServiceIdList,
    channelIds: body.PackageChannelIdList,
    customerIds: body.CustomerIdList ?? [],
    image: body.Image ? { fileName: body.Image.FileName, contentBase64: body.Image.ContentFileBase64 } : null,
  };
}
