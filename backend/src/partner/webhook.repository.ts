import type { components } from '@licencias/common/schema';
import type { RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { ListQuery, Page } from '../database/list-query.js';
import { type WebhookEventType, WebhookSubscription } from './webhook.entities.js';

type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryListQuery = ListQuery<never, components['schemas']['WebhookDeliveryFilter']>;

/** The outbox handler that delivers webhooks: its deliveries' target is a subscription id. */
export const WEBHOOK_HANDLER = 'webhook';

/** A subscription as a delivery needs it. */
export interface DeliveryTarget {
  url: string;
  secretSealed: string;
  /** Disabled, or its client revoked: nothing is sent any more. */
  inactive: boolean;
}

export interface NewAttempt {
  deliveryId: number;
  subscriptionId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

interface DeliveryRow {
  id: string | number;
  api_client_id: string;
  webhook_id: string;
  url: string;
  event_id: string | null;
  event_type: WebhookDelivery['eventType'];
  state: WebhookDelivery['state'];
  attempts: number;
  next_attempt_at: Date | string;
  created_at: Date | string;
  done_at: Date | string | null;
  last_error: string | null;
  attempt_log: { attempt: number; at: string; statusCode: number | null; latencyMs: number; error: string | null }[] | null;
  total: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Webhook subscriptions and their attempts. The delivery log joins the outbox's deliveries of
 * handler `webhook` (state, attempts, next retry), whose target is the subscription.
 */
@Injectable()
export class WebhookRepository {
  constructor(private readonly em: EntityManager) {}

  listOf(apiClientId: string): Promise<WebhookSubscription[]> {
    return this.em.find(WebhookSubscription, { apiClientId }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: 100 });
  }

  find(apiClientId: string, id: string): Promise<WebhookSubscription | null> {
    return this.em.findOne(WebhookSubscription, { apiClientId, id });
  }

  countActive(apiClientId: string): Promise<number> {
    return this.em.count(WebhookSubscription, { apiClientId, disabledAt: null });
  }

  async create(data: RequiredEntityData<WebhookSubscription>): Promise<WebhookSubscription> {
    const subscription = this.em.create(WebhookSubscription, data);
    await this.em.flush();
    return subscription;
  }

  async disable(subscription: WebhookSubscription, by: string): Promise<void> {
    if (subscription.disabledAt) return;
    subscription.disabledAt = new Date();
    subscription.disabledBy = by;
    await this.em.flush();
  }

  /** The active subscriptions of the brand's active clients to this event type, in the enqueuing transaction. */
  async targets(em: EntityManager, appName: string, type: WebhookEventType): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      `select s.id from webhook_subscription s join api_client c on c.id = s.api_client_id
        where c.app_name = ? and c.revoked_at is null and s.disabled_at is null and ? = any(s.event_types)`,
      [appName, type],
    );
    return rows.map((r) => r.id);
  }

  async target(em: EntityManager, id: string): Promise<DeliveryTarget | null> {
    const [row] = await em.execute<{ url: string; secret_sealed: string; inactive: boolean }[]>(
      `select s.url, s.secret_sealed, (s.disabled_at is not null or c.revoked_at is not null) as inactive
         from webhook_subscription s join api_client c on c.id = s.api_client_id where s.id = ?`,
      [id],
    );
    return row ? { url: row.url, secretSealed: row.secret_sealed, inactive: row.inactive } : null;
  }

  async insertAttempt(em: EntityManager, a: NewAttempt): Promise<void> {
    await em.execute(
      `insert into webhook_attempt (delivery_id, subscription_id, attempt, attempted_at, status_code, latency_ms, error) values (?, ?, ?, ?, ?, ?, ?)`,
      [a.deliveryId, a.subscriptionId, a.attempt, a.attemptedAt, a.statusCode, a.latencyMs, a.error?.slice(0, 2000) ?? null],
    );
  }

  /** A page of deliveries, newest first, each with its attempts. */
  async deliveries(query: WebhookDeliveryListQuery): Promise<Page<WebhookDelivery>> {
    const where = ['true'];
    const params: unknown[] = [];
    const { apiClientId, state, eventType, webhookId, q } = query.filter;
    const search = q?.trim()
      ? `%${q
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      : undefined;
    for (const [condition, value] of [
      ['s.api_client_id = ?', apiClientId],
      ['d.state = ?', state],
      ['e.type = ?', eventType],
      ['s.id = ?', webhookId],
      [`(lower(s.url) like ? or e.payload->>'id' like ?)`, search],
    ] as const) {
      if (value === undefined) continue;
      where.push(condition);
      params.push(...Array.from({ length: condition.split('?').length - 1 }, () => value));
    }
    const rows = await this.em.execute<DeliveryRow[]>(
      `select d.id, s.api_client_id, s.id as webhook_id, s.url, e.payload->>'id' as event_id, e.type as event_type, d.state, d.attempts, d.next_attempt_at, d.last_error,
              d.created_at, d.done_at, count(*) over () as total,
              (select json_agg(json_build_object('attempt', a.attempt, 'at', a.attempted_at, 'statusCode', a.status_code,
                        'latencyMs', a.latency_ms, 'error', a.error) order by a.attempt)
                 from webhook_attempt a where a.delivery_id = d.id) as attempt_log
         from outbox_delivery d
         join outbox_event e on e.id = d.event_id
         join webhook_subscription s on d.handler = '${WEBHOOK_HANDLER}' and s.id::text = d.target
        where ${where.join(' and ')}
        order by d.created_at desc, d.id desc
        offset ? limit ?`,
      [...params, query.offset, query.limit],
    );
    const total = rows[0] ? Number(rows[0].total) : query.offset ? await this.countDeliveries(where, params) : 0;
    return { items: rows.map(toDelivery), total };
  }

  private async countDeliveries(where: string[], params: unknown[]): Promise<number> {
    const [row] = await this.em.execute<{ n: string }[]>(
      `select count(*) as n from outbox_delivery d join outbox_event e on e.id = d.event_id
         join webhook_subscription s on d.handler = '${WEBHOOK_HANDLER}' and s.id::text = d.target where ${where.join(' and ')}`,
      params,
    );
    return Number(row?.n ?? 0);
  }
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  const log = (row.attempt_log ?? []).map((a) => ({ ...a, at: iso(a.at) }));
  const last = log.at(-1);
  return {
    id: Number(row.id),
    apiClientId: row.api_client_id,
    webhookId: row.webhook_id,
    url: row.url,
    eventId: row.event_id ?? '',
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: last?.statusCode ?? null,
    lastLatencyMs: last?.latencyMs ?? null,
    // A timed-out attempt leaves no row (its transaction ended): the outbox kept its error.
    lastError: row.state === 'DONE' ? null : ((last?.attempt === row.attempts ? last.error : row.last_error?.replace(/^\w+: /, '')) ?? null),
    nextAttemptAt: row.state === 'PENDING' ? iso(row.next_attempt_at) : null,
    createdAt: iso(row.created_at),
    deliveredAt: row.done_at ? iso(row.done_at) : null,
    attemptLog: log,
  };
}
