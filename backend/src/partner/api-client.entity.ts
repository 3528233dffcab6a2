import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Brand } from '../reference/reference.entities.js';

export const PARTNER_PRIVILEGES = ['BALANCES_READ', 'CONSUMPTIONS_WRITE', 'ORDERS_READ', 'REPORTS_READ'] as const;
export type PartnerPrivilege = (typeof PARTNER_PRIVILEGES)[number];

/**
 * A partner application that calls the API with the OAuth 2.0 client-credentials grant. Never
 * deleted (its consumptions name it): revoked instead, which ends its tokens at once.
 */
export const ApiClient = defineEntity({
  name: 'ApiClient',
  tableName: 'api_client',
  properties: {
    id: p.uuid().primary(),
    clientId: p.string().length(80).unique(),
    name: p.string().length(100),
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').updateRule('cascade'),
    privileges: p.array<PartnerPrivilege>(),
    /** argon2id of the secret; the secret itself is shown once, when the client is created. */
    secretHash: p.string().length(200).hidden(),
    createdAt: p.datetime(),
    createdBy: p.string().length(100).nullable(),
    revokedAt: p.datetime().nullable(),
    revokedBy: p.string().length(100).nullable(),
    searchText: p.text().generated(`(immutable_unaccent(lower("name" || ' ' || "client_id"))) stored`).nullable().lazy().hidden(),
  },
});
export type ApiClient = InferEntity<typeof ApiClient>;
