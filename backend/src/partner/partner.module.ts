import { Global, Module } from '@nestjs/common';
import { PartnerClientState } from '../auth/partner-client-state.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ApiClientController } from './api-client.controller.js';
import { ApiClientRepository } from './api-client.repository.js';
import { ApiClientService } from './api-client.service.js';
import { PartnerTokenController } from './partner-token.controller.js';
import { PartnerTokenService } from './partner-token.service.js';

/** The partner API: API clients, their OAuth tokens, consumptions and balances. Global for the guard's PartnerClientState. */
@Global()
@Module({
  imports: [ReferenceModule],
  controllers: [ApiClientController, PartnerTokenController],
  providers: [ApiClientRepository, ApiClientService, PartnerTokenService, { provide: PartnerClientState, useExisting: ApiClientService }],
  exports: [PartnerClientState],
})
export class PartnerModule {}
