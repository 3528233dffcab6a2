import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { LicenceMovement } from '../licence/licence.entities.js';
import { Brand } from '../reference/reference.entities.js';
import { ApiClient } from './api-client.entity.js';

/**
 * Who posted a consumption through the partner API: the API client and its brand, kept as long as
 * the ledger movement it names (a reversal checks the brand here). Written in the movement's
 * transaction.
 */
export const PartnerConsumption = defineEntity({
  name: 'PartnerConsumption',
  tableName: 'partner_consumption',
  properties: {
    movementId: () => p.manyToOne(LicenceMovement).mapToPk().primary().fieldName('movement_id'),
    apiClientId: () => p.manyToOne(ApiClient).mapToPk().fieldName('api_client_id').updateRule('cascade'),
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').updateRule('cascade'),
    createdAt: p.datetime(),
  },
});
export type PartnerConsumption = InferEntity<typeof PartnerConsumption>;

/**
 * An Idempotency-Key a client used and the answer it got, replayed to a retry with the same key
 * and body. Written in the transaction of the consumption it answers; kept for the retention the
 * configuration gives (PARTNER_IDEMPOTENCY_RETENTION_HOURS), then purged.
 */
export const PartnerIdempotencyKey = defineEntity({
  name: 'PartnerIdempotencyKey',
  tableName: 'partner_idempotency_key',
  indexes: [{ name: 'partner_idempotency_key_created_at_index', properties: ['createdAt'] }],
  properties: {
    apiClientId: () => p.manyToOne(ApiClient).mapToPk().primary().fieldName('api_client_id').updateRule('cascade'),
    idempotencyKey: p.string().length(255).primary(),
    /** SHA-256 of the request body as JSON with sorted keys. */
    fingerprint: p.string().length(64),
    response: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
  },
});
export type PartnerIdempotencyKey = InferEntity<typeof PartnerIdempotencyKey>;

export const PARTNER_ENTITIES = [ApiClient, PartnerConsumption, PartnerIdempotencyKey];
