import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { LoginAttempt } from './identity.entities.js';

export interface AttemptCounts {
  /** Failures on this account from this address within the window, since its last success from there. */
  pair: number;
  /** Failures from this address within the window. */
  address: number;
  /** Failures on this account within the account window. */
  account: number;
  /** Whether this account has signed in successfully from this address lately. */
  knownAddress: boolean;
}

export interface CountWindows {
  since: Date;
  accountSince: Date;
  knownSince: Date;
}

/** Sign-in attempts: one row per attempt, `address` being the throttle key of the client's address. */
@Injectable()
export class LoginAttemptRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Serialises the attempts on one account and the attempts from one address within the current
   * transaction, so counts and the new row are exact under concurrency. Every caller takes the
   * account lock first, so no two callers wait on each other in a cycle.
   */
  async lock(username: string, address: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?)), pg_advisory_xact_lock(hashtext(?))', [
      `login:account:${username}`,
      `login:address:${address}`,
    ]);
  }

  async counts(username: string, address: string, w: CountWindows): Promise<AttemptCounts> {
    const rows = await this.em.execute<{ pair: string; address: string; account: string; known: boolean }[]>(
      `select
         count(*) filter (where not succeeded and username = ? and ip_address = ? and attempted_at > ?
           and attempted_at > coalesce((select max(attempted_at) from login_attempt where username = ? and ip_address = ? and succeeded), '-infinity')) as pair,
         count(*) filter (where not succeeded and ip_address = ? and attempted_at > ?) as address,
         count(*) filter (where not succeeded and username = ? and attempted_at > ?) as account,
         coalesce(bool_or(succeeded and username = ? and ip_address = ? and attempted_at > ?), false) as known
       from login_attempt
       where (username = ? or ip_address = ?) and attempted_at > ?`,
      [
        ...[username, address, w.since, username, address],
        ...[address, w.since],
        ...[username, w.accountSince],
        ...[username, address, w.knownSince],
        ...[username, address, new Date(Math.min(w.since.getTime(), w.accountSince.getTime(), w.knownSince.getTime()))],
      ],
    );
    const row = rows[0];
    return { pair: Number(row?.pair ?? 0), address: Number(row?.address ?? 0), account: Number(row?.account ?? 0), knownAddress: Boolean(row?.known) };
  }

  /**
   * When the `limit`-th newest failure matching the condition was made: once it leaves the
   * window, fewer than `limit` remain.
   */
  async nthNewestFailure(where: { username?: string; address?: string; since: Date; afterLastPairSuccess?: boolean }, limit: number): Promise<Date | null> {
    const conditions = ['not succeeded', 'attempted_at > ?'];
    const params: unknown[] = [where.since];
    if (where.username !== undefined) {
      conditions.push('username = ?');
      params.push(where.username);
    }
    if (where.address !== undefined) {
      conditions.push('ip_address = ?');
      params.push(where.address);
    }
    if (where.afterLastPairSuccess) {
      conditions.push(
        `attempted_at > coalesce((select max(attempted_at) from login_attempt s where s.username = ? and s.ip_address = ? and s.succeeded), '-infinity')`,
      );
      params.push(where.username, where.address);
    }
    const rows = await this.em.execute<{ attempted_at: Date }[]>(
      `select attempted_at from login_attempt where ${conditions.join(' and ')} order by attempted_at desc offset ? limit 1`,
      [...params, Math.max(0, limit - 1)],
    );
    return rows[0] ? new Date(rows[0].attempted_at) : null;
  }

  /** Records an attempt as failed until it is known to have succeeded; returns its id. */
  async insertFailure(username: string, address: string, now: Date): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      'insert into login_attempt (username, ip_address, succeeded, attempted_at) values (?, ?, false, ?) returning id',
      [username, address, now],
    );
    return Number(rows[0].id);
  }

  async markSucceeded(id: number): Promise<void> {
    await this.em.nativeUpdate(LoginAttempt, { id }, { succeeded: true });
  }

  /** Forgets attempts older than `before`. */
  async prune(before: Date): Promise<number> {
    return this.em.nativeDelete(LoginAttempt, { attemptedAt: { $lt: before } });
  }
}
