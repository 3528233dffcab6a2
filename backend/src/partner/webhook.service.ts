import { randomUUID } from 'node:crypto';
import type { components } from '@licencias/common/schema';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { Page } from '../database/list-query.js';
import { BusinessRuleError, NotFoundError } from '../errors/errors.js';
import { ApiClientService } from './api-client.service.js';
import type { WebhookSubscription } from './webhook.entities.js';
import { webhookUrlProblem } from './webhook.http.js';
import { type WebhookDeliveryListQuery, WebhookRepository } from './webhook.repository.js';
import { newWebhookSecret, sealSecret } from './webhook.secret.js';

type WebhookSubscriptionDto = components['schemas']['WebhookSubscription'];
type WebhookSubscriptionCreated = components['schemas']['WebhookSubscriptionCreated'];
type WebhookSubscriptionCreate = components['schemas']['WebhookSubscriptionCreate'];
type WebhookDelivery = components['schemas']['WebhookDelivery'];

export const MAX_ACTIVE_WEBHOOKS = 10;
export const WEBHOOK_MESSAGES = {
  notFound: 'La suscripción de webhooks no existe',
  revokedClient: 'El cliente API está revocado: no puede suscribirse a eventos.',
  tooMany: `Un cliente API admite a lo sumo ${MAX_ACTIVE_WEBHOOKS} suscripciones activas.`,
} as const;

function toDto(s: WebhookSubscription): WebhookSubscriptionDto {
  return {
    id: s.id,
    apiClientId: s.apiClientId,
    url: s.url,
    eventTypes: [...s.eventTypes],
    createdAt: s.createdAt.toISOString(),
    createdBy: s.createdBy ?? null,
    disabledAt: s.disabledAt?.toISOString() ?? null,
    disabledBy: s.disabledBy ?? null,
  };
}

/** API clients' webhook subscriptions (superadmin) and their delivery log. */
@Injectable()
export class WebhookService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly clients: ApiClientService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(apiClientId: string): Promise<WebhookSubscriptionDto[]> {
    await this.clients.get(apiClientId);
    return (await this.webhooks.listOf(apiClientId)).map(toDto);
  }

  async create(apiClientId: string, input: WebhookSubscriptionCreate, actor: AuthUser): Promise<WebhookSubscriptionCreated> {
    const client = await this.clients.get(apiClientId);
    if (client.revokedAt) throw new BusinessRuleError(WEBHOOK_MESSAGES.revokedClient);
    const url = input.url.trim();
    const problem = await webhookUrlProblem(url, this.config.webhooks.allowPrivateUrls);
    if (problem) throw new BusinessRuleError(problem, [{ field: 'url', description: problem }]);
    if ((await this.webhooks.countActive(apiClientId)) >= MAX_ACTIVE_WEBHOOKS) throw new BusinessRuleError(WEBHOOK_MESSAGES.tooMany);
    const secret = newWebhookSecret();
    const subscription = await this.webhooks.create({
      id: randomUUID(),
      apiClientId,
      url,
      eventTypes: [...new Set(input.eventTypes)].sort(),
      secretSealed: sealSecret(this.config.webhooks.secretKey, secret),
      createdAt: new Date(),
      createdBy: actor.username,
      disabledAt: null,
      disabledBy: null,
    });
    return { ...toDto(subscription), secret };
  }

  async disable(apiClientId: string, id: string, actor: AuthUser): Promise<WebhookSubscriptionDto> {
    const subscription = await this.webhooks.find(apiClientId, id);
    if (!subscription) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    await this.webhooks.disable(subscription, actor.username);
    return toDto(subscription);
  }

  deliveries(query: WebhookDeliveryListQuery): Promise<Page<WebhookDelivery>> {
    return this.webhooks.deliveries(query);
  }
}
