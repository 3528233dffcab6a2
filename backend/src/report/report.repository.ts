import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { DATABASE } from '../database/database.module.js';
import { escapeLike } from '../database/list-filter.js';
import type { Database } from '../database/orm.js';
import type {
  ConsumptionExportRow,
  ConsumptionFilter,
  ConsumptionReportPoint,
  ConsumptionReportRow,
  DayWindow,
  PromoCodeReportPoint,
  PromoCodeReportRow,
  PromoFilter,
  ReportInterval,
  ServiceFilter,
  ServiceManagementPoint,
  ServiceManagementRow,
  SupportLicence,
  SupportOrder,
  SupportTrial,
} from './report.types.js';

type Num = string | number;
type FigureRow = { consumed: Num; reversed: Num; granted: Num; expired: Num; adjusted: Num; movements: Num };

const FIGURES = `coalesce(sum(u.consumed), 0) as consumed, coalesce(sum(u.reversed), 0) as reversed, coalesce(sum(u.granted), 0) as granted,
  coalesce(sum(u.expired), 0) as expired, coalesce(sum(u.adjusted), 0) as adjusted, coalesce(sum(u.movements), 0) as movements`;
const figures = (r: FigureRow) => {
  const consumed = Number(r.consumed);
  const reversed = Number(r.reversed);
  return {
    consumed,
    reversed,
    used: consumed - reversed,
    granted: Number(r.granted),
    expired: Number(r.expired),
    adjusted: Number(r.adjusted),
    movements: Number(r.movements),
  };
};
type ExportRow = FigureRow & {
  day: string;
  balance_id: number;
  document_type: string;
  document_number: string;
  customer_name: string;
  service_name: string;
  code: string;
};
const exportRow = (r: ExportRow): ConsumptionExportRow => ({
  day: r.day,
  balanceId: Number(r.balance_id),
  documentType: r.document_type,
  documentNumber: r.document_number,
  customerName: r.customer_name,
  serviceName: r.service_name,
  serviceFeatureCode: r.code,
  consumed: Number(r.consumed),
  reversed: Number(r.reversed),
  granted: Number(r.granted),
  expired: Number(r.expired),
  adjusted: Number(r.adjusted),
  movements: Number(r.movements),
});
/** A company's display name, as customerName() of the customer domain writes it. */
const CUSTOMER_NAME = `case when c.person_type = 'J' then coalesce(c.legal_name, '') else trim(concat_ws(' ', c.first_name, c.last_name)) end`;
/** The consumption Excel's columns over `u` (licence_daily_use) and the joins that name them. */
const EXPORT_COLUMNS = `to_char(u.day, 'YYYY-MM-DD') as day, u.balance_id, d.document_type_code as document_type, c.document_number,
  ${CUSTOMER_NAME} as customer_name, s.service_name, f.service_feature_code as code, u.consumed, u.reversed, u.granted, u.expired, u.adjusted, u.movements`;
const EXPORT_JOINS = `join licence_balance b on b.id = u.balance_id join licence l on l.id = b.licence_id
  join service s on s.id = l.service_id join service_feature f on f.id = b.service_feature_id
  join customer c on c.id = l.customer_id join document_type d on d.id = c.document_type_id`;
/** The filter's brand, service and feature as conditions over `s` (service) and `f` (feature). */
function addCatalogueConditions(filter: ConsumptionFilter, where: string[], params: unknown[]): void {
  if (filter.appName) {
    where.push('s.app_name = ?');
    params.push(filter.appName);
  }
  if (filter.serviceId !== undefined) {
    where.push('s.id = ?');
    params.push(filter.serviceId);
  }
  if (filter.featureCode) {
    where.push('lower(f.service_feature_code) = lower(?)');
    params.push(filter.featureCode.trim());
  }
}
/** Orders whose code counts as used: paid or activated (free plans activate without paying). */
const REDEEMED = `o.state in ('PAID', 'ACTIVATED')`;
const money = (expression: string) => `(coalesce(sum(${expression}), 0))::numeric(20, 2)::text`;
const bogotaDay = (column: string) => `(${column} at time zone 'America/Bogota')::date`;

/**
 * The reports' reads (catalogue-and-dashboards §2.3, issue 25). Reports are a read model over
 * the whole store: each answer is one SQL aggregate across the ledger's daily rollups, licences,
 * orders and codes, which no single domain's service can give without loading rows into memory.
 * It writes nothing: every table it reads stays owned (and written) by its domain.
 */
@Injectable()
export class ReportRepository {
  constructor(
    private readonly em: EntityManager,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /**
   * The consumption filter as SQL over `u` (rows with day, consumed, ...): a company's bags from
   * `licence_daily_use`, or everyone's from `report_daily_consumption`; with `s` (service) and `f`
   * (feature) joined.
   */
  private consumptionSource(filter: ConsumptionFilter): { from: string; where: string; params: unknown[] } {
    const params: unknown[] = [filter.from, filter.to];
    const where = ['u.day between ?::date and ?::date'];
    let from: string;
    if (filter.customerId !== undefined) {
      from = `licence_daily_use u join licence_balance b on b.id = u.balance_id join licence l on l.id = b.licence_id
        join service s on s.id = l.service_id join service_feature f on f.id = b.service_feature_id`;
      where.push('l.customer_id = ?');
      params.push(filter.customerId);
    } else {
      from = `report_daily_consumption u join service s on s.id = u.service_id join service_feature f on f.id = u.service_feature_id`;
    }
    addCatalogueConditions(filter, where, params);
    return { from, where: where.join(' and '), params };
  }

  /** The use per period (day, ISO week from Monday, month), oldest first; only periods with movements. */
  async consumptionPoints(filter: ConsumptionFilter, interval: ReportInterval): Promise<ConsumptionReportPoint[]> {
    const source = this.consumptionSource(filter);
    const rows = await this.em.execute<(FigureRow & { period: string })[]>(
      `select to_char(date_trunc(?, u.day::timestamp), 'YYYY-MM-DD') as period, ${FIGURES}
         from ${source.from} where ${source.where} group by 1 order by 1`,
      [interval, ...source.params],
    );
    return rows.map((r) => ({ period: r.period, ...figures(r) }));
  }

  /** The use per service and feature, the most used first. */
  async consumptionRows(filter: ConsumptionFilter): Promise<ConsumptionReportRow[]> {
    const source = this.consumptionSource(filter);
    const rows = await this.em.execute<
      (FigureRow & { service_id: number; service_name: string; app_name: string | null; code: string; description: string })[]
    >(
      `select s.id as service_id, s.service_name, s.app_name, f.service_feature_code as code, f.feature_description as description, ${FIGURES}
         from ${source.from} where ${source.where}
        group by s.id, f.id order by (coalesce(sum(u.consumed), 0) - coalesce(sum(u.reversed), 0)) desc, s.service_name, f.service_feature_code`,
      source.params,
    );
    return rows.map((r) => ({
      serviceId: Number(r.service_id),
      serviceName: r.service_name,
      appName: r.app_name,
      serviceFeatureCode: r.code,
      featureDescription: r.description,
      ...figures(r),
    }));
  }

  /** How many rows the consumption Excel would have (one per company bag and day with movements). */
  async countConsumptionExport(filter: ConsumptionFilter): Promise<number> {
    const { where, params } = this.exportSource(filter);
    const [row] = await this.em.execute<{ total: Num }[]>(`select count(*) as total from licence_daily_use u where ${where}`, params);
    return Number(row?.total ?? 0);
  }

  /**
   * The consumption Excel's rows in (day, bag) order, `chunk` at a time. On PostgreSQL one query is
   * read through a server-side cursor: one statement and one connection for the whole file (a query
   * per batch kept result rows alive long enough to reach V8's old generation: RSS +200 MB for
   * 1,000,000 rows). Stopping the iteration closes the cursor. PGlite (embedded, one connection,
   * no cursors) reads keyset batches cut from the (day, balance_id) index before the joins.
   */
  consumptionExportChunks(filter: ConsumptionFilter, chunk: number): AsyncGenerator<ConsumptionExportRow[]> {
    return this.db.kind === 'postgresql' ? this.cursorChunks(filter, chunk) : this.keysetChunks(filter, chunk);
  }

  private async *cursorChunks(filter: ConsumptionFilter, chunk: number): AsyncGenerator<ConsumptionExportRow[]> {
    const source = this.exportSource(filter);
    const rows = this.em
      .getConnection()
      .stream<ExportRow>(
        `select ${EXPORT_COLUMNS} from licence_daily_use u ${EXPORT_JOINS} where ${source.where} order by u.day, u.balance_id`,
        source.params,
        undefined,
        undefined,
        chunk,
      );
    let batch: ConsumptionExportRow[] = [];
    for await (const r of rows) {
      batch.push(exportRow(r));
      if (batch.length >= chunk) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  private async *keysetChunks(filter: ConsumptionFilter, chunk: number): AsyncGenerator<ConsumptionExportRow[]> {
    const source = this.exportSource(filter);
    let after: { day: string; balanceId: number } | null = null;
    for (;;) {
      const where: string = after ? `${source.where} and (u.day, u.balance_id) > (?::date, ?)` : source.where;
      const params: unknown[] = after ? [...source.params, after.day, after.balanceId, chunk] : [...source.params, chunk];
      const rows: ExportRow[] = await this.em.execute<ExportRow[]>(
        `select ${EXPORT_COLUMNS}
           from (select * from licence_daily_use u where ${where} order by u.day, u.balance_id limit ?) u ${EXPORT_JOINS}
          order by u.day, u.balance_id`,
        params,
      );
      const batch: ConsumptionExportRow[] = rows.map(exportRow);
      if (batch.length) yield batch;
      if (batch.length < chunk) return;
      const last: ConsumptionExportRow = batch[batch.length - 1];
      after = { day: last.day, balanceId: last.balanceId };
    }
  }

  /**
   * The Excel's rows: licence_daily_use over the window, every company bag or those the filter
   * keeps (a semi-join on the bags, so the rows still come in the day index's order).
   */
  private exportSource(filter: ConsumptionFilter): { where: string; params: unknown[] } {
    const bags: string[] = [];
    const bagParams: unknown[] = [];
    if (filter.customerId !== undefined) {
      bags.push('l.customer_id = ?');
      bagParams.push(filter.customerId);
    }
    addCatalogueConditions(filter, bags, bagParams);
    const window = 'u.day between ?::date and ?::date';
    if (!bags.length) return { where: window, params: [filter.from, filter.to] };
    return {
      where: `${window} and u.balance_id in (select b.id from licence_balance b join licence l on l.id = b.licence_id
        join service s on s.id = l.service_id join service_feature f on f.id = b.service_feature_id where ${bags.join(' and ')})`,
      params: [filter.from, filter.to, ...bagParams],
    };
  }

  /** Licences per service and origin: granted and expired in the window, active, expiring in 30/60/90 days, exhausted bags. */
  async serviceRows(filter: ServiceFilter, now: Date): Promise<ServiceManagementRow[]> {
    const { where, params } = this.serviceWhere(filter);
    const rows = await this.em.execute<
      {
        service_id: number;
        service_name: string;
        app_name: string | null;
        origin: ServiceManagementRow['origin'];
        granted: Num;
        active: Num;
        expiring30: Num;
        expiring60: Num;
        expiring90: Num;
        expired: Num;
        exhausted: Num;
      }[]
    >(
      `with licences as (
         select l.*, (l.state = 'ACTIVE' and l.effective_at <= ? and (l.expires_at is null or l.expires_at > ?)) as live
           from licence l join service s on s.id = l.service_id where ${where}
       )
       select l.service_id, s.service_name, s.app_name, l.origin,
              count(*) filter (where ${bogotaDay('l.created_at')} between ?::date and ?::date) as granted,
              count(*) filter (where l.live) as active,
              count(*) filter (where l.live and l.expires_at <= ?::timestamptz + interval '30 days') as expiring30,
              count(*) filter (where l.live and l.expires_at <= ?::timestamptz + interval '60 days') as expiring60,
              count(*) filter (where l.live and l.expires_at <= ?::timestamptz + interval '90 days') as expiring90,
              count(*) filter (where l.expires_at is not null and ${bogotaDay('l.expires_at')} between ?::date and ?::date and l.expires_at <= ?) as expired,
              coalesce(sum((select count(*) from licence_balance b where b.licence_id = l.id and not b.unlimited and b.used + b.expired >= b.total)) filter (where l.live), 0) as exhausted
         from licences l join service s on s.id = l.service_id
        group by l.service_id, s.service_name, s.app_name, l.origin
        order by s.service_name, l.origin`,
      [now, now, ...params, filter.from, filter.to, now, now, now, filter.from, filter.to, now],
    );
    return rows.map((r) => ({
      serviceId: Number(r.service_id),
      serviceName: r.service_name,
      appName: r.app_name,
      origin: r.origin,
      granted: Number(r.granted),
      active: Number(r.active),
      expiring30: Number(r.expiring30),
      expiring60: Number(r.expiring60),
      expiring90: Number(r.expiring90),
      expired: Number(r.expired),
      exhausted: Number(r.exhausted),
    }));
  }

  /** Licences granted per period and origin in the window. */
  async servicePoints(filter: ServiceFilter, interval: ReportInterval): Promise<ServiceManagementPoint[]> {
    const { where, params } = this.serviceWhere(filter);
    const rows = await this.em.execute<{ period: string; order_line: Num; trial: Num; agreement: Num; manual: Num }[]>(
      `select to_char(date_trunc(?, ${bogotaDay('l.created_at')}::timestamp), 'YYYY-MM-DD') as period,
              count(*) filter (where l.origin = 'ORDER_LINE') as order_line, count(*) filter (where l.origin = 'TRIAL') as trial,
              count(*) filter (where l.origin = 'AGREEMENT') as agreement, count(*) filter (where l.origin = 'MANUAL') as manual
         from licence l join service s on s.id = l.service_id
        where ${where} and ${bogotaDay('l.created_at')} between ?::date and ?::date
        group by 1 order by 1`,
      [interval, ...params, filter.from, filter.to],
    );
    return rows.map((r) => ({
      period: r.period,
      ORDER_LINE: Number(r.order_line),
      TRIAL: Number(r.trial),
      AGREEMENT: Number(r.agreement),
      MANUAL: Number(r.manual),
    }));
  }

  private serviceWhere(filter: ServiceFilter): { where: string; params: unknown[] } {
    const where = ['true'];
    const params: unknown[] = [];
    if (filter.appName) {
      where.push('s.app_name = ?');
      params.push(filter.appName);
    }
    if (filter.serviceId !== undefined) {
      where.push('s.id = ?');
      params.push(filter.serviceId);
    }
    return { where: where.join(' and '), params };
  }

  /** A company's licences with their bags: active first, the one that ends first on top. */
  async supportLicences(customerId: number, now: Date): Promise<SupportLicence[]> {
    const rows = await this.em.execute<
      {
        id: number;
        service_name: string;
        package_name: string | null;
        origin: SupportLicence['origin'];
        origin_reference: string;
        contract_number: string | null;
        state: string;
        effective_at: Date;
        expires_at: Date | null;
        bags: { code: string; description: string; total: number; used: number; expired: number; unlimited: boolean; last_used_at: string | null }[] | null;
      }[]
    >(
      `select l.id, s.service_name, coalesce(l.package_snapshot ->> 'packageName', l.package_snapshot ->> 'packageCode') as package_name,
              l.origin, l.origin_reference, l.contract_number, l.state, l.effective_at, l.expires_at,
              (select json_agg(json_build_object('code', f.service_feature_code, 'description', f.feature_description, 'total', b.total, 'used', b.used,
                        'expired', b.expired, 'unlimited', b.unlimited, 'last_used_at', b.last_used_at) order by f.service_feature_code)
                 from licence_balance b join service_feature f on f.id = b.service_feature_id where b.licence_id = l.id) as bags
         from licence l join service s on s.id = l.service_id
        where l.customer_id = ?
        order by (l.state = 'ACTIVE' and (l.expires_at is null or l.expires_at > ?)) desc, l.expires_at nulls last, l.id`,
      [customerId, now],
    );
    return rows.map((r) => ({
      licenceId: Number(r.id),
      serviceName: r.service_name,
      packageName: r.package_name,
      origin: r.origin,
      originReference: r.origin_reference,
      contractNumber: r.contract_number,
      state: r.state,
      effectiveAt: new Date(r.effective_at).toISOString(),
      expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      bags: (r.bags ?? []).map((b) => ({
        serviceFeatureCode: b.code,
        featureDescription: b.description,
        total: b.unlimited ? null : b.total,
        used: b.used,
        available: b.unlimited ? null : Math.max(0, b.total - b.used - b.expired),
        unlimited: b.unlimited,
        lastUsedAt: b.last_used_at ? new Date(b.last_used_at).toISOString() : null,
      })),
    }));
  }

  /** The company's last consumption of any day (its bags' last use). */
  async lastConsumption(customerId: number): Promise<Date | null> {
    const [row] = await this.em.execute<{ last: Date | null }[]>(
      'select max(b.last_used_at) as last from licence_balance b join licence l on l.id = b.licence_id where l.customer_id = ?',
      [customerId],
    );
    return row?.last ? new Date(row.last) : null;
  }

  /** The company's open orders (bought by it or for it), newest first, with their last payment's outcome. */
  async openOrders(customerId: number, documentNumber: string, limit: number): Promise<SupportOrder[]> {
    const rows = await this.em.execute<
      { id: number; reference_uuid: string; state: string; payment_method: string; total: string; created_at: Date; last_payment: string | null }[]
    >(
      `select o.id, o.reference_uuid, o.state, o.payment_method, o.total::text as total, o.created_at,
              (select p.outcome from payment_confirmation p where p.purchase_order_id = o.id order by p.received_at desc, p.id desc limit 1) as last_payment
         from purchase_order o
        where (o.buyer_customer_id = ? or o.customer_service ->> 'documentNumber' = ? or o.customer_billing ->> 'documentNumber' = ?)
          and o.state not in ('ACTIVATED', 'REJECTED', 'CANCELLED')
        order by o.created_at desc, o.id desc limit ?`,
      [customerId, documentNumber, documentNumber, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      referenceUuid: r.reference_uuid,
      state: r.state,
      paymentMethod: r.payment_method,
      total: r.total,
      createdAt: new Date(r.created_at).toISOString(),
      lastPaymentState: r.last_payment,
    }));
  }

  /** The company's trial requests, newest first. */
  async trials(documentTypeId: number, documentNumber: string, limit: number): Promise<SupportTrial[]> {
    const rows = await this.em.execute<{ id: number; service_name: string | null; state: string; created_at: Date; expires_at: Date | null }[]>(
      `select t.id, s.service_name, t.state, t.created_at, t.expires_at
         from trial_request t left join service s on s.id = t.service_id
        where t.document_type_id = ? and t.document_number = ? order by t.created_at desc, t.id desc limit ?`,
      [documentTypeId, documentNumber, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      serviceName: r.service_name ?? '',
      state: r.state,
      startedAt: new Date(r.created_at).toISOString(),
      endsAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    }));
  }

  /** Per code: its orders in the window, the redeemed ones, their discount and revenue (exact decimals), its quota and use now. */
  async promoRows(filter: PromoFilter, now: Date): Promise<PromoCodeReportRow[]> {
    const { where, params } = this.promoWhere(filter);
    const rows = await this.em.execute<
      {
        id: number;
        code: string;
        description: string | null;
        use_quantity: number | null;
        idstate: number;
        orders: Num;
        redemptions: Num;
        discount: string;
        revenue: string;
        used: Num | null;
      }[]
    >(
      `select c.id, c.promotion_code as code, c.description_promotion_code as description, c.use_quantity, c.idstate,
              count(o.id) as orders, count(o.id) filter (where ${REDEEMED}) as redemptions,
              ${money(`o.total_discount) filter (where ${REDEEMED}`)} as discount, ${money(`o.total) filter (where ${REDEEMED}`)} as revenue,
              (select u.used from promotion_code_use u where u.promotional_code_id = c.id and u.period_start <= ? order by u.period_start desc limit 1) as used
         from promotional_code c join purchase_order o on o.promotional_code_id = c.id
        where ${where}
        group by c.id
        order by coalesce(sum(o.total) filter (where ${REDEEMED}), 0) desc, count(o.id) desc, c.promotion_code`,
      [now, ...params],
    );
    return rows.map((r) => ({
      promotionalCodeId: Number(r.id),
      code: r.code,
      description: r.description,
      useQuantity: r.use_quantity === null ? null : Number(r.use_quantity),
      usedInPeriod: Number(r.used ?? 0),
      active: Number(r.idstate) === 0,
      orders: Number(r.orders),
      redemptions: Number(r.redemptions),
      discount: r.discount,
      revenue: r.revenue,
    }));
  }

  /** The same orders per period. */
  async promoPoints(filter: PromoFilter, interval: ReportInterval): Promise<PromoCodeReportPoint[]> {
    const { where, params } = this.promoWhere(filter);
    const rows = await this.em.execute<{ period: string; orders: Num; redemptions: Num; discount: string; revenue: string }[]>(
      `select to_char(date_trunc(?, ${bogotaDay('o.created_at')}::timestamp), 'YYYY-MM-DD') as period,
              count(o.id) as orders, count(o.id) filter (where ${REDEEMED}) as redemptions,
              ${money(`o.total_discount) filter (where ${REDEEMED}`)} as discount, ${money(`o.total) filter (where ${REDEEMED}`)} as revenue
         from promotional_code c join purchase_order o on o.promotional_code_id = c.id
        where ${where} group by 1 order by 1`,
      [interval, ...params],
    );
    return rows.map((r) => ({ period: r.period, orders: Number(r.orders), redemptions: Number(r.redemptions), discount: r.discount, revenue: r.revenue }));
  }

  private promoWhere(filter: PromoFilter): { where: string; params: unknown[] } {
    const where = [`${bogotaDay('o.created_at')} between ?::date and ?::date`];
    const params: unknown[] = [filter.from, filter.to];
    if (filter.code?.trim()) {
      where.push(`immutable_unaccent(lower(c.promotion_code)) like immutable_unaccent(lower(?)) escape '\\'`);
      params.push(`%${escapeLike(filter.code.trim())}%`);
    }
    return { where: where.join(' and '), params };
  }

  /** The partner's report: a company's use per day and feature of one brand's services (days with consumptions or reversals). */
  async partnerDays(customerId: number, appName: string, window: DayWindow, featureCode?: string) {
    const source = this.consumptionSource({ ...window, customerId, appName, featureCode });
    const rows = await this.em.execute<{ day: string; code: string; consumed: Num; reversed: Num }[]>(
      `select to_char(u.day, 'YYYY-MM-DD') as day, f.service_feature_code as code, sum(u.consumed) as consumed, sum(u.reversed) as reversed
         from ${source.from} where ${source.where} group by u.day, f.service_feature_code
       having sum(u.consumed) + sum(u.reversed) > 0 order by 1, 2`,
      source.params,
    );
    return rows.map((r) => ({
      day: r.day,
      serviceFeatureCode: r.code,
      consumed: Number(r.consumed),
      reversed: Number(r.reversed),
      used: Number(r.consumed) - Number(r.reversed),
    }));
  }

  /** Whether the company holds any licence of the brand's services. */
  async holdsBrand(customerId: number, appName: string): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      'select 1 from licence l join service s on s.id = l.service_id where l.customer_id = ? and s.app_name = ? limit 1',
      [customerId, appName],
    );
    return rows.length > 0;
  }

  /** The company of a document type's code and number (the partners' way to name one). */
  async customerOfDocumentCode(documentTypeCode: string, documentNumber: string): Promise<number | null> {
    const [row] = await this.em.execute<{ customer_id: number }[]>(
      'select customer_id from customer_document where upper(document_type_code) = upper(?) and document_number = ?',
      [documentTypeCode, documentNumber.trim()],
    );
    return row ? Number(row.customer_id) : null;
  }
}
