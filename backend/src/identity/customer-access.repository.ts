import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';

/** A password hash no password matches: the user exists but cannot sign in until it creates one. */
export const NO_PASSWORD = '!';

export interface PasswordLinkRow {
  id: number;
  userId: string;
  username: string;
  expired: boolean;
  used: boolean;
}

/** The store's customer users and their 'Crea tu contraseña' links (plain SQL: the races are the database's). */
@Injectable()
export class CustomerAccessRepository {
  constructor(private readonly em: EntityManager) {}

  /** Serialises the activations of one company until the transaction ends. */
  async lockCompany(customerId: number): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtext('customer-access'), ?)`, [customerId]);
  }

  /** Whether the company has an enabled customer user. */
  async hasCustomerUser(customerId: number): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(`select 1 from app_user where customer_id = ? and role_code = 'CUSTOMER' and enabled limit 1`, [customerId]);
    return rows.length > 0;
  }

  /** The new user's id, or null when the user name is taken (the unique user name decides). */
  async insertUser(user: { username: string; names: string; surnames: string; email: string; customerId: number; apps: string[] }): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into app_user (id, username, password_hash, names, surnames, email, enabled, role_code, apps, customer_id, created_at, updated_at, version)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, true, 'CUSTOMER', ?, ?, now(), now(), 1)
       on conflict (username) do nothing returning id`,
      [user.username, NO_PASSWORD, user.names, user.surnames, user.email, `{${user.apps.join(',')}}`, user.customerId],
    );
    return rows[0]?.id ?? null;
  }

  /** A link for the user, or false when it already has one (the unique user id decides). */
  async insertLink(userId: string, tokenHash: string, validHours: number): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `insert into password_link (user_id, token_hash, created_at, expires_at) values (?, ?, now(), now() + make_interval(hours => ?))
       on conflict (user_id) do nothing returning id`,
      [userId, tokenHash, validHours],
    );
    return rows.length > 0;
  }

  /** The link of a token hash, locked when `lock` (the transaction that spends it). */
  async linkByHash(tokenHash: string, lock = false): Promise<PasswordLinkRow | null> {
    const rows = await this.em.execute<{ id: number; user_id: string; username: string; expired: boolean; used: boolean }[]>(
      `select l.id, l.user_id, u.username, l.expires_at <= now() as expired, l.used_at is not null as used
         from password_link l join app_user u on u.id = l.user_id
        where l.token_hash = ?${lock ? ' for update of l' : ''}`,
      [tokenHash],
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, username: row.username, expired: row.expired, used: row.used } : null;
  }

  /** Spends the link and sets the user's password. */
  async usePassword(linkId: number, userId: string, passwordHash: string): Promise<void> {
    await this.em.execute(`update password_link set used_at = now() where id = ?`, [linkId]);
    await this.em.execute(`update app_user set password_hash = ?, updated_at = now(), version = version + 1 where id = ?`, [passwordHash, userId]);
  }
}
