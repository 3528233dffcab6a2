import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { pageTotal } from '../database/paging.js';
import { Customer } from './customer.entity.js';

export const CUSTOMER_SORTABLE = ['id', 'documentNumber', 'legalName', 'firstName', 'lastName', 'createdAt'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORTABLE)[number];

const FILTERS = {
  q: filterRules.search(),
  id: filterRules.ids(),
  personType: filterRules.oneOf('personType', ['J', 'N']),
  documentTypeId: filterRules.ids('documentTypeId'),
  documentNumber: filterRules.equals('documentNumber', 15),
};

@Injectable()
export class CustomerRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of customers (counted only when full); the text search uses the trigram index of `search_text`. */
  async list(query: ListQuery<CustomerSortField>): Promise<Page<Customer>> {
    const where = whereOf(query.filter, FILTERS);
    const items = await this.em.find(Customer, where, {
      orderBy: { [query.sort?.field ?? 'id']: (query.sort?.order ?? 'ASC').toLowerCase(), id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total: await pageTotal(items.length, query.offset, query.limit, () => this.em.count(Customer, where)) };
  }

  findByIds(ids: readonly number[]): Promise<Customer[]> {
    return ids.length ? this.em.find(Customer, { id: { $in: [...ids] } }, { orderBy: { id: 'asc' } }) : Promise.resolve([]);
  }
}
