import { Injectable } from '@nestjs/common';
import type { HubConnection } from './hub-connection.js';
import { RECEIVE_SESSION_STATUS } from './session-hub.js';

/** How long an ended session is remembered, to catch connections that were authorised just before it ended. */
const ENDED_MEMORY_MS = 2 * 60_000;

interface EndedSession {
  message: string;
  reason: string;
  at: number;
}

/** The hub connections of this instance, by id and by session. */
@Injectable()
export class HubConnections {
  private readonly byId = new Map<string, HubConnection>();
  private readonly bySession = new Map<string, Set<HubConnection>>();
  private readonly ended = new Map<string, EndedSession>();

  get size(): number {
    return this.byId.size;
  }

  has(connectionId: string): boolean {
    return this.byId.has(connectionId);
  }

  all(): HubConnection[] {
    return [...this.byId.values()];
  }

  ofSession(sessionId: string): HubConnection[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  /** Registers a connection; false when its id is already connected here. */
  add(connection: HubConnection): boolean {
    if (this.byId.has(connection.id)) return false;
    this.byId.set(connection.id, connection);
    const ofSession = this.bySession.get(connection.sessionId) ?? new Set<HubConnection>();
    ofSession.add(connection);
    this.bySession.set(connection.sessionId, ofSession);
    connection.onClose(() => this.remove(connection));
    // The session may have ended between the upgrade's session check and this moment.
    const ended = this.ended.get(connection.sessionId);
    if (ended) connection.endSession(RECEIVE_SESSION_STATUS, ended.message, ended.reason);
    return true;
  }

  remove(connection: HubConnection): void {
    if (this.byId.get(connection.id) !== connection) return;
    this.byId.delete(connection.id);
    const ofSession = this.bySession.get(connection.sessionId);
    ofSession?.delete(connection);
    if (ofSession?.size === 0) this.bySession.delete(connection.sessionId);
  }

  /** Tells every connection of the session here that it ended, and closes them; returns how many. */
  endSession(sessionId: string, message: string, reason: string, now = Date.now()): number {
    for (const [id, entry] of this.ended) if (now - entry.at > ENDED_MEMORY_MS) this.ended.delete(id);
    this.ended.set(sessionId, { message, reason, at: now });
    const connections = this.ofSession(sessionId);
    for (const connection of connections) connection.endSession(RECEIVE_SESSION_STATUS, message, reason);
    return connections.length;
  }
}
