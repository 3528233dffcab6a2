import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { SessionState } from '../auth/session-state.js';
import { EventBus } from '../events/event-bus.js';
import { SESSION_END_MESSAGES, type SessionEndReason } from '../events/events.js';
import { SessionRepository } from './session.repository.js';

/** How long an instance trusts that a session it saw open is still open, unless told otherwise. */
const OPEN_SESSION_TTL_MS = 5000;
const MAX_REMEMBERED = 50_000;
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Session lifecycle: whether a session is open, and ending sessions with a hub notification.
 * Every authenticated request asks whether its session is open; the answer "open" is remembered
 * for a few seconds and forgotten at once when the session ends here, or when `session.ended`
 * arrives from another instance (LISTEN/NOTIFY), so logout still takes effect immediately.
 */
@Injectable()
export class SessionService extends SessionState implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly open = new Map<string, number>();
  private pruner?: NodeJS.Timeout;

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
    this.pruner = setInterval(() => void this.pruneConnections(), PRUNE_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.pruner);
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

  /** Records a hub connection this session opened; only such a connection can be bound by validatesession. */
  openConnection(sessionId: string, connectionId: string): Promise<boolean> {
    return RequestContext.create(this.em, () => this.sessions.openConnection(connectionId, sessionId, new Date()));
  }

  async closeConnection(connectionId: string): Promise<void> {
    await RequestContext.create(this.em, () => this.sessions.closeConnection(connectionId));
  }

  /** Binds a connection the session itself opened; false for any other id. */
  bindConnection(sessionId: string, connectionId: string): Promise<boolean> {
    return this.sessions.bindConnection(connectionId, sessionId, new Date());
  }

  /** Deletes connection rows of ended sessions (an instance that stopped abruptly never closed them). */
  async pruneConnections(): Promise<number> {
    try {
      return await RequestContext.create(this.em, () => this.sessions.pruneConnections());
    } catch (error) {
      this.logger.warn(`Pruning hub connections failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
