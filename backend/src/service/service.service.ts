import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import { searchable } from '@licencias/common/format';
import type { AuthUser } from '../auth/auth-user.js';
import { auditOf } from '../database/audit.js';
import type { Page } from '../database/list-query.js';
import { stateMessages } from '../contract/compat-state.js';
import { CatalogueWriter } from '../database/catalogue-writer.js';
import { ConflictError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { ReadCache } from '../cache/read-cache.js';
import { ReferenceService } from '../reference/reference.service.js';
import type { Service, ServiceType } from './service.entity.js';
import { ServiceRepository, type ServiceListQuery } from './service.repository.js';

type ServiceDto = components['schemas']['Service'];
type ServiceTypeDto = components['schemas']['ServiceType'];
export type ServiceInput = components['schemas']['ServiceCreate'];

export const SERVICE_SAVED_MESSAGE = 'El producto o servicio se ha guardado exitosamente.';
export const SERVICE_STATE_MESSAGES = stateMessages(
  'Se ha activado el producto o servicio exitosamente.',
  'Se ha inactivado el producto o servicio exitosamente.',
);
const DUPLICATE_MESSAGE = 'Ya existe un producto o servicio con ese nombre.';

function toServiceTypeDto(type: ServiceType): ServiceTypeDto {
  return { id: type.id, serviceType1: type.name };
}

/** Products or services: the rules of their dialog and state toggle, for both API surfaces. */
/** A product as agreements see it (ServiceService.agreementProducts). */
export interface AgreementProduct {
  id: number;
  serviceName: string;
  serviceNameContract: string | null;
  requiresSupervision: boolean;
  isContractFullAccess: boolean;
  contractedServices: 'isComponentServices' | 'isComponentECD';
  deviceTypeIds: number[];
  active: boolean;
  appName: string | null;
}

@Injectable()
export class ServiceService {
  constructor(
    private readonly em: EntityManager,
    private readonly services: ServiceRepository,
    private readonly reference: ReferenceService,
    private readonly cache: ReadCache,
  ) {}

  private readonly writer = new CatalogueWriter(this.em, this.services, {
    notFound: 'El producto o servicio no existe',
    duplicate: { field: 'serviceName', message: DUPLICATE_MESSAGE },
  });

  async exists(id: number): Promise<boolean> {
    return (await this.services.findById(id)) !== null;
  }

  /** Service names by id, for the answers of other domains. */
  async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map((await this.services.findByIds(ids)).map((s) => [s.id, s.serviceName]));
  }

  async list(query: ServiceListQuery): Promise<Page<ServiceDto>> {
    const [page, types] = await Promise.all([this.services.list(query), this.typeMap()]);
    return { items: page.items.map((s) => this.toDto(s, types)), total: page.total };
  }

  /**
   * Every service, kept in ReadCache under 'storeCatalogue' (the `service` table's trigger drops it
   * on any write, on every instance): the store, My Plan and the dashboards find services by name
   * on every request. Callers share the list and must not change it.
   */
  all(): Promise<ServiceDto[]> {
    return this.cache.value('storeCatalogue', 'service-dtos', async () => {
      const [services, types] = await Promise.all([this.services.all(), this.typeMap()]);
      return services.map((s) => this.toDto(s, types));
    });
  }

  /** What agreements need of each product: its names, flags, the contracted-services form and ECD device types. */
  async agreementProducts(): Promise<AgreementProduct[]> {
    return (await this.services.all()).map((s) => ({
      id: s.id,
      serviceName: s.serviceName,
      serviceNameContract: s.serviceNameContract ?? null,
      requiresSupervision: s.requiresSupervision,
      isContractFullAccess: s.isContractFullAccess,
      contractedServices: s.contractedServices,
      deviceTypeIds: s.deviceTypeIds
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => Number.isInteger(id) && id > 0),
      active: s.idstate === 0,
      appName: s.appName ?? null,
    }));
  }

  /** The service by its name or its brand's, ignoring case and accents ('colnomina' finds 'Colnómina'); null when there is none. */
  async findByName(name: string): Promise<ServiceDto | null> {
    const wanted = searchable(name.trim());
    return (await this.all()).find((s) => searchable(s.serviceName) === wanted || (s.appName !== null && searchable(s.appName) === wanted)) ?? null;
  }

  async get(id: number): Promise<ServiceDto> {
    return this.toDto(await this.writer.require(id), await this.typeMap());
  }

  async types(): Promise<ServiceTypeDto[]> {
    return (await this.services.types()).map(toServiceTypeDto);
  }

  async create(input: ServiceInput, actor: AuthUser, now = new Date()): Promise<ServiceDto> {
    const service = await this.writer.create({ ...(await this.checked(input)), idstate: input.idstate }, actor.userId, now);
    return this.get(service.id);
  }

  async update(id: number, input: ServiceInput & { version?: number }, actor: AuthUser, now = new Date()): Promise<ServiceDto> {
    await this.writer.update(id, input.version, async () => ({ ...(await this.checked(input, id)), idstate: input.idstate }), actor.userId, now);
    return this.get(id);
  }

  async setState(id: number, idstate: 0 | 1, actor: AuthUser, version?: number, now = new Date()): Promise<ServiceDto> {
    await this.writer.setState(id, idstate, actor.userId, version, now);
    return this.get(id);
  }

  /** The fields to store, once the rules that need the database hold. */
  private async checked(input: ServiceInput, exceptId?: number) {
    const serviceName = input.serviceName.trim();
    const violations = new RuleViolations();
    if (!serviceName) violations.add('serviceName', 'Campo obligatorio');
    const types = await this.typeMap();
    if (!types.has(input.serviceTypeId)) violations.add('serviceTypeId', 'El tipo de producto o servicio no existe.');
    if (input.appName && !(await this.reference.brandExists(input.appName))) violations.add('appName', 'La marca no existe.');
    violations.throwIfAny();
    if (await this.services.nameTaken(serviceName, exceptId))
      throw new ConflictError(DUPLICATE_MESSAGE, [{ field: 'serviceName', description: DUPLICATE_MESSAGE }]);
    return {
      serviceTypeId: input.serviceTypeId,
      serviceName,
      descriptionService: input.descriptionService?.trim() || null,
      serviceNameContract: input.serviceNameContract?.trim() || null,
      requiresSupervision: input.requiresSupervision ?? false,
      isContractFullAccess: input.isContractFullAccess ?? false,
      addManualLicense: input.addManualLicense ?? false,
      appName: input.appName ? input.appName.toLowerCase() : null,
    };
  }

  private async typeMap(): Promise<Map<number, ServiceType>> {
    return new Map((await this.services.types()).map((t) => [t.id, t]));
  }

  private toDto(s: Service, types: Map<number, ServiceType>): ServiceDto {
    const type = types.get(s.serviceTypeId);
    return {
      id: s.id,
      serviceTypeId: s.serviceTypeId,
      serviceType: type ? toServiceTypeDto(type) : { id: s.serviceTypeId, serviceType1: '' },
      serviceName: s.serviceName,
      descriptionService: s.descriptionService ?? null,
      serviceNameContract: s.serviceNameContract ?? null,
      requiresSupervision: s.requiresSupervision,
      isContractFullAccess: s.isContractFullAccess,
      addManualLicense: s.addManualLicense,
      appName: s.appName ?? null,
      idstate: s.idstate,
      ...auditOf(s),
      version: s.version,
    };
  }
}
