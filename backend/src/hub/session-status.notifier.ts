import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../events/event-bus.js';
import type { AppEvent } from '../events/events.js';
import { HubConnections } from './hub-connections.js';

/**
 * Pushes ReceiveSessionStatus to this instance's connections of an ended session. Every instance
 * receives `session.ended` through the EventBus (PostgreSQL NOTIFY after commit), so together they
 * reach every connection, wherever the session was ended.
 */
@Injectable()
export class SessionStatusNotifier implements OnModuleInit {
  private readonly logger = new Logger('Hub');

  constructor(
    private readonly events: EventBus,
    private readonly connections: HubConnections,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((event) => this.onEvent(event));
  }

  private onEvent(event: AppEvent): void {
    if (event.type !== 'session.ended') return;
    let notified = 0;
    for (const sessionId of event.sessionIds) notified += this.connections.endSession(sessionId, event.message, event.reason);
    if (notified) this.logger.debug(`Session ended (${event.reason}): ${notified} hub connection(s) notified`);
  }
}
