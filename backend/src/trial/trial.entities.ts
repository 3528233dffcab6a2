import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { PurchaseCustomerInput } from '@licencias/common/rules';
import { Customer } from '../customer/customer.entity.js';
import { Licence } from '../licence/licence.entities.js';
import { Package } from '../package/package.entity.js';
import { TRIAL_STATES } from './trial.types.js';

/**
 * A free trial asked for with 'Comenzar' (store §2 'Free trial'): the activation data, the link's
 * token as SHA-256 (never the token) and its expiry. One trial per company document and one per
 * e-mail in each brand: partial unique indexes over the ACTIVATED rows decide it, so of two
 * activations at once for the same company or e-mail the second's update fails.
 */
export const TrialRequest = defineEntity({
  name: 'TrialRequest',
  tableName: 'trial_request',
  uniques: [
    { name: 'trial_request_token_hash_unique', properties: ['tokenHash'] },
    {
      name: 'trial_request_document_unique',
      expression: `create unique index "trial_request_document_unique" on "trial_request" ("app_name", "document_type_id", "document_number") where "state" = 'ACTIVATED'`,
    },
    {
      name: 'trial_request_email_unique',
      expression: `create unique index "trial_request_email_unique" on "trial_request" ("app_name", "email") where "state" = 'ACTIVATED'`,
    },
  ],
  indexes: [{ name: 'trial_request_email_index', properties: ['appName', 'email', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    appName: p.string().length(40),
    packageId: () => p.manyToOne(Package).mapToPk().fieldName('package_id'),
    serviceId: p.integer(),
    documentTypeId: p.integer(),
    /** Without spaces, as the customer record keeps it. */
    documentNumber: p.string().length(15),
    /** Lower case, trimmed. */
    email: p.string().length(100),
    /** The activation section as sent (the company is created from it when it does not exist yet). */
    customer: p.json<PurchaseCustomerInput>(),
    tokenHash: p.string().length(64),
    state: p.enum(TRIAL_STATES),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    activatedAt: p.datetime().nullable(),
    customerId: () => p.manyToOne(Customer).mapToPk().fieldName('customer_id').nullable(),
    licenceId: () => p.manyToOne(Licence).mapToPk().fieldName('licence_id').nullable(),
  },
});
export type TrialRequest = InferEntity<typeof TrialRequest>;

export const TRIAL_ENTITIES = [TrialRequest];
