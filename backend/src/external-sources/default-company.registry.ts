import { Injectable } from '@nestjs/common';
import { CustomerService } from '../customer/customer.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import type { CompanyRegistry, RegistryCompany, RegistryQuery } from './company-registry.js';

/**
 * The built-in registry: the product's own company with that NIT. It knows the legal name, the
 * NIT and its check digit; registration data (chamber, number, status, dates) belongs to a real
 * source, so it answers them null.
 */
@Injectable()
export class DefaultCompanyRegistry implements CompanyRegistry {
  constructor(
    private readonly customers: CustomerService,
    private readonly reference: ReferenceService,
  ) {}

  async find(query: RegistryQuery): Promise<RegistryCompany[]> {
    const nit = (await this.reference.documentTypes()).records.find((t) => t.documentTypeCode === 'NIT');
    const company = nit ? await this.customers.byDocument(nit.id, query.documentNumber) : null;
    if (!company) return [];
    const legalName = company.legalName ?? [company.firstName, company.lastName].filter(Boolean).join(' ');
    return [
      {
        source: 'interna',
        documentNumber: company.documentNumber,
        dv: company.dv ?? null,
        legalName,
        personType: company.personType,
        registryChamber: null,
        registrationNumber: null,
        status: null,
        registrationDate: null,
        renewalDate: null,
        lastRenewedYear: null,
        raw: query.rawInfo ? { razonSocial: legalName, nit: company.documentNumber, dv: company.dv ?? null } : null,
      },
    ];
  }
}
