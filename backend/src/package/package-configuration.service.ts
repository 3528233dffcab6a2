import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import { stampModified } from '../database/persistence.js';
import { ConflictError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { type FeatureOfService, ServiceFeatureService } from '../feature/service-feature.service.js';
import type { StorageType } from './package.entity.js';
import { toPackageDto } from './package.mapper.js';
import { PACKAGE_PRICING, type PackagePricing } from './package-pricing.js';
import { PackageRepository, type PackageView } from './package.repository.js';
import { checkQuantity, storageTypeFor } from './package.rules.js';
import { PackageService } from './package.service.js';

type PackageConfiguration = components['schemas']['PackageConfiguration'];
type CompatFeaturesSave = components['schemas']['CompatPackageFeaturesSave'];

export const FEATURES_SAVED_MESSAGE = 'Las características se han actualizado exitosamente';
export const FEATURE_NOT_IN_PACKAGE_MESSAGE = 'La característica no pertenece a los productos o servicios del paquete';
/** The configuration screen shows at most this many packages (a carousel of 2 per view). */
export const CONFIGURATION_PAGE = 100;

/** A feature wanted on a package, as a screen or partner sends it. */
export interface FeatureSelection {
  serviceFeatureId: number;
  quantity?: number | null;
  storageType?: StorageType | null;
}

/** What to change on one package: `selected` are added or updated, `removed` taken off. */
interface FeatureChange {
  packageId: number;
  version?: number;
  selected: FeatureSelection[];
  /** Features to take off; `'others'` takes off every feature not selected (a full replacement). */
  removed: number[] | 'others';
  field: string;
}

/** Which features, and how many of each, every package carries. */
@Injectable()
export class PackageConfigurationService {
  constructor(
    private readonly em: EntityManager,
    private readonly packages: PackageRepository,
    private readonly packageService: PackageService,
    private readonly features: ServiceFeatureService,
    @Inject(PACKAGE_PRICING) private readonly pricing: PackagePricing,
  ) {}

  /** Packages of a type (by name or code), with the features of their services. */
  async list(packageTypeId: components['schemas']['PackageTypeId'], search?: string | null): Promise<PackageConfiguration[]> {
    const filter = { packageTypeId, ...(search?.trim() ? { q: search.trim() } : {}) };
    const page = await this.packageService.pageOfViews({ offset: 0, limit: CONFIGURATION_PAGE, filter }, true);
    return this.build(page.items);
  }

  async get(packageId: number): Promise<PackageConfiguration> {
    const [configuration] = await this.build([await this.packageService.view(packageId)]);
    return configuration as PackageConfiguration;
  }

  /** Replaces the whole selection of a package (resource API). */
  async replace(packageId: number, selected: FeatureSelection[], actor: AuthUser, version?: number): Promise<PackageConfiguration> {
    await this.apply([{ packageId, version, selected, removed: 'others', field: 'features' }], actor);
    return this.get(packageId);
  }

  /** The old screen's save: per package, selected features are set and unselected ones removed. */
  async applyCompat(packages: CompatFeaturesSave[], actor: AuthUser): Promise<PackageConfiguration[]> {
    const changes = packages.map((p, i): FeatureChange => {
      const features = p.serviceList.flatMap((s) => s.features);
      return {
        packageId: p.packageId,
        version: p.version,
        selected: features.filter((f) => f.selected).map((f) => ({ serviceFeatureId: f.featureId, quantity: f.quantity, storageType: f.storageType })),
        removed: features.filter((f) => !f.selected).map((f) => f.featureId),
        field: `${i}.features`,
      };
    });
    await this.apply(changes, actor);
    const views = await this.packageService.pageOfViews({ offset: 0, limit: changes.length, filter: { id: changes.map((c) => c.packageId) } }, true);
    return this.build(views.items);
  }

  /**
   * Applies the changes of several packages in one transaction. Each feature must belong to a
   * service of its package; quantities are whole numbers 1 to 9999999; storage features carry MB
   * or GB. A package whose features change gets a new version (the features are part of it).
   */
  private async apply(changes: FeatureChange[], actor: AuthUser, now = new Date()): Promise<void> {
    await this.em.transactional(async () => {
      const violations = new RuleViolations();
      const plans: { view: PackageView; upserts: { serviceFeatureId: number; quantity: number; storageType: StorageType | null }[]; removals: number[] }[] = [];
      for (const change of changes) {
        const view = await this.packageService.view(change.packageId);
        if (change.version !== undefined && change.version !== view.pkg.version) throw new ConflictError();
        const catalogue = await this.catalogueOf(view);
        const current = new Map(view.links.features.map((f) => [f.serviceFeatureId, f]));
        const upserts = change.selected.flatMap((selection, i) => {
          const field = `${change.field}.${i}`;
          const feature = catalogue.get(selection.serviceFeatureId);
          if (!feature) {
            violations.add(`${field}.serviceFeatureId`, FEATURE_NOT_IN_PACKAGE_MESSAGE);
            return [];
          }
          const quantity = checkQuantity(selection.quantity, `${field}.quantity`, violations);
          const storageType = storageTypeFor(feature.isStorage, selection.storageType);
          const existing = current.get(feature.id);
          return existing && existing.quantity === quantity && existing.storageType === storageType
            ? []
            : [{ serviceFeatureId: feature.id, quantity, storageType }];
        });
        const keep = new Set(change.selected.map((s) => s.serviceFeatureId));
        const removals = [...current.keys()].filter((id) => (change.removed === 'others' ? !keep.has(id) : change.removed.includes(id) && !keep.has(id)));
        plans.push({ view, upserts, removals });
      }
      violations.throwIfAny();
      for (const { view, upserts, removals } of plans) {
        if (!upserts.length && !removals.length) continue;
        stampModified(view.pkg, actor.userId, now);
        await this.em.flush();
        await this.packages.upsertFeatures(view.pkg.id, upserts);
        await this.packages.removeFeatures(view.pkg.id, removals);
      }
    });
  }

  /** The features a package may carry: those of its services. */
  private async catalogueOf(view: PackageView): Promise<Map<number, FeatureOfService>> {
    const features = await this.features.ofServices(view.links.services.map((s) => s.id));
    return new Map(features.map((f) => [f.id, f]));
  }

  /** Each package's services with their active features (and any selected one), selected or not. */
  private async build(views: PackageView[]): Promise<PackageConfiguration[]> {
    const now = new Date();
    const features = await this.features.ofServices(views.flatMap((v) => v.links.services.map((s) => s.id)));
    return views.map((view) => {
      const prices = toPackageDto(view, this.pricing, now);
      const selected = new Map(view.links.features.map((f) => [f.serviceFeatureId, f]));
      return {
        packageId: view.pkg.id,
        packageCode: view.pkg.packageCode,
        packageName: view.pkg.packageName,
        packageTypeId: prices.packageTypeId,
        packagePrice: prices.packagePrice,
        packageDiscount: prices.packageDiscount,
        packageWithDiscount: prices.packagePriceWithDiscount,
        publicVisibility: view.pkg.publicVisibility,
        idstate: view.pkg.idstate,
        version: view.pkg.version,
        serviceList: view.links.services.map((service) => ({
          serviceId: service.id,
          serviceName: service.serviceName,
          appName: service.appName,
          features: features
            .filter((f) => f.serviceId === service.id && (f.idstate === 0 || selected.has(f.id)))
            .map((f) => {
              const chosen = selected.get(f.id);
              return {
                featureId: f.id,
                featureCode: f.serviceFeatureCode,
                featureName: f.featureDescription,
                featureTypeName: f.featureTypeName,
                featureCategoryType: f.categoryType,
                featureRelation: f.featureRelation,
                urlImageFeature: f.urlImageFeature,
                colorFeature: f.colorFeature,
                isStorage: f.isStorage,
                isunlimited: f.isunlimited,
                idstate: f.idstate,
                selected: !!chosen,
                quantity: chosen?.quantity ?? 0,
                storageType: chosen?.storageType ?? null,
                updated: false,
              };
            }),
        })),
      };
    });
  }
}
