import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import { type ListParams, listQuery, sendPage } from '../contract/resource-list.js';
import type { OpBody, OpPath } from '../contract/types.js';
import type { WebhookDeliveryListQuery } from './webhook.repository.js';
import { WebhookService } from './webhook.service.js';

/** API clients' webhook subscriptions and delivery log (superadmin). */
@Controller()
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Operation('listApiClientWebhooks')
  list(@PathParams() { id }: OpPath<'listApiClientWebhooks'>) {
    return this.webhooks.list(id);
  }

  @Operation('createApiClientWebhook')
  create(
    @PathParams() { id }: OpPath<'createApiClientWebhook'>,
    @Body() body: OpBody<'createApiClientWebhook'>,
    @CurrentUser() actor: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // The signing secret is in this answer only: no cache may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.webhooks.create(id, body, actor);
  }

  @Operation('disableApiClientWebhook')
  disable(@PathParams() { id, webhookId }: OpPath<'disableApiClientWebhook'>, @CurrentUser() actor: AuthUser) {
    return this.webhooks.disable(id, webhookId, actor);
  }

  @Operation('listWebhookDeliveries')
  async deliveries(@QueryParams() query: ListParams<never, WebhookDeliveryListQuery['filter']>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'webhook-deliveries', list, await this.webhooks.deliveries(list));
  }
}
