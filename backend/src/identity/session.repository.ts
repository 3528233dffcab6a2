import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { HubConnection, RefreshToken, Session } from './identity.entities.js';

export interface RotatedToken {
  sessionId: string;
  expiresAt: Date;
}

export interface RotationRecord {
  rotatedAt: Date | null;
  successor: string | null;
}

/** Sessions, refresh tokens and login attempts; state changes are single conditional statements. */
@Injectable()
export class SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async create(session: Omit<Session, 'endedAt' | 'endReason'>, refresh: Omit<RefreshToken, 'rotatedAt' | 'successor'>): Promise<void> {
    this.em.create(Session, { ...session, endedAt: null, endReason: null });
    this.em.create(RefreshToken, { ...refresh, rotatedAt: null, successor: null });
    await this.em.flush();
  }

  findRefreshToken(tokenHash: string): Promise<RefreshToken | null> {
    return this.em.findOne(RefreshToken, { tokenHash });
  }

  findSession(id: string): Promise<Session | null> {
    return this.em.findOne(Session, { id });
  }

  /**
   * Marks the token rotated into `successor` only if it is still current and its session open; of
   * concurrent refreshes with one token exactly one gets a row back (the others wait for its
   * commit, then find the row rotated).
   */
  async rotate(tokenHash: string, successor: string, now: Date): Promise<RotatedToken | null> {
    const rows = await this.em.execute<{ session_id: string; expires_at: Date }[]>(
      `update refresh_token rt set rotated_at = ?, successor = ? from session s
        where rt.token_hash = ? and rt.rotated_at is null and rt.expires_at > ? and s.id = rt.session_id and s.ended_at is null
        returning rt.session_id, rt.expires_at`,
      [now, successor, tokenHash, now],
    );
    const row = rows[0];
    return row ? { sessionId: row.session_id, expiresAt: new Date(row.expires_at) } : null;
  }

  /** The committed rotation state of a token, read afresh (not from the identity map). */
  async rotation(tokenHash: string): Promise<RotationRecord | null> {
    const rows = await this.em.execute<{ rotated_at: Date | null; successor: string | null }[]>(
      'select rotated_at, successor from refresh_token where token_hash = ?',
      [tokenHash],
    );
    const row = rows[0];
    return row ? { rotatedAt: row.rotated_at ? new Date(row.rotated_at) : null, successor: row.successor } : null;
  }

  async addRefreshToken(token: Omit<RefreshToken, 'rotatedAt' | 'successor'>, now: Date): Promise<void> {
    this.em.create(RefreshToken, { ...token, rotatedAt: null, successor: null });
    await this.em.flush();
    await this.em.nativeUpdate(Session, { id: token.sessionId }, { lastUsedAt: now });
  }

  /** Ends the open sessions among `ids`; returns those this call ended. */
  async end(ids: string[], reason: string, now: Date): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.em.execute<{ id: string }[]>(
      `update session set ended_at = ?, end_reason = ? where id in (${ids.map(() => '?').join(',')}) and ended_at is null returning id`,
      [now, reason, ...ids],
    );
    return rows.map((r) => r.id);
  }

  async openSessionsOf(userId: string, appName?: string): Promise<string[]> {
    const rows = await this.em.find(Session, { userId, endedAt: null, ...(appName ? { appName } : {}) }, { fields: ['id'] });
    return rows.map((r) => r.id);
  }

  /** Open sessions of the users holding any of these roles. */
  async openSessionsOfRoles(roleCodes: string[]): Promise<string[]> {
    if (!roleCodes.length) return [];
    const rows = await this.em.execute<{ id: string }[]>(
      `select s.id from session s join app_user u on u.id = s.user_id
        where s.ended_at is null and u.role_code in (${roleCodes.map(() => '?').join(',')})`,
      roleCodes,
    );
    return rows.map((r) => r.id);
  }

  async isActive(id: string): Promise<boolean> {
    const rows = await this.em.execute<{ ok: number }[]>('select 1 as ok from session where id = ? and ended_at is null', [id]);
    return rows.length > 0;
  }

  /** Records an opened connection; false when that id is already recorded. */
  async openConnection(connectionId: string, sessionId: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute<{ connection_id: string }[]>(
      'insert into hub_connection (connection_id, session_id, opened_at) values (?, ?, ?) on conflict do nothing returning connection_id',
      [connectionId, sessionId, now],
    );
    return rows.length > 0;
  }

  async closeConnection(connectionId: string): Promise<void> {
    await this.em.nativeDelete(HubConnection, { connectionId });
  }

  /** Binds the connection only when this session opened it; false otherwise (unknown, closed or another session's). */
  async bindConnection(connectionId: string, sessionId: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute<{ connection_id: string }[]>(
      'update hub_connection set bound_at = ? where connection_id = ? and session_id = ? returning connection_id',
      [now, connectionId, sessionId],
    );
    return rows.length > 0;
  }

  /** Rows left by an instance that stopped without closing its connections: those of ended sessions. */
  async pruneConnections(): Promise<number> {
    const rows = await this.em.execute<{ connection_id: string }[]>(
      'delete from hub_connection h using session s where s.id = h.session_id and s.ended_at is not null returning h.connection_id',
    );
    return rows.length;
  }
}
