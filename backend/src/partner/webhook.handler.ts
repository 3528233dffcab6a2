import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OutboxService } from '../outbox/outbox.service.js';
import type { DeliveryContext, OutboxEventInput, OutboxEventRecord, OutboxHandler, RetryPolicy } from '../outbox/outbox.types.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook.entities.js';
import { postWebhook } from './webhook.http.js';
import { WEBHOOK_HANDLER, WebhookRepository } from './webhook.repository.js';
import { openSecret, webhookSignature } from './webhook.secret.js';

/** What OutboxService.publish stores: the event id and time, and the data partners receive. */
interface PublishedPayload {
  id: string;
  occurredAt: string;
  data: { appName?: string | null };
}

/**
 * Partner webhooks, an outbox handler: one delivery per event and subscription (the outbox's
 * unique (event, handler, target) row), computed in the event's transaction. Each attempt POSTs
 * the event signed with the subscription's secret and logs itself in the delivery's transaction;
 * anything but a 2xx is retried with exponential backoff and jitter (WEBHOOK_* settings).
 */
@Injectable()
export class WebhookHandler implements OutboxHandler, OnModuleInit {
  readonly name = WEBHOOK_HANDLER;
  readonly types = WEBHOOK_EVENT_TYPES;
  readonly retry: Partial<RetryPolicy>;
  readonly timeoutMs: number;

  constructor(
    private readonly outbox: OutboxService,
    private readonly webhooks: WebhookRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const c = config.webhooks;
    this.retry = { maxAttempts: c.maxAttempts, baseDelayMs: c.retryBaseMs, maxDelayMs: c.retryMaxMs };
    // Past the HTTP timeout the attempt is logged as failed; this only stops a stuck handler.
    this.timeoutMs = c.timeoutMs + 5_000;
  }

  onModuleInit(): void {
    this.outbox.register(this);
  }

  async targets(event: OutboxEventInput, em: EntityManager): Promise<string[]> {
    const appName = (event.payload as unknown as PublishedPayload).data?.appName;
    return appName ? this.webhooks.targets(em, appName, event.type as WebhookEventType) : [];
  }

  async handle(event: OutboxEventRecord, { em, target, attempt, deliveryId, signal }: DeliveryContext): Promise<void | { failed: string }> {
    const subscription = await this.webhooks.target(em, target);
    const attemptedAt = new Date();
    const log = (statusCode: number | null, latencyMs: number, error: string | null) =>
      this.webhooks.insertAttempt(em, { deliveryId, subscriptionId: target, attempt, attemptedAt, statusCode, latencyMs, error });
    // Disabled meanwhile (or its client revoked): nothing more is sent.
    if (!subscription || subscription.inactive) {
      if (subscription) await log(null, 0, 'Suscripción desactivada: no se envió.');
      return;
    }
    const payload = event.payload as unknown as PublishedPayload;
    const body = JSON.stringify({ id: payload.id, type: event.type, occurredAt: payload.occurredAt, data: payload.data });
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const secret = openSecret(this.config.webhooks.secretKey, subscription.secretSealed);
    const headers = {
      'User-Agent': 'licencias-webhooks/1',
      'Webhook-Id': payload.id,
      'Webhook-Event': event.type,
      'Webhook-Timestamp': String(timestamp),
      'Webhook-Signature': webhookSignature(secret, timestamp, body),
    };
    const started = performance.now();
    let status: number;
    try {
      status = await postWebhook(subscription.url, body, headers, {
        timeoutMs: this.config.webhooks.timeoutMs,
        signal,
        allowPrivate: this.config.webhooks.allowPrivateUrls,
      });
    } catch (error) {
      // Not `instanceof Error`: Node's network errors may come from another realm (tests' VM).
      const { message, code } = error as Partial<NodeJS.ErrnoException>;
      const text = `Error de red: ${code && !message?.includes(code) ? `${code} ` : ''}${message || String(error)}`;
      await log(null, Math.round(performance.now() - started), text);
      return { failed: text };
    }
    const latency = Math.round(performance.now() - started);
    if (status >= 200 && status < 300) {
      await log(status, latency, null);
      return;
    }
    const text = `Respuesta HTTP ${status}`;
    await log(status, latency, text);
    return { failed: text };
  }
}
