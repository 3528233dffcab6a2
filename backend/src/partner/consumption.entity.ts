import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Brand } from '../reference/reference.entities.js';
import { ApiClient } from './api-client.entity.js';

/**
 * A consumption a partner posted, under its Idempotency-Key: the answer it got, replayed to a retry
 * with the same key and body. Written in the transaction of the ledger movement it names.
 */
export const PartnerConsumption = defineEntity({
  name: 'PartnerConsumption',
  tableName: 'partner_consumption',
  properties: {
    apiClientId: () => p.manyToOne(ApiClient).mapToPk().primary().fieldName('api_client_id').updateRule('cascade'),
    idempotencyKey: p.string().length(255).primary(),
    /** SHA-256 of the request body as JSON with sorted keys. */
    fingerprint: p.string().length(64),
    movementId: p.bigint('number').unique(),
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').updateRule('cascade'),
    response: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
  },
});
export type PartnerConsumption = InferEntity<typeof PartnerConsumption>;

export const PARTNER_ENTITIES = [ApiClient, PartnerConsumption];
