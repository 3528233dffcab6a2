import { Injectable } from '@nestjs/common';
import type { PurchaseCustomerInput } from '@licencias/common/rules';
import { EntityManager } from '@mikro-orm/sql';
import type { TrialState } from './trial.types.js';

/** A trial request as its link reads it back (under its row lock). */
export interface TrialRow {
  id: number;
  appName: string;
  packageId: number;
  serviceId: number;
  email: string;
  customer: PurchaseCustomerInput;
  state: TrialState;
  /** By the database's clock. */
  expired: boolean;
}

export interface NewTrial {
  appName: string;
  packageId: number;
  serviceId: number;
  documentTypeId: number;
  documentNumber: string;
  email: string;
  customer: PurchaseCustomerInput;
  tokenHash: string;
  validMinutes: number;
}

/** The data access of trials: times are the database's, the unique indexes decide one trial per company and per e-mail. */
@Injectable()
export class TrialRepository {
  constructor(private readonly em: EntityManager) {}

  /** Orders the requests of one e-mail and brand (the resend wait counts exactly), until the transaction ends. */
  async lockEmail(appName: string, email: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`trial:${appName}:${email}`]);
  }

  /** Whether the company or the e-mail already holds an activated trial of the brand. */
  async used(appName: string, documentTypeId: number, documentNumber: string, email: string): Promise<{ document: boolean; email: boolean }> {
    const [row] = await this.em.execute<{ document: boolean; email: boolean }[]>(
      `select exists (select 1 from trial_request where app_name = ? and document_type_id = ? and document_number = ? and state = 'ACTIVATED') as document,
              exists (select 1 from trial_request where app_name = ? and email = ? and state = 'ACTIVATED') as email`,
      [appName, documentTypeId, documentNumber, appName, email],
    );
    return { document: !!row?.document, email: !!row?.email };
  }

  /** Seconds since the last link to this e-mail of the brand, or null when none was sent. */
  async secondsSinceLast(appName: string, email: string): Promise<number | null> {
    const [row] = await this.em.execute<{ seconds: string | null }[]>(
      `select extract(epoch from clock_timestamp() - max(created_at))::text as seconds from trial_request where app_name = ? and email = ?`,
      [appName, email],
    );
    return row?.seconds == null ? null : Number(row.seconds);
  }

  async insert(trial: NewTrial): Promise<{ id: number; expiresAt: Date }> {
    const [row] = await this.em.execute<{ id: number; expires_at: Date }[]>(
      `insert into trial_request (app_name, package_id, service_id, document_type_id, document_number, email, customer, token_hash, state, created_at, expires_at)
       select ?, ?::int, ?::int, ?::int, ?, ?, ?::jsonb, ?, 'PENDING', at, at + make_interval(mins => ?::int) from (select clock_timestamp() as at) as now
       returning id, expires_at`,
      [
        trial.appName,
        trial.packageId,
        trial.serviceId,
        trial.documentTypeId,
        trial.documentNumber,
        trial.email,
        JSON.stringify(trial.customer),
        trial.tokenHash,
        trial.validMinutes,
      ],
    );
    if (!row) throw new Error('The trial request was not inserted');
    return { id: row.id, expiresAt: new Date(row.expires_at) };
  }

  /** The request of a link, locked until the transaction ends (a second use of the link waits, then finds it used). */
  async lockByToken(tokenHash: string): Promise<TrialRow | null> {
    const [row] = await this.em.execute<
      {
        id: number;
        app_name: string;
        package_id: number;
        service_id: number;
        email: string;
        customer: PurchaseCustomerInput | string;
        state: TrialState;
        expired: boolean;
      }[]
    >(
      `select id, app_name, package_id, service_id, email, customer, state, expires_at <= clock_timestamp() as expired
       from trial_request where token_hash = ? for update`,
      [tokenHash],
    );
    if (!row) return null;
    return {
      id: row.id,
      appName: row.app_name,
      packageId: row.package_id,
      serviceId: row.service_id,
      email: row.email,
      customer: typeof row.customer === 'string' ? (JSON.parse(row.customer) as PurchaseCustomerInput) : row.customer,
      state: row.state,
      expired: row.expired,
    };
  }

  /** Marks the request activated: the partial unique indexes refuse a second trial of the company or the e-mail here. */
  async activate(id: number): Promise<void> {
    await this.em.execute(`update trial_request set state = 'ACTIVATED', activated_at = clock_timestamp() where id = ? and state = 'PENDING'`, [id]);
  }

  async link(id: number, customerId: number, licenceId: number): Promise<void> {
    await this.em.execute(`update trial_request set customer_id = ?, licence_id = ? where id = ?`, [customerId, licenceId, id]);
  }
}
