import type { components } from '@licencias/common/schema';

/** A partner's API client, never with its secret (GET /api/v1/api-clients). */
export type ApiClient = components['schemas']['ApiClient'];
/** The answer of POST /api/v1/api-clients: the client and its secret, this one time. */
export type ApiClientCreated = components['schemas']['ApiClientCreated'];
export type PartnerPrivilege = ApiClient['privileges'][number];

/** The privileges a partner's client may hold, in the order the form lists them. */
export const PARTNER_PRIVILEGES: readonly PartnerPrivilege[] = ['BALANCES_READ', 'CONSUMPTIONS_WRITE', 'ORDERS_READ'];

export type WebhookSubscription = components['schemas']['WebhookSubscription'];
export type WebhookSubscriptionCreated = components['schemas']['WebhookSubscriptionCreated'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookEventType = WebhookSubscription['eventTypes'][number];

/** The events a subscription may listen to, in the order the form lists them. */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['order.paid', 'payment.rejected', 'licence.granted'];
