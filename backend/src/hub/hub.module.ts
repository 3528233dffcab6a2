import { Module } from '@nestjs/common';
import { ConnectionTokens } from './connection-token.js';
import { HubAccess } from './hub-access.js';
import { HubConnections } from './hub-connections.js';
import { HubController } from './hub.controller.js';
import { HubServer } from './hub.server.js';
import { SessionStatusNotifier } from './session-status.notifier.js';

/** The session hub: SignalR JSON hub protocol over WebSockets at /api/connections/session. */
@Module({
  controllers: [HubController],
  providers: [ConnectionTokens, HubAccess, HubConnections, HubServer, SessionStatusNotifier],
  exports: [HubConnections],
})
export class HubModule {}
