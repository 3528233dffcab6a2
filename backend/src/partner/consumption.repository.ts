import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { PartnerConsumption } from './consumption.entity.js';

/** Where a partner's request points: the customer (by document) and the brand of the feature. */
export interface ConsumptionTarget {
  customerId: number | null;
  /** Null when no feature has that code. */
  featureAppName: string | null;
}

/** What an Idempotency-Key claim found: whether this request holds the key, and the answer already given to it. */
export interface KeyClaim {
  locked: boolean;
  known: { fingerprint: string; response: Record<string, unknown> } | null;
}

/** A request of a group commit: its client and key, and where it points. */
export interface KeyRequest {
  apiClientId: string;
  key: string;
  documentType: string;
  documentNumber: string;
  serviceFeatureCode: string;
}

/** A consumption's owner and the record of its key, written together. */
export interface ConsumptionRecord {
  movementId: number;
  apiClientId: string;
  appName: string;
  idempotencyKey: string;
  fingerprint: string;
  response: Record<string, unknown>;
  createdAt: Date;
}

/** Key of the purge job's advisory lock (one instance purges at a time). */
const PURGE_LOCK_KEY = 11_0002;

/**
 * Partners' consumptions and their Idempotency-Keys. What lies in other domains is read through
 * the read-only views those domains publish (`customer_document`, `service_feature_brand`), so a
 * request's target is still one statement.
 */
@Injectable()
export class ConsumptionRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes the key for this transaction without waiting (false while another request holds it,
   * in flight; released at commit or rollback) and reads the answer it already got, in one
   * statement. The read's snapshot precedes the lock: a request that finished between the two is
   * missed here and caught by `record` (the key's primary key).
   */
  async claimKey(apiClientId: string, key: string): Promise<KeyClaim> {
    const [row] = await this.em.execute<{ locked: boolean; fingerprint: string | null; response: Record<string, unknown> | string | null }[]>(
      `select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked, k.fingerprint, k.response
         from (select 1) as one left join partner_idempotency_key k on k.api_client_id = ? and k.idempotency_key = ?`,
      [`partner ${apiClientId} ${key}`, apiClientId, key],
    );
    if (!row?.locked) return { locked: false, known: null };
    if (row.fingerprint === null || row.response === null) return { locked: true, known: null };
    const response = typeof row.response === 'string' ? (JSON.parse(row.response) as Record<string, unknown>) : row.response;
    return { locked: true, known: { fingerprint: row.fingerprint, response } };
  }

  /**
   * The group commit's claims, one statement for all: each key taken for this transaction without
   * waiting (as `claimKey`, same lock key), the answer it already got, and the request's target (as
   * `target`), in the order given. Keys must differ (a session holds its advisory locks twice).
   */
  async claimKeys(requests: readonly KeyRequest[]): Promise<(KeyClaim & { target: ConsumptionTarget })[]> {
    const rows = await this.em.execute<
      {
        i: number;
        locked: boolean;
        fingerprint: string | null;
        response: Record<string, unknown> | string | null;
        customer_id: number | null;
        app_name: string | null;
      }[]
    >(
      `select r.i, pg_try_advisory_xact_lock(hashtextextended('partner ' || r.api_client_id || ' ' || r.key, 0)) as locked, k.fingerprint, k.response,
              (select customer_id from customer_document where upper(document_type_code) = upper(r.document_type) and document_number = r.document_number) as customer_id,
              (select app_name from service_feature_brand where lower(service_feature_code) = lower(r.code)) as app_name
         from jsonb_to_recordset(?::jsonb) as r(i int, api_client_id text, key text, document_type text, document_number text, code text)
         left join partner_idempotency_key k on k.api_client_id = r.api_client_id::uuid and k.idempotency_key = r.key
        order by r.i`,
      [
        JSON.stringify(
          requests.map((r, i) => ({
            i,
            api_client_id: r.apiClientId,
            key: r.key,
            document_type: r.documentType,
            document_number: r.documentNumber.trim(),
            code: r.serviceFeatureCode,
          })),
        ),
      ],
    );
    return rows.map((row) => {
      const target = { customerId: row.customer_id == null ? null : Number(row.customer_id), featureAppName: row.app_name ?? null };
      if (!row.locked) return { locked: false, known: null, target };
      if (row.fingerprint === null || row.response === null) return { locked: true, known: null, target };
      const response = typeof row.response === 'string' ? (JSON.parse(row.response) as Record<string, unknown>) : row.response;
      return { locked: true, known: { fingerprint: row.fingerprint, response }, target };
    });
  }

  /**
   * The group commit's owners and key records in one statement; false (the caller rolls back)
   * when any key was recorded meanwhile by a request its claim did not see.
   */
  async recordMany(records: readonly ConsumptionRecord[]): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `with r as (
         select * from jsonb_to_recordset(?::jsonb)
           as r(movement_id bigint, api_client_id uuid, app_name text, idempotency_key text, fingerprint text, response jsonb, created_at timestamptz)),
       owner as (insert into partner_consumption (movement_id, api_client_id, app_name, created_at) select movement_id, api_client_id, app_name, created_at from r)
       insert into partner_idempotency_key (api_client_id, idempotency_key, fingerprint, response, created_at)
       select api_client_id, idempotency_key, fingerprint, response, created_at from r
       on conflict do nothing returning 1`,
      [
        JSON.stringify(
          records.map((d) => ({
            movement_id: d.movementId,
            api_client_id: d.apiClientId,
            app_name: d.appName,
            idempotency_key: d.idempotencyKey,
            fingerprint: d.fingerprint,
            response: d.response,
            created_at: d.createdAt.toISOString(),
          })),
        ),
      ],
    );
    return rows.length === records.length;
  }

  /**
   * Writes the consumption's owner and its key's record in one statement; false (the caller rolls
   * back) when the key was recorded meanwhile by a request this one's claim did not see.
   */
  async record(data: ConsumptionRecord): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `with owner as (insert into partner_consumption (movement_id, api_client_id, app_name, created_at) values (?, ?, ?, ?))
       insert into partner_idempotency_key (api_client_id, idempotency_key, fingerprint, response, created_at) values (?, ?, ?, ?, ?)
       on conflict do nothing returning 1`,
      [
        data.movementId,
        data.apiClientId,
        data.appName,
        data.createdAt,
        data.apiClientId,
        data.idempotencyKey,
        data.fingerprint,
        JSON.stringify(data.response),
        data.createdAt,
      ],
    );
    return rows.length > 0;
  }

  /** The consumption's owner when a client of that brand posted it. */
  findOwner(movementId: number, appName: string): Promise<PartnerConsumption | null> {
    return this.em.findOne(PartnerConsumption, { movementId, appName });
  }

  /** One read, of the customer domain's and the catalogue's published views. */
  async target(documentType: string, documentNumber: string, serviceFeatureCode: string): Promise<ConsumptionTarget> {
    const [row] = await this.em.execute<{ customer_id: number | null; app_name: string | null }[]>(
      `select (select customer_id from customer_document where upper(document_type_code) = upper(?) and document_number = ?) as customer_id,
              (select app_name from service_feature_brand where lower(service_feature_code) = lower(?)) as app_name`,
      [documentType, documentNumber.trim(), serviceFeatureCode],
    );
    return { customerId: row?.customer_id == null ? null : Number(row.customer_id), featureAppName: row?.app_name ?? null };
  }

  /** The feature codes (lower case) of the brand's services. */
  async brandFeatureCodes(appName: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ code: string }[]>('select lower(service_feature_code) as code from service_feature_brand where app_name = ?', [
      appName,
    ]);
    return new Set(rows.map((r) => r.code));
  }

  /** Takes the purge job's transaction-scoped advisory lock; false when another instance holds it. */
  async tryPurgeLock(): Promise<boolean> {
    const [row] = await this.em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [PURGE_LOCK_KEY]);
    return row?.locked === true;
  }

  /** Deletes up to `limit` key records created before `cutoff`, oldest first; answers how many. */
  async purgeKeys(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.em.execute<unknown[]>(
      `delete from partner_idempotency_key where (api_client_id, idempotency_key) in (
         select api_client_id, idempotency_key from partner_idempotency_key where created_at < ? order by created_at limit ? for update skip locked)
       returning 1`,
      [cutoff, limit],
    );
    return rows.length;
  }
}
