import { Injectable } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import type { Page } from '../database/list-query.js';
import { customerName } from './customer.entity.js';
import { CustomerRepository, type CustomerListQuery, type CustomerSummaryRow } from './customer.repository.js';

export type CustomerSummary = components['schemas']['CustomerSummary'];

export function toCustomerSummary(c: CustomerSummaryRow): CustomerSummary {
  return {
    id: c.id,
    customerId: c.id,
    personType: c.personType,
    documentTypeId: c.documentTypeId,
    documentNumber: c.documentNumber,
    dv: c.dv ?? null,
    name: customerName(c),
    legalName: c.legalName ?? null,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    email: c.email ?? null,
  };
}

/** Customers as the catalogue sees them: pickers and the customers of private packages. */
@Injectable()
export class CustomerService {
  constructor(private readonly customers: CustomerRepository) {}

  async list(query: CustomerListQuery): Promise<Page<CustomerSummary>> {
    const page = await this.customers.list(query);
    return { items: page.items.map(toCustomerSummary), total: page.total };
  }

  async summaries(ids: readonly number[]): Promise<CustomerSummary[]> {
    return (await this.customers.summaryRows(ids)).map(toCustomerSummary);
  }
}
