import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Customer } from '../customer/customer.entity.js';
import { User } from '../identity/identity.entities.js';
import { Licence } from '../licence/licence.entities.js';
import { Service } from '../service/service.entity.js';
import { VALIDITY_TYPES } from '@licencias/common/rules';
import { MODIFY_STEPS, type SupervisorFields } from './agreement.types.js';

/**
 * An agreement (convenio): a contract that binds a customer to contracted services (bags) of one
 * product (DESIGN.md, "Agreement"). Its contract number is unique, compared without case or
 * surrounding spaces (a unique index, so two concurrent creations give one agreement). Edited
 * only through amendments, each recorded in agreement_amendment; `version` refuses a stale edit.
 */
export const Agreement = defineEntity({
  name: 'Agreement',
  tableName: 'agreement',
  uniques: [
    {
      name: 'agreement_contract_number_unique',
      expression: 'create unique index "agreement_contract_number_unique" on "agreement" (lower("contract_number"))',
    },
  ],
  indexes: [
    { name: 'agreement_search_text_trgm', expression: 'create index "agreement_search_text_trgm" on "agreement" using gin ("search_text" gin_trgm_ops)' },
    { name: 'agreement_customer_index', properties: ['customerId'] },
  ],
  checks: [
    { name: 'agreement_dates_check', expression: 'contract_end_date > contract_start_date' },
    { name: 'agreement_alert_percentage_check', expression: 'alert_percentage >= 1 and alert_percentage <= 100' },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    contractNumber: p.string().length(100),
    serviceId: () => p.manyToOne(Service).mapToPk().fieldName('service_id').index(),
    /** The product's name in agreements when saved (what the list shows and `q` searches). */
    serviceDescription: p.string().length(100),
    customerId: () => p.manyToOne(Customer).mapToPk().fieldName('customer_id'),
    contractStartDate: p.date(),
    contractEndDate: p.date(),
    commercialManagerId: () => p.manyToOne(User).mapToPk().fieldName('commercial_manager_id'),
    paymentConditionId: p.integer(),
    supervisor: p.json<SupervisorFields>().nullable(),
    alertPercentage: p.integer(),
    /** Bogotá HH:mm. */
    alertDeliveryTime: p.string().length(5),
    alertFrequency: p.enum(['D', 'S'] as const),
    /** Weekly delivery days, bit 0 Monday … bit 6 Sunday (0 when daily). */
    alertWeekdays: p.integer().default(0),
    /** The Bogotá day of the last alert sweep of this agreement (the claim of one sweep per delivery day). */
    alertSweptOn: p.date().nullable(),
    createdBy: p.string().length(100),
    createdAt: p.datetime(),
    updatedBy: p.string().length(100).nullable(),
    updatedAt: p.datetime().nullable(),
    version: p.integer().version(),
    searchText: p.text().generated(`(immutable_unaccent(lower("contract_number" || ' ' || "service_description"))) stored`).nullable().lazy().hidden(),
  },
});
export type Agreement = InferEntity<typeof Agreement>;

/**
 * A contracted service (bag line) of an agreement: the licence it granted (one per line, origin
 * AGREEMENT) and the terms as last amended. Its quantities live in the licence's balances.
 */
export const AgreementService = defineEntity({
  name: 'AgreementService',
  tableName: 'agreement_service',
  uniques: [{ name: 'agreement_service_identifier_unique', properties: ['agreementId', 'identifierCode'] }],
  indexes: [{ name: 'agreement_service_agreement_index', properties: ['agreementId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    agreementId: () => p.manyToOne(Agreement).mapToPk().fieldName('agreement_id'),
    licenceId: () => p.manyToOne(Licence).mapToPk().fieldName('licence_id').unique('agreement_service_licence_unique'),
    packageId: p.integer(),
    packageCode: p.string().length(50),
    packageName: p.string().length(200).nullable(),
    unlimited: p.boolean(),
    /** What was granted in all (the sum of its GRANT and ADJUSTMENT quantities); null when unlimited. */
    totalQuantity: p.integer().nullable(),
    validityType: p.enum(VALIDITY_TYPES),
    validityPeriod: p.integer(),
    identifierCode: p.string().length(100),
    reassignmentQuota: p.integer().nullable(),
    deviceTypeId: p.integer().nullable(),
    credentialsDeliveryType: p.integer().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().nullable(),
  },
});
export type AgreementService = InferEntity<typeof AgreementService>;

/** One amendment (append-only): ticket, observations, step, actor, time, the block before and after. */
export const AgreementAmendment = defineEntity({
  name: 'AgreementAmendment',
  tableName: 'agreement_amendment',
  indexes: [{ name: 'agreement_amendment_agreement_index', properties: ['agreementId', 'occurredAt'] }],
  triggers: [
    {
      name: 'agreement_amendment_no_update_delete',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: `raise exception 'agreement_amendment is append-only: % refused', tg_op using errcode = '55000';`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    agreementId: () => p.manyToOne(Agreement).mapToPk().fieldName('agreement_id'),
    step: p.enum(MODIFY_STEPS),
    ticketNumber: p.string().length(20),
    observations: p.string().length(200),
    actor: p.string().length(100),
    occurredAt: p.datetime(),
    before: p.json<Record<string, unknown>>(),
    after: p.json<Record<string, unknown>>(),
  },
});
export type AgreementAmendment = InferEntity<typeof AgreementAmendment>;

export const AGREEMENT_ENTITIES = [Agreement, AgreementService, AgreementAmendment];
