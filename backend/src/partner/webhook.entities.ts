import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { OutboxDelivery } from '../outbox/outbox.entities.js';
import { ApiClient } from './api-client.entity.js';

export const WEBHOOK_EVENT_TYPES = ['order.paid', 'payment.rejected', 'licence.granted', 'balance.threshold_reached'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * A URL of an API client told of its brand's events (issue 13 item 7). Never deleted (its
 * deliveries name it): disabled instead. The signing secret is kept encrypted (AES-256-GCM,
 * WEBHOOK_SECRET_KEY) because signing needs it in clear; it is shown once, at creation.
 */
export const WebhookSubscription = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'webhook_subscription',
  properties: {
    id: p.uuid().primary(),
    apiClientId: () => p.manyToOne(ApiClient).mapToPk().fieldName('api_client_id').index(),
    url: p.string().length(2000),
    eventTypes: p.array<WebhookEventType>(),
    secretSealed: p.text().hidden(),
    createdAt: p.datetime(),
    createdBy: p.string().length(100).nullable(),
    disabledAt: p.datetime().nullable(),
    disabledBy: p.string().length(100).nullable(),
  },
});
export type WebhookSubscription = InferEntity<typeof WebhookSubscription>;

/**
 * One HTTP attempt of a webhook delivery (an outbox delivery of handler `webhook`): written in the
 * delivery's transaction, so an attempt cut by a crash leaves no row and is made again.
 */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempt',
  uniques: [{ name: 'webhook_attempt_delivery_unique', properties: ['deliveryId', 'attempt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** The outbox delivery (one per event and subscription); purged with it (OUTBOX_RETENTION_DAYS). */
    deliveryId: () => p.manyToOne(OutboxDelivery).mapToPk().fieldName('delivery_id').deleteRule('cascade'),
    subscriptionId: () => p.manyToOne(WebhookSubscription).mapToPk().fieldName('subscription_id').index(),
    attempt: p.integer(),
    attemptedAt: p.datetime(),
    statusCode: p.integer().nullable(),
    latencyMs: p.integer(),
    error: p.text().nullable(),
  },
});
export type WebhookAttempt = InferEntity<typeof WebhookAttempt>;

export const WEBHOOK_ENTITIES = [WebhookSubscription, WebhookAttempt];
