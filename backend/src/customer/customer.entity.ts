import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { invalidatesCache } from '../cache/invalidation-trigger.js';
import { Department, DocumentType, Municipality } from '../reference/reference.entities.js';

/** A customer company or person (licences-and-agreements.md §3). */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customer',
  uniques: [{ properties: ['documentTypeId', 'documentNumber'] }],
  // Staff package lists name the companies of private packages.
  triggers: [invalidatesCache('customer', ['packageLists'])],
  indexes: [{ name: 'customer_search_text_trgm', expression: 'create index "customer_search_text_trgm" on "customer" using gin ("search_text" gin_trgm_ops)' }],
  properties: {
    id: p.integer().primary().autoincrement(),
    personType: p.enum(['J', 'N'] as const),
    documentTypeId: () => p.manyToOne(DocumentType).mapToPk().fieldName('document_type_id'),
    documentNumber: p.string().length(15),
    dv: p.string().length(1).nullable(),
    legalName: p.string().length(450).nullable(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    fulladdress: p.string().length(300).nullable(),
    addressAdditionalInformation: p.string().length(100).nullable(),
    addressLatGeocode: p.decimal('string').precision(10).scale(7).nullable(),
    addressLngGeocode: p.decimal('string').precision(10).scale(7).nullable(),
    departmentId: () => p.manyToOne(Department).mapToPk().fieldName('department_id').nullable(),
    cityId: () => p.manyToOne(Municipality).mapToPk().fieldName('city_id').nullable(),
    cellphoneNumber: p.string().length(10).nullable(),
    email: p.string().length(100).nullable(),
    legalDocumentTypeId: () => p.manyToOne(DocumentType).mapToPk().fieldName('legal_document_type_id').nullable(),
    legalDocumentNumber: p.string().length(15).nullable(),
    legalFirstName: p.string().length(100).nullable(),
    legalLastName: p.string().length(100).nullable(),
    contractStartDate: p.datetime().nullable(),
    contractEndDate: p.datetime().nullable(),
    linkToApp: p.enum(['biometria', 'confronta', 'otras_apps'] as const).nullable(),
    /** Tax profile (docs/architecture.md "Colombian taxes"): gran contribuyente, withholds IVA. */
    largeTaxpayer: p.boolean().default(false),
    /** Designated by the DIAN as an IVA withholding agent. */
    ivaWithholdingAgent: p.boolean().default(false),
    /** Withholds ICA in its city (`cityId`). */
    icaWithholdingAgent: p.boolean().default(false),
    createdBy: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    modifiedBy: p.string().length(100).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    version: p.integer().version(),
    /** Names, document and e-mail without accents, lower-case: what pickers search. */
    searchText: p
      .text()
      .generated(
        `(immutable_unaccent(lower(coalesce("legal_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "document_number" || ' ' || coalesce("email", '')))) stored`,
      )
      .nullable()
      .lazy()
      .hidden(),
  },
});
export type Customer = InferEntity<typeof Customer>;

/** The display name: legal name for companies, names for people. */
export function customerName(c: Pick<Customer, 'personType' | 'legalName' | 'firstName' | 'lastName'>): string {
  return c.personType === 'J' ? (c.legalName ?? '') : [c.firstName, c.lastName].filter(Boolean).join(' ');
}
