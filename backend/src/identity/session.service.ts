import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { SessionState } from '../auth/session-state.js';
import { EventBus } from '../events/event-bus.js';
import { SESSION_END_MESSAGES, type SessionEndReason } from '../events/events.js';
import { SessionRepository } from './session.repository.js';

/** How long an instance trusts that a session it saw open is still open, unless told otherwise. */
const OPEN_SESSION_TTL_MS = 5000;
const MAX_REMEMBERED = 50_000;

/**
 * Session lifecycle: whether a session is open, and ending sessions with a hub notification.
 * Every authenticated request asks whether its session is open; the answer "open" is remembered
 * for a few seconds and forgotten at once when the session ends here, or when `session.ended`
 * arrives from another instance (LISTEN/NOTIFY), so logout still takes effect immediately.
 */
@Injectable()
export class SessionService extends SessionState implements OnModuleInit {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionRepository,
    private readonly events: EventBus,
  ) {
    super();
  }

  onModuleInit(): void {
    this.events.subscribe((event) => {
      if (event.type === 'session.ended') this.forget(event.sessionIds);
    });
  }

  async isActive(sessionId: string): Promise<boolean> {
    const until = this.open.get(sessionId);
    if (until !== undefined && until > Date.now()) return true;
    const active = await this.sessions.isActive(sessionId);
    if (active) {
      if (this.open.size >= MAX_REMEMBERED) this.open.clear();
      this.open.set(sessionId, Date.now() + OPEN_SESSION_TTL_MS);
    } else {
      this.open.delete(sessionId);
    }
    return active;
  }

  private forget(sessionIds: readonly string[]): void {
    for (const id of sessionIds) this.open.delete(id);
  }

  /** Ends the given sessions; every hub connection of them is told why, after commit. */
  async end(sessionIds: string[], reason: SessionEndReason): Promise<string[]> {
    const ended = await this.em.transactional(async (em) => {
      const ended = await this.sessions.end(sessionIds, reason, new Date());
      if (ended.length) await this.events.publish(em, { type: 'session.ended', sessionIds: ended, reason, message: SESSION_END_MESSAGES[reason] });
      return ended;
    });
    // Committed: this instance stops trusting them now; the others when the NOTIFY arrives.
    this.forget(ended);
    return ended;
  }

  async endAllOf(userId: string, reason: SessionEndReason, appName?: string): Promise<string[]> {
    return this.end(await this.sessions.openSessionsOf(userId, appName), reason);
  }

  async endAllOfRoles(roleCodes: string[], reason: SessionEndReason): Promise<string[]> {
    return this.end(await this.sessions.openSessionsOfRoles(roleCodes), reason);
  }

  async bindConnection(sessionId: string, connectionId: string): Promise<void> {
    await this.sessions.bindConnection(connectionId, sessionId, new Date());
  }
}
