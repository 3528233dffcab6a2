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

/** The columns a customer made from a purchase's activation data is inserted with. */
export type NewCustomerRow = Pick<
  Customer,
  | 'personType'
  | 'documentTypeId'
  | 'documentNumber'
  | 'dv'
  | 'legalName'
  | 'firstName'
  | 'lastName'
  | 'fulladdress'
  | 'addressAdditionalInformation'
  | 'addressLatGeocode'
  | 'addressLngGeocode'
  | 'departmentId'
  | 'cityId'
  | 'cellphoneNumber'
  | 'email'
  | 'legalDocumentTypeId'
  | 'legalDocumentNumber'
  | 'legalFirstName'
  | 'legalLastName'
> & { createdBy: string };

/** What a company's card shows (CustomerRepository.cardRow). */
export type CustomerCardRow = Pick<
  Customer,
  'id' | 'personType' | 'documentTypeId' | 'documentNumber' | 'legalName' | 'firstName' | 'lastName' | 'email' | 'cellphoneNumber'
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

  /**
   * The columns of a company's card as a plain row, by id or by document (no entity: the
   * dashboards read it on every request, and hydrating the whole entity cost more than the query).
   */
  async cardRow(by: { id: number } | { documentTypeId: number; documentNumber: string }): Promise<CustomerCardRow | null> {
    const [where, params] = 'id' in by ? ['id = ?', [by.id]] : ['document_type_id = ? and document_number = ?', [by.documentTypeId, by.documentNumber]];
    const [row] = await this.em.execute<CustomerCardRow[]>(
      `select id, person_type as "personType", document_type_id as "documentTypeId", document_number as "documentNumber",
              legal_name as "legalName", first_name as "firstName", last_name as "lastName", email, cellphone_number as "cellphoneNumber"
         from customer where ${where}`,
      params,
    );
    return row ?? null;
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

  /**
   * Inserts the customer unless one with its document exists (the unique index decides between
   * concurrent inserts: the loser waits for the winner and reads its row). Answers the id.
   */
  async insertIfAbsent(data: NewCustomerRow): Promise<number> {
    const [inserted] = await this.em.execute<{ id: number }[]>(
      `insert into customer (person_type, document_type_id, document_number, dv, legal_name, first_name, last_name, fulladdress,
         address_additional_information, address_lat_geocode, address_lng_geocode, department_id, city_id, cellphone_number, email,
         legal_document_type_id, legal_document_number, legal_first_name, legal_last_name, large_taxpayer, iva_withholding_agent,
         ica_withholding_agent, created_by, created_at, modified_by, updated_at, version)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, false, false, ?, now(), ?, now(), 1)
       on conflict (document_type_id, document_number) do nothing returning id`,
      [
        data.personType,
        data.documentTypeId,
        data.documentNumber,
        data.dv,
        data.legalName,
        data.firstName,
        data.lastName,
        data.fulladdress,
        data.addressAdditionalInformation,
        data.addressLatGeocode,
        data.addressLngGeocode,
        data.departmentId,
        data.cityId,
        data.cellphoneNumber,
        data.email,
        data.legalDocumentTypeId,
        data.legalDocumentNumber,
        data.legalFirstName,
        data.legalLastName,
        data.createdBy,
        data.createdBy,
      ],
    );
    if (inserted) return Number(inserted.id);
    const [existing] = await this.em.execute<{ id: number }[]>(`select id from customer where document_type_id = ? and document_number = ?`, [
      data.documentTypeId,
      data.documentNumber,
    ]);
    return Number(existing?.id);
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
