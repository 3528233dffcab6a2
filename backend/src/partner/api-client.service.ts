import { randomBytes, randomUUID } from 'node:crypto';
import type { components } from '@licencias/common/schema';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { PartnerClientState } from '../auth/partner-client-state.js';
import type { Page } from '../database/list-query.js';
import { BusinessRuleError, NotFoundError } from '../errors/errors.js';
import { PasswordService } from '../identity/password.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import type { ApiClient } from './api-client.entity.js';
import { ApiClientRepository, type ApiClientListQuery } from './api-client.repository.js';

type ApiClientDto = components['schemas']['ApiClient'];
type ApiClientCreated = components['schemas']['ApiClientCreated'];
type ApiClientCreate = components['schemas']['ApiClientCreate'];

export const UNKNOWN_BRAND_MESSAGE = 'La marca no existe';

function toDto(c: ApiClient): ApiClientDto {
  return {
    id: c.id,
    clientId: c.clientId,
    name: c.name,
    appName: c.appName,
    privileges: [...c.privileges],
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy ?? null,
    revokedAt: c.revokedAt?.toISOString() ?? null,
    revokedBy: c.revokedBy ?? null,
  };
}

/** API clients of partners: created with a secret shown once, revoked for good. */
@Injectable()
export class ApiClientService extends PartnerClientState {
  constructor(
    private readonly clients: ApiClientRepository,
    private readonly passwords: PasswordService,
    private readonly reference: ReferenceService,
  ) {
    super();
  }

  async list(query: ApiClientListQuery): Promise<Page<ApiClientDto>> {
    const page = await this.clients.list(query);
    return { items: page.items.map(toDto), total: page.total };
  }

  async get(id: string): Promise<ApiClientDto> {
    return toDto(await this.require(id));
  }

  async create(input: ApiClientCreate, actor: AuthUser): Promise<ApiClientCreated> {
    if (!(await this.reference.brandExists(input.appName))) {
      throw new BusinessRuleError(UNKNOWN_BRAND_MESSAGE, [{ field: 'appName', description: UNKNOWN_BRAND_MESSAGE }]);
    }
    // 256 random bits: a secret nobody guesses, so the token endpoint needs no throttle of its own.
    const clientSecret = randomBytes(32).toString('base64url');
    const client = await this.clients.create({
      id: randomUUID(),
      clientId: `${input.appName.toLowerCase()}-${randomBytes(8).toString('hex')}`,
      name: input.name.trim(),
      appName: input.appName,
      privileges: [...new Set(input.privileges)].sort(),
      secretHash: await this.passwords.hash(clientSecret),
      createdAt: new Date(),
      createdBy: actor.username,
      revokedAt: null,
      revokedBy: null,
    });
    return { ...toDto(client), clientSecret };
  }

  async revoke(id: string, actor: AuthUser): Promise<ApiClientDto> {
    const client = await this.require(id);
    await this.clients.revoke(client, actor.username);
    return toDto(client);
  }

  isActive(apiClientId: string): Promise<boolean> {
    return this.clients.isActive(apiClientId);
  }

  private async require(id: string): Promise<ApiClient> {
    const client = await this.clients.findById(id);
    if (!client) throw new NotFoundError('El cliente API no existe');
    return client;
  }
}
