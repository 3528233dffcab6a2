import type { components } from '@licencias/common/schema';
import { Injectable } from '@nestjs/common';
import type { RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { pageTotal } from '../database/paging.js';
import { Customer } from './customer.entity.js';

export type CustomerFilter = components['schemas']['CustomerFilter'];
/** A list request for Customer records: the sort fields and filters the contract declares. */
export type CustomerListQuery = ListQuery<components['schemas']['CustomerSort'][0], CustomerFilter>;

const FILTERS: FilterRules<CustomerFilter> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  personType: filterRules.oneOf('personType', ['J', 'N']),
  documentTypeId: filterRules.ids('documentTypeId'),
  documentNumber: filterRules.equals('documentNumber', 15),
};

export type CustomerSummaryRow = Pick<
  Customer,
  'id' | 'personType' | 'documentTypeId' | 'documentNumber' | 'dv' | 'legalName' | 'firstName' | 'lastName' | 'email'
>;

@Injectable()
export class CustomerRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of customers (counted only when full); the text search uses the trigram index of `search_text`. */
  async list(query: CustomerListQuery): Promise<Page<Customer>> {
    const where = whereOf(query.filter, FILTERS);
    const items = await this.em.find(Customer, where, {
      orderBy: { [query.sort?.field ?? 'id']: (query.sort?.order ?? 'ASC').toLowerCase(), id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total: await pageTotal(items.length, query.offset, query.limit, () => this.em.count(Customer, where)) };
  }

  findById(id: number): Promise<Customer | null> {
    return this.em.findOne(Customer, { id });
  }

  findByDocument(documentTypeId: number, documentNumber: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { documentTypeId, documentNumber });
  }

  /** The columns of the tax profile, read in `em`. */
  taxProfileRow(
    em: EntityManager,
    id: number,
  ): Promise<Pick<Customer, 'personType' | 'largeTaxpayer' | 'ivaWithholdingAgent' | 'icaWithholdingAgent' | 'cityId'> | null> {
    return em.findOne(
      Customer,
      { id },
      { fields: ['personType', 'largeTaxpayer', 'ivaWithholdingAgent', 'icaWithholdingAgent', 'cityId'], disableIdentityMap: true },
    );
  }

  create(data: RequiredEntityData<Customer>): Customer {
    return this.em.create(Customer, data);
  }

  /** The columns of a summary only, read without the identity map (lists that name customers). */
  async summaryRows(ids: readonly number[]): Promise<CustomerSummaryRow[]> {
    if (!ids.length) return [];
    // Plain rows for lists that name companies: hydrating entities was most of the package list's ORM time.
    return this.em.execute<CustomerSummaryRow[]>(
      `select id, person_type as "personType", document_type_id as "documentTypeId", document_number as "documentNumber", dv,
              legal_name as "legalName", first_name as "firstName", last_name as "lastName", email
         from customer where id in (${ids.map(() => '?').join(', ')}) order by id`,
      [...ids],
    );
  }
}
