import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import { auditOf } from '../database/audit.js';
import type { Page } from '../database/list-query.js';
import { stateMessages } from '../contract/compat-state.js';
import { CatalogueWriter } from '../database/catalogue-writer.js';
import { BusinessRuleError, ConflictError } from '../errors/errors.js';
import { CATEGORY_TYPE_NAMES, type FeatureType } from './feature-type.entity.js';
import { FeatureTypeRepository, type FeatureTypeListQuery } from './feature-type.repository.js';

type FeatureTypeDto = components['schemas']['FeatureType'];
export type FeatureTypeInput = components['schemas']['FeatureTypeCreate'];

export const FEATURE_TYPE_SAVED_MESSAGE = 'La característica se ha guardado exitosamente.';
export const FEATURE_TYPE_STATE_MESSAGES = stateMessages('Se ha activado la característica exitosamente.', 'Se ha inactivado la característica exitosamente.');
const DUPLICATE_MESSAGE = 'Ya existe un tipo de característica con ese nombre.';

export function toFeatureTypeDto(t: FeatureType): FeatureTypeDto {
  return {
    id: t.id,
    featureTypeName: t.featureTypeName,
    categoryType: t.categoryType,
    categoryTypeName: CATEGORY_TYPE_NAMES[t.categoryType],
    idstate: t.idstate,
    ...auditOf(t),
    version: t.version,
  };
}

/** Feature types: the rules of their dialog and state toggle, for both API surfaces. */
@Injectable()
export class FeatureTypeService {
  constructor(
    private readonly em: EntityManager,
    private readonly featureTypes: FeatureTypeRepository,
  ) {}

  private readonly writer = new CatalogueWriter(this.em, this.featureTypes, {
    notFound: 'El tipo de característica no existe',
    duplicate: { field: 'featureTypeName', message: DUPLICATE_MESSAGE },
  });

  async list(query: FeatureTypeListQuery): Promise<Page<FeatureTypeDto>> {
    const page = await this.featureTypes.list(query);
    return { items: page.items.map(toFeatureTypeDto), total: page.total };
  }

  async all(activeOnly = false): Promise<FeatureTypeDto[]> {
    return (await this.featureTypes.all(activeOnly)).map(toFeatureTypeDto);
  }

  async get(id: number): Promise<FeatureTypeDto> {
    return toFeatureTypeDto(await this.writer.require(id));
  }

  async create(input: FeatureTypeInput, actor: AuthUser, now = new Date()): Promise<FeatureTypeDto> {
    const fields = { featureTypeName: await this.checkedName(input.featureTypeName), categoryType: input.categoryType, idstate: input.idstate };
    return toFeatureTypeDto(await this.writer.create(fields, actor.userId, now));
  }

  async update(id: number, input: FeatureTypeInput & { version?: number }, actor: AuthUser, now = new Date()): Promise<FeatureTypeDto> {
    const checked = async () => ({
      featureTypeName: await this.checkedName(input.featureTypeName, id),
      categoryType: input.categoryType,
      idstate: input.idstate,
    });
    return toFeatureTypeDto(await this.writer.update(id, input.version, checked, actor.userId, now));
  }

  async setState(id: number, idstate: 0 | 1, actor: AuthUser, version?: number, now = new Date()): Promise<FeatureTypeDto> {
    return toFeatureTypeDto(await this.writer.setState(id, idstate, actor.userId, version, now));
  }

  private async checkedName(name: string, exceptId?: number): Promise<string> {
    const featureTypeName = name.trim();
    if (!featureTypeName) throw new BusinessRuleError('Campo obligatorio', [{ field: 'featureTypeName', description: 'Campo obligatorio' }]);
    if (await this.featureTypes.nameTaken(featureTypeName, exceptId)) {
      throw new ConflictError(DUPLICATE_MESSAGE, [{ field: 'featureTypeName', description: DUPLICATE_MESSAGE }]);
    }
    return featureTypeName;
  }
}
