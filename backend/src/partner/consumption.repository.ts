import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { PartnerConsumption } from './consumption.entity.js';

/** Where a partner's request points: the customer (by document) and the brand of the feature. */
export interface ConsumptionTarget {
  customerId: number | null;
  /** Null when no feature has that code. */
  featureAppName: string | null;
}

@Injectable()
export class ConsumptionRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes the key for this transaction without waiting: false while another request holds it (in
   * flight). Released at commit or rollback.
   */
  async tryKeyLock(apiClientId: string, key: string): Promise<boolean> {
    const [row] = await this.em.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as ok', [`partner ${apiClientId} ${key}`]);
    return row?.ok === true;
  }

  findRecord(apiClientId: string, key: string): Promise<PartnerConsumption | null> {
    return this.em.findOne(PartnerConsumption, { apiClientId, idempotencyKey: key });
  }

  async record(data: Omit<PartnerConsumption, never>): Promise<void> {
    await this.em.insert(PartnerConsumption, data);
  }

  findByMovement(movementId: number, appName: string): Promise<PartnerConsumption | null> {
    return this.em.findOne(PartnerConsumption, { movementId, appName });
  }

  /** One read for the customer and the feature's brand (reference rows of the customer and catalogue domains). */
  async target(documentType: string, documentNumber: string, serviceFeatureCode: string): Promise<ConsumptionTarget> {
    const [row] = await this.em.execute<{ customer_id: number | null; app_name: string | null }[]>(
      `select (select c.id from customer c join document_type d on d.id = c.document_type_id
                where upper(d.document_type_code) = upper(?) and c.document_number = ?) as customer_id,
              (select s.app_name from service_feature f join service s on s.id = f.service_id
                where lower(f.service_feature_code) = lower(?)) as app_name`,
      [documentType, documentNumber.trim(), serviceFeatureCode],
    );
    return { customerId: row?.customer_id == null ? null : Number(row.customer_id), featureAppName: row?.app_name ?? null };
  }

  /** The feature codes (lower case) of the brand's services. */
  async brandFeatureCodes(appName: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ code: string }[]>(
      'select lower(f.service_feature_code) as code from service_feature f join service s on s.id = f.service_id where s.app_name = ?',
      [appName],
    );
    return new Set(rows.map((r) => r.code));
  }
}
