import type { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';

export interface VerificationRow {
  codeHash: string | null;
  codeExpiresAt: Date | null;
  failedTries: number;
  verifiedAt: Date | null;
  /** Whether the code has expired, by the database's clock. */
  expired: boolean;
}

interface Row {
  code_hash: string | null;
  code_expires_at: Date | string | null;
  failed_tries: number;
  verified_at: Date | string | null;
  expired: boolean | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The e-mail verification rows, always in the caller's transaction. */
@Injectable()
export class EmailVerificationRepository {
  /** The row of the e-mail and brand, locked until the transaction ends (created when missing). */
  async lock(em: EntityManager, email: string, appName: string): Promise<VerificationRow> {
    await em.execute('insert into email_verification (email, app_name) values (?, ?) on conflict do nothing', [email, appName]);
    return (await this.read(em, email, appName, true))!;
  }

  async read(em: EntityManager, email: string, appName: string, forUpdate = false): Promise<VerificationRow | null> {
    const [row] = await em.execute<Row[]>(
      `select code_hash, code_expires_at, failed_tries, verified_at, code_expires_at <= now() as expired
         from email_verification where email = ? and app_name = ?${forUpdate ? ' for update' : ''}`,
      [email, appName],
    );
    if (!row) return null;
    return {
      codeHash: row.code_hash,
      codeExpiresAt: date(row.code_expires_at),
      failedTries: row.failed_tries,
      verifiedAt: date(row.verified_at),
      expired: row.expired === true,
    };
  }

  /** Stores a new code (its HMAC), valid for `minutes`; the wrong tries start again. Answers its expiry. */
  async newCode(em: EntityManager, email: string, appName: string, codeHash: string, minutes: number): Promise<Date> {
    const [row] = await em.execute<{ code_expires_at: Date | string }[]>(
      `update email_verification set code_hash = ?, code_expires_at = now() + make_interval(mins => ?), failed_tries = 0
        where email = ? and app_name = ? returning code_expires_at`,
      [codeHash, minutes, email, appName],
    );
    return new Date(row!.code_expires_at);
  }

  async wrongTry(em: EntityManager, email: string, appName: string): Promise<number> {
    const [row] = await em.execute<{ failed_tries: number }[]>(
      'update email_verification set failed_tries = failed_tries + 1 where email = ? and app_name = ? returning failed_tries',
      [email, appName],
    );
    return row!.failed_tries;
  }

  /** The code is used: the e-mail is verified for the brand and the code forgotten. */
  async verified(em: EntityManager, email: string, appName: string): Promise<void> {
    await em.execute('update email_verification set verified_at = now(), code_hash = null, code_expires_at = null where email = ? and app_name = ?', [
      email,
      appName,
    ]);
  }

  /** Serialises the sends of one client address (released at commit). */
  async lockAddress(em: EntityManager, address: string): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`email-code-address ${address}`]);
  }

  /**
   * The sends within the window: of the e-mail (any brand), of the address, and the seconds since
   * the e-mail's last one for the brand (null: none).
   */
  async sendCounts(em: EntityManager, email: string, appName: string, address: string, windowSeconds: number) {
    const [row] = await em.execute<
      { by_email: string; by_address: string; since_last: string | null; oldest_email: string | null; oldest_address: string | null }[]
    >(
      `select (select count(*) from email_code_send where email = ? and sent_at > now() - make_interval(secs => ?)) as by_email,
              (select count(*) from email_code_send where address = ? and sent_at > now() - make_interval(secs => ?)) as by_address,
              (select extract(epoch from now() - max(sent_at)) from email_code_send where email = ? and app_name = ?) as since_last,
              (select extract(epoch from min(sent_at) + make_interval(secs => ?) - now()) from email_code_send where email = ? and sent_at > now() - make_interval(secs => ?)) as oldest_email,
              (select extract(epoch from min(sent_at) + make_interval(secs => ?) - now()) from email_code_send where address = ? and sent_at > now() - make_interval(secs => ?)) as oldest_address`,
      [email, windowSeconds, address, windowSeconds, email, appName, windowSeconds, email, windowSeconds, windowSeconds, address, windowSeconds],
    );
    return {
      byEmail: Number(row!.by_email),
      byAddress: Number(row!.by_address),
      secondsSinceLast: row!.since_last === null ? null : Number(row!.since_last),
      /** Seconds until the oldest send of the window leaves it. */
      emailWindowFreesIn: row!.oldest_email === null ? 0 : Number(row!.oldest_email),
      addressWindowFreesIn: row!.oldest_address === null ? 0 : Number(row!.oldest_address),
    };
  }

  async recordSend(em: EntityManager, email: string, appName: string, address: string): Promise<number> {
    await em.execute(`delete from email_code_send where sent_at < now() - interval '1 day'`);
    const [row] = await em.execute<{ id: string | number }[]>('insert into email_code_send (email, app_name, address) values (?, ?, ?) returning id', [
      email,
      appName,
      address,
    ]);
    return Number(row!.id);
  }

  async isVerified(em: EntityManager, email: string, appName: string): Promise<boolean> {
    const rows = await em.execute<unknown[]>('select 1 from email_verification where email = ? and app_name = ? and verified_at is not null', [email, appName]);
    return rows.length > 0;
  }
}
