import { Global, Module } from '@nestjs/common';
import { PartnerClientState } from '../auth/partner-client-state.js';
import { LicenceModule } from '../licence/licence.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ApiClientController } from './api-client.controller.js';
import { ApiClientRepository } from './api-client.repository.js';
import { ApiClientService } from './api-client.service.js';
import { ConsumptionController } from './consumption.controller.js';
import { ConsumptionRepository } from './consumption.repository.js';
import { ConsumptionService } from './consumption.service.js';
import { IdempotencyPurgeJob } from './idempotency-purge.job.js';
import { PartnerTokenController } from './partner-token.controller.js';
import { PartnerTokenService } from './partner-token.service.js';
import { WebhookController } from './webhook.controller.js';
import { WebhookHandler } from './webhook.handler.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhookService } from './webhook.service.js';

/** The partner API: API clients, their OAuth tokens, consumptions and balances. Global for the guard's PartnerClientState. */
@Global()
@Module({
  imports: [ReferenceModule, LicenceModule],
  controllers: [ApiClientController, PartnerTokenController, ConsumptionController, WebhookController],
  providers: [
    ApiClientRepository,
    ApiClientService,
    PartnerTokenService,
    ConsumptionRepository,
    ConsumptionService,
    IdempotencyPurgeJob,
    WebhookRepository,
    WebhookService,
    WebhookHandler,
    { provide: PartnerClientState, useExisting: ApiClientService },
  ],
  exports: [PartnerClientState],
})
export class PartnerModule {}
