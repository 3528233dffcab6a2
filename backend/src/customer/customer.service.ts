import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import { bogotaDay, endOfBogotaDay, startOfBogotaDay } from '@licencias/common/dates';
import { companyCheckDigit, companyProblems, normalizeDocumentNumber } from '@licencias/common/rules';
import { type AuthUser, hasAnyPrivilege } from '../auth/auth-user.js';
import type { Page } from '../database/list-query.js';
import { applyChanges, flushUnique, requireVersion } from '../database/persistence.js';
import { ConflictError, ForbiddenError, InvalidRequestError, NotFoundError } from '../errors/errors.js';
import { REQUIRED_MESSAGE } from '../errors/messages.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { ReferenceService } from '../reference/reference.service.js';
import type { TaxProfile } from '../tax/tax.types.js';
import { type Customer, customerName } from './customer.entity.js';
import { CustomerRepository, type CustomerListQuery, type CustomerSummaryRow, type NewCustomerRow } from './customer.repository.js';

/** What the dashboards' customer card shows of a company (CustomerService.card). */
export interface CustomerCard {
  id: number;
  personType: 'J' | 'N';
  documentTypeId: number;
  documentNumber: string;
  customerName: string;
  email: string | null;
  cellphoneNumber: string | null;
}

export type CustomerSummary = components['schemas']['CustomerSummary'];
export type CustomerDto = components['schemas']['Customer'];
export type CustomerInput = components['schemas']['CustomerFields'];
type CustomerUpdateInput = components['schemas']['CustomerUpdate'];
type PurchaseCustomer = components['schemas']['PurchaseCustomer'];

export const CUSTOMER_NOT_SAVED_MESSAGE = '¡La empresa NO fue guardada!';
export const CUSTOMER_CREATED_MESSAGE = '¡La empresa fue creada con éxito!';
export const CUSTOMER_UPDATED_MESSAGE = '¡La empresa fue actualizada con éxito!';
const CITY_OF_DEPARTMENT_MESSAGE = 'La ciudad no pertenece al departamento.';
const NOT_FOUND_MESSAGE = 'La empresa no existe';

function duplicate(): ConflictError {
  const message = 'Ya existe una empresa con ese tipo y número de documento.';
  return new ConflictError(message, [{ field: 'documentNumber', description: message }]);
}

/** Staff with the licences screen read every company; a customer user only its own. */
function requireReader(actor: AuthUser, customerId: number): void {
  if (!hasAnyPrivilege(actor, ['LICENSES']) && actor.customerId !== String(customerId)) throw new ForbiddenError();
}

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

function toDto(c: Customer): CustomerDto {
  const legalRepresentative = [c.legalFirstName, c.legalLastName].filter(Boolean).join(' ');
  return {
    ...toCustomerSummary(c),
    customerName: customerName(c),
    fulladdress: c.fulladdress ?? null,
    addressAdditionalInformation: c.addressAdditionalInformation ?? null,
    addressLatGeocode: c.addressLatGeocode == null ? null : Number(c.addressLatGeocode),
    addressLngGeocode: c.addressLngGeocode == null ? null : Number(c.addressLngGeocode),
    departmentId: c.departmentId ?? null,
    cityId: c.cityId ?? null,
    cellphoneNumber: c.cellphoneNumber ?? null,
    email: c.email ?? null,
    legalDocumentTypeId: c.legalDocumentTypeId ?? null,
    legalDocumentNumber: c.legalDocumentNumber ?? null,
    legalFirstName: c.legalFirstName ?? null,
    legalLastName: c.legalLastName ?? null,
    legalRepresentativeName: legalRepresentative || null,
    linkToApp: c.linkToApp ?? null,
    contractStartDate: c.contractStartDate ? bogotaDay(c.contractStartDate) : null,
    contractEndDate: c.contractEndDate ? bogotaDay(c.contractEndDate) : null,
    largeTaxpayer: c.largeTaxpayer,
    ivaWithholdingAgent: c.ivaWithholdingAgent,
    icaWithholdingAgent: c.icaWithholdingAgent,
    createdby: c.createdBy ?? null,
    createdon: c.createdAt.toISOString(),
    modifiedby: c.modifiedBy ?? null,
    modifiedon: c.updatedAt.toISOString(),
    version: c.version,
  };
}

const text = (value: string | null | undefined) => value?.trim() || null;
const coordinate = (value: number | null | undefined) => (value == null ? null : value.toFixed(7));

/** The company's own fields as both the company form and a purchase's activation data send them. */
type CompanySource = Pick<PurchaseCustomer, Exclude<keyof NewCustomerRow, 'personType' | 'documentTypeId' | 'documentNumber' | 'dv' | 'createdBy'>>;

/**
 * The stored company fields of both ways a company is made (the form's save and a purchase's
 * activation data): texts trimmed (null when blank), the server's own check digit, a person's names
 * or a company's name and legal representative as its type says, the others null.
 */
function companyFields(personType: 'J' | 'N', documentTypeId: number, documentNumber: string, source: CompanySource): Omit<NewCustomerRow, 'createdBy'> {
  const legal = personType === 'J';
  return {
    personType,
    documentTypeId,
    documentNumber,
    dv: companyCheckDigit(documentTypeId, documentNumber),
    legalName: legal ? text(source.legalName) : null,
    firstName: legal ? null : text(source.firstName),
    lastName: legal ? null : text(source.lastName),
    fulladdress: text(source.fulladdress),
    addressAdditionalInformation: text(source.addressAdditionalInformation),
    addressLatGeocode: coordinate(source.addressLatGeocode),
    addressLngGeocode: coordinate(source.addressLngGeocode),
    departmentId: source.departmentId ?? null,
    cityId: source.cityId ?? null,
    cellphoneNumber: text(source.cellphoneNumber),
    email: text(source.email),
    legalDocumentTypeId: legal ? (source.legalDocumentTypeId ?? null) : null,
    legalDocumentNumber: legal ? normalizeDocumentNumber(source.legalDocumentNumber) : null,
    legalFirstName: legal ? text(source.legalFirstName) : null,
    legalLastName: legal ? text(source.legalLastName) : null,
  };
}

/** Customers (companies and people): the company form's rules, lookups and the pickers' lists. */
@Injectable()
export class CustomerService {
  constructor(
    private readonly em: EntityManager,
    private readonly customers: CustomerRepository,
    private readonly reference: ReferenceService,
  ) {}

  async list(query: CustomerListQuery): Promise<Page<CustomerSummary>> {
    const page = await this.customers.list(query);
    return { items: page.items.map(toCustomerSummary), total: page.total };
  }

  async summaries(ids: readonly number[]): Promise<CustomerSummary[]> {
    return (await this.customers.summaryRows(ids)).map(toCustomerSummary);
  }

  async get(id: number, actor: AuthUser): Promise<CustomerDto> {
    requireReader(actor, id);
    return toDto(await this.require(id));
  }

  /**
   * The company with this document, or null, with no ownership check: for the store's named
   * lookup, whose caller decides what of it each asker may see.
   */
  /** A company by id for another domain's staff read (an agreement's customer); null when there is none. */
  async byId(id: number): Promise<CustomerDto | null> {
    const customer = await this.customers.findById(id);
    return customer ? toDto(customer) : null;
  }

  /** The company's card by id, or by document type and number; null when there is none. */
  async card(by: { id: number } | { documentTypeId: number; documentNumber: string }): Promise<CustomerCard | null> {
    let row;
    if ('id' in by) row = await this.customers.cardRow(by);
    else {
      const documentNumber = normalizeDocumentNumber(by.documentNumber);
      row = documentNumber ? await this.customers.cardRow({ documentTypeId: by.documentTypeId, documentNumber }) : null;
    }
    if (!row) return null;
    return {
      id: row.id,
      personType: row.personType,
      documentTypeId: row.documentTypeId,
      documentNumber: row.documentNumber,
      customerName: customerName(row),
      email: row.email ?? null,
      cellphoneNumber: row.cellphoneNumber ?? null,
    };
  }

  async byDocument(documentTypeId: number, documentNumber: string): Promise<CustomerDto | null> {
    const number = normalizeDocumentNumber(documentNumber);
    const customer = number ? await this.customers.findByDocument(documentTypeId, number) : null;
    return customer ? toDto(customer) : null;
  }

  /** The company by id, or else by document type and number (the form's lookup). */
  async find(by: { id?: number | null; documentTypeId?: number | null; documentNumber?: string | null }, actor: AuthUser): Promise<CustomerDto> {
    if (by.id) return this.get(by.id, actor);
    const number = normalizeDocumentNumber(by.documentNumber);
    if (!by.documentTypeId || !number) {
      throw new InvalidRequestError([{ field: 'body.CustomerId', description: 'Se requiere CustomerId, o DocumentType y DocumentNumber' }]);
    }
    const customer = await this.customers.findByDocument(by.documentTypeId, number);
    if (!customer) throw new NotFoundError(NOT_FOUND_MESSAGE);
    requireReader(actor, customer.id);
    return toDto(customer);
  }

  async create(input: CustomerInput, actor: AuthUser): Promise<CustomerDto> {
    const fields = await this.draft(input);
    return this.em.transactional(async () => {
      if (await this.customers.findByDocument(fields.documentTypeId, fields.documentNumber)) throw duplicate();
      const customer = this.customers.create({
        ...fields,
        largeTaxpayer: fields.largeTaxpayer ?? false,
        ivaWithholdingAgent: fields.ivaWithholdingAgent ?? false,
        icaWithholdingAgent: fields.icaWithholdingAgent ?? false,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      });
      await flushUnique(this.em, duplicate().message, duplicate().details);
      return toDto(customer);
    });
  }

  /**
   * The customer of a purchase's activation data (store §3, customerService), created from it when
   * its document is new; an existing customer keeps its record. Runs in the caller's transaction.
   */
  async ensureFromPurchase(data: PurchaseCustomer, by: string): Promise<number> {
    const documentNumber = normalizeDocumentNumber(data.documentNumber);
    if (!data.documentTypeId || !documentNumber) throw new InvalidRequestError([{ field: 'customerService.documentNumber', description: REQUIRED_MESSAGE }]);
    return this.customers.insertIfAbsent({
      ...companyFields(data.personType === 'J' ? 'J' : 'N', data.documentTypeId, documentNumber, data),
      createdBy: by.slice(0, 100),
    });
  }

  /** Saves the company's edits; nothing is written when nothing changed. */
  async update(id: number, input: CustomerUpdateInput, actor: AuthUser): Promise<CustomerDto> {
    const fields = await this.draft(input);
    return this.em.transactional(async () => {
      const customer = await this.require(id);
      requireVersion(customer, input.version);
      if (fields.documentTypeId !== customer.documentTypeId || fields.documentNumber !== customer.documentNumber) {
        const other = await this.customers.findByDocument(fields.documentTypeId, fields.documentNumber);
        if (other && other.id !== id) throw duplicate();
      }
      if (applyChanges(customer, fields)) {
        customer.modifiedBy = actor.userId;
        await flushUnique(this.em, duplicate().message, duplicate().details);
      }
      return toDto(customer);
    });
  }

  /** What a save stores once every rule of the company form holds (one 422 names every field that fails). */
  private async draft(input: CustomerInput) {
    const violations = new RuleViolations();
    const blocked = await this.reference.blockedDomainRules();
    for (const problem of companyProblems(input, blocked)) violations.add(problem.field, problem.message);
    if (input.departmentId != null && input.cityId != null && !(await this.reference.cityInDepartment(input.cityId, input.departmentId))) {
      violations.add('cityId', CITY_OF_DEPARTMENT_MESSAGE);
    }
    violations.throwIfAny();
    const biometria = input.linkToApp === 'biometria';
    return {
      ...companyFields(input.personType, input.documentTypeId, normalizeDocumentNumber(input.documentNumber), input),
      linkToApp: input.linkToApp ?? null,
      contractStartDate: biometria && input.contractStartDate ? startOfBogotaDay(input.contractStartDate) : null,
      contractEndDate: biometria && input.contractEndDate ? endOfBogotaDay(input.contractEndDate) : null,
      // Left out, a flag keeps its stored value (clients that predate the tax profile do not reset it).
      largeTaxpayer: input.largeTaxpayer,
      ivaWithholdingAgent: input.ivaWithholdingAgent,
      icaWithholdingAgent: input.icaWithholdingAgent,
    };
  }

  /**
   * The company's tax profile for TaxRules (its person type, roles and the DANE code of its city,
   * where it withholds ICA), read in `em` (the caller's transaction) when given.
   */
  async taxProfile(customerId: number, em: EntityManager = this.em): Promise<TaxProfile> {
    const row = await this.customers.taxProfileRow(em, customerId);
    if (!row) throw new NotFoundError(NOT_FOUND_MESSAGE);
    return {
      personType: row.personType,
      largeTaxpayer: row.largeTaxpayer,
      ivaWithholdingAgent: row.ivaWithholdingAgent,
      icaWithholdingAgent: row.icaWithholdingAgent,
      municipalityDaneCode: row.cityId == null ? null : await this.reference.municipalityDaneCode(row.cityId),
    };
  }

  private async require(id: number): Promise<Customer> {
    const customer = await this.customers.findById(id);
    if (!customer) throw new NotFoundError(NOT_FOUND_MESSAGE);
    return customer;
  }
}
