import type { components } from '@licencias/common/schema';
import type { RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { type FilterRule, type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { ApiClient } from './api-client.entity.js';

type ApiClientFilter = components['schemas']['ApiClientFilter'];
export type ApiClientListQuery = ListQuery<components['schemas']['ApiClientSort'][0], ApiClientFilter>;

const revoked: FilterRule = (value, field) => {
  const only = filterRules.boolean('revoked')(value, field).revoked;
  return { revokedAt: only ? { $ne: null } : null };
};

const FILTERS: FilterRules<ApiClientFilter> = {
  q: filterRules.search(),
  // The contract has checked each id is a uuid.
  id: (value) => ({ id: { $in: value } }),
  appName: filterRules.equals('appName', 40),
  revoked,
};

@Injectable()
export class ApiClientRepository {
  constructor(private readonly em: EntityManager) {}

  async list(query: ApiClientListQuery): Promise<Page<ApiClient>> {
    const [items, total] = await this.em.findAndCount(ApiClient, whereOf(query.filter, FILTERS), {
      orderBy: query.sort ? { [query.sort.field]: query.sort.order.toLowerCase(), id: 'asc' } : { createdAt: 'desc', id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  findById(id: string): Promise<ApiClient | null> {
    return this.em.findOne(ApiClient, { id });
  }

  findByClientId(clientId: string): Promise<ApiClient | null> {
    return this.em.findOne(ApiClient, { clientId });
  }

  /** Whether the client may still act: one indexed read per partner request, so revocation is immediate. */
  async isActive(id: string): Promise<boolean> {
    const rows = await this.em.getConnection().execute<unknown[]>('select 1 from api_client where id = ? and revoked_at is null', [id]);
    return rows.length > 0;
  }

  async create(data: RequiredEntityData<ApiClient>): Promise<ApiClient> {
    const client = this.em.create(ApiClient, data);
    await this.em.flush();
    return client;
  }

  async revoke(client: ApiClient, by: string): Promise<void> {
    if (client.revokedAt) return;
    client.revokedAt = new Date();
    client.revokedBy = by;
    await this.em.flush();
  }
}
