import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { SessionState } from '../auth/session-state.js';
import { EventBus } from '../events/event-bus.js';
import { SESSION_END_MESSAGES, type SessionEndReason } from '../events/events.js';
import { SessionRepository } from './session.repository.js';

/** Session lifecycle: whether a session is open, and ending sessions with a hub notification. */
@Injectable()
export class SessionService extends SessionState {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionRepository,
    private readonly events: EventBus,
  ) {
    super();
  }

  isActive(sessionId: string): Promise<boolean> {
    return this.sessions.isActive(sessionId);
  }

  /** Ends the given sessions; every hub connection of them is told why, after commit. */
  async end(sessionIds: string[], reason: SessionEndReason): Promise<string[]> {
    return this.em.transactional(async (em) => {
      const ended = await this.sessions.end(sessionIds, reason, new Date());
      if (ended.length) await this.events.publish(em, { type: 'session.ended', sessionIds: ended, reason, message: SESSION_END_MESSAGES[reason] });
      return ended;
    });
  }

  async endAllOf(userId: string, reason: SessionEndReason, appName?: string): Promise<string[]> {
    return this.end(await this.sessions.openSessionsOf(userId, appName), reason);
  }

  async bindConnection(sessionId: string, connectionId: string): Promise<void> {
    await this.sessions.bindConnection(connectionId, sessionId, new Date());
  }
}
