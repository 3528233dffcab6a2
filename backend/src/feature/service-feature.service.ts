import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import { ReadCache } from '../cache/read-cache.js';
import { auditOf } from '../database/audit.js';
import type { Page } from '../database/list-query.js';
import { stateMessages } from '../contract/compat-state.js';
import { CatalogueWriter } from '../database/catalogue-writer.js';
import { ConflictError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { ServiceService } from '../service/service.service.js';
import { type FeatureType, isStorageFeatureType } from './feature-type.entity.js';
import { FeatureTypeRepository } from './feature-type.repository.js';
import type { ServiceFeature } from './service-feature.entity.js';
import { ServiceFeatureRepository, type ServiceFeatureListQuery } from './service-feature.repository.js';

type ServiceFeatureDto = components['schemas']['ServiceFeature'];
export type ServiceFeatureInput = components['schemas']['ServiceFeatureCreate'];

export const SERVICE_FEATURE_SAVED_MESSAGE = 'La característica del servicio se ha guardado exitosamente.';
export const SERVICE_FEATURE_STATE_MESSAGES = stateMessages(
  'Se ha activado la característica del servicio exitosamente.',
  'Se ha inactivado la característica del servicio exitosamente.',
);
const DUPLICATE_MESSAGE = 'Ya existe una característica del servicio con ese código.';
export const PARENT_MESSAGE = 'La característica relacionada debe ser una característica principal del mismo servicio.';
export const PARENT_WITH_CHILDREN_MESSAGE = 'Una característica de la que dependen otras no puede depender de otra.';

/** What a feature's answer needs besides its own row. */
interface Related {
  serviceNames: Map<number, string>;
  types: Map<number, FeatureType>;
  parents: Map<number, ServiceFeature>;
}

/** A feature of a service with what the package screens need of its type. */
export interface FeatureOfService {
  id: number;
  serviceId: number;
  serviceFeatureCode: string;
  featureDescription: string;
  featureRelation: number | null;
  urlImageFeature: string | null;
  colorFeature: string | null;
  isunlimited: boolean;
  idstate: 0 | 1;
  featureTypeName: string;
  categoryType: FeatureType['categoryType'];
  /** Storage features carry MB or GB. */
  isStorage: boolean;
}

/** Service features: the rules of their dialog and state toggle, for both API surfaces. */
@Injectable()
export class ServiceFeatureService {
  constructor(
    private readonly em: EntityManager,
    private readonly features: ServiceFeatureRepository,
    private readonly featureTypes: FeatureTypeRepository,
    private readonly services: ServiceService,
    private readonly cache: ReadCache,
  ) {}

  private readonly writer = new CatalogueWriter(this.em, this.features, {
    notFound: 'La característica del servicio no existe',
    duplicate: { field: 'serviceFeatureCode', message: DUPLICATE_MESSAGE },
  });

  async list(query: ServiceFeatureListQuery): Promise<Page<ServiceFeatureDto>> {
    const page = await this.features.list(query);
    return { items: await this.toDtos(page.items), total: page.total };
  }

  /**
   * `ofServices` for reads that run on every request (the dashboards, My Plan, licence labels):
   * each service's list kept in ReadCache under 'storeCatalogue', dropped on every instance by the
   * `service_feature` and `feature_type` triggers. Callers share the lists and must not change them.
   */
  async described(serviceIds: readonly number[]): Promise<readonly FeatureOfService[]> {
    const lists = await Promise.all(
      [...new Set(serviceIds)].map((id) => this.cache.value('storeCatalogue', `features-of-service:${id}`, () => this.ofServices([id]))),
    );
    return lists.length === 1 ? lists[0]! : lists.flat();
  }

  /** Every feature of the services (active or not), by service and code, with its type, read now. */
  async ofServices(serviceIds: readonly number[]): Promise<FeatureOfService[]> {
    const features = await this.features.ofServices([...new Set(serviceIds)]);
    const types = new Map((await this.featureTypes.findByIds([...new Set(features.map((f) => f.featureTypeId))])).map((t) => [t.id, t]));
    return features.map((f) => {
      const type = types.get(f.featureTypeId);
      return {
        id: f.id,
        serviceId: f.serviceId,
        serviceFeatureCode: f.serviceFeatureCode,
        featureDescription: f.featureDescription,
        featureRelation: f.featureRelation ?? null,
        urlImageFeature: f.urlImageFeature ?? null,
        colorFeature: f.colorFeature ?? null,
        isunlimited: f.isunlimited,
        idstate: f.idstate,
        featureTypeName: type?.featureTypeName ?? '',
        categoryType: type?.categoryType ?? 'F',
        isStorage: isStorageFeatureType(type?.featureTypeName ?? ''),
      };
    });
  }

  async get(id: number): Promise<ServiceFeatureDto> {
    const [dto] = await this.toDtos([await this.writer.require(id)]);
    return dto as ServiceFeatureDto;
  }

  async create(input: ServiceFeatureInput, actor: AuthUser, now = new Date()): Promise<ServiceFeatureDto> {
    const created = await this.writer.create({ ...(await this.checked(input)), idstate: input.idstate }, actor.userId, now);
    return this.get(created.id);
  }

  async update(id: number, input: ServiceFeatureInput & { version?: number }, actor: AuthUser, now = new Date()): Promise<ServiceFeatureDto> {
    const checked = async (feature: ServiceFeature) => ({ ...(await this.checked(input, feature)), idstate: input.idstate });
    await this.writer.update(id, input.version, checked, actor.userId, now);
    return this.get(id);
  }

  async setState(id: number, idstate: 0 | 1, actor: AuthUser, version?: number, now = new Date()): Promise<ServiceFeatureDto> {
    await this.writer.setState(id, idstate, actor.userId, version, now);
    return this.get(id);
  }

  /**
   * The fields to store once the rules hold: the service and type exist, the code is free, and a
   * related feature is a principal feature of the same service (one level only).
   */
  private async checked(input: ServiceFeatureInput, current?: ServiceFeature) {
    const serviceFeatureCode = input.serviceFeatureCode.trim();
    const featureDescription = input.featureDescription.trim();
    const violations = new RuleViolations();
    if (!featureDescription) violations.add('featureDescription', 'Campo obligatorio');
    if (!(await this.services.exists(input.serviceId))) violations.add('serviceId', 'El producto o servicio no existe.');
    if (!(await this.featureTypes.findById(input.featureTypeId))) violations.add('featureTypeId', 'El tipo de característica no existe.');
    const parentId = input.featureRelation ?? null;
    if (parentId !== null) {
      const parent = await this.features.findById(parentId);
      if (!parent || parent.id === current?.id || parent.serviceId !== input.serviceId || parent.featureRelation !== null) {
        violations.add('featureRelation', PARENT_MESSAGE);
      } else if (current && (await this.features.hasChildren(current.id))) {
        violations.add('featureRelation', PARENT_WITH_CHILDREN_MESSAGE);
      }
    }
    violations.throwIfAny();
    if (await this.features.codeTaken(serviceFeatureCode, current?.id)) {
      throw new ConflictError(DUPLICATE_MESSAGE, [{ field: 'serviceFeatureCode', description: DUPLICATE_MESSAGE }]);
    }
    return {
      serviceId: input.serviceId,
      serviceFeatureCode,
      featureDescription,
      featureTypeId: input.featureTypeId,
      featureRelation: parentId,
      featureAlias: input.featureAlias?.trim() || null,
      urlImageFeature: input.urlImageFeature?.trim() || null,
      colorFeature: input.colorFeature?.trim() || null,
      isunlimited: input.isunlimited ?? false,
    };
  }

  private async related(features: ServiceFeature[]): Promise<Related> {
    const unique = (ids: (number | null | undefined)[]) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
    const [serviceNames, types, parents] = await Promise.all([
      this.services.namesOf(unique(features.map((f) => f.serviceId))),
      this.featureTypes.findByIds(unique(features.map((f) => f.featureTypeId))),
      this.features.findByIds(unique(features.map((f) => f.featureRelation))),
    ]);
    return {
      serviceNames,
      types: new Map(types.map((t) => [t.id, t])),
      parents: new Map(parents.map((p) => [p.id, p])),
    };
  }

  private async toDtos(features: ServiceFeature[]): Promise<ServiceFeatureDto[]> {
    const { serviceNames, types, parents } = await this.related(features);
    return features.map((f) => {
      const type = types.get(f.featureTypeId);
      const parent = f.featureRelation ? parents.get(f.featureRelation) : undefined;
      return {
        id: f.id,
        serviceId: f.serviceId,
        serviceTypeId: f.serviceId,
        serviceName: serviceNames.get(f.serviceId) ?? '',
        serviceFeatureCode: f.serviceFeatureCode,
        featureDescription: f.featureDescription,
        serviceFeatureDescription: f.featureDescription,
        featureTypeId: f.featureTypeId,
        featureTypeName: type?.featureTypeName ?? '',
        featureCategoryType: type?.categoryType ?? 'F',
        featureRelation: f.featureRelation ?? null,
        featureRelationName: parent?.featureDescription ?? null,
        featureAlias: f.featureAlias ?? null,
        urlImageFeature: f.urlImageFeature ?? null,
        colorFeature: f.colorFeature ?? null,
        isunlimited: f.isunlimited,
        idstate: f.idstate,
        ...auditOf(f),
        version: f.version,
      };
    });
  }
}
