import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { raw } from '@mikro-orm/core';
import { escapeLike, type FilterRule, type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import { InvalidRequestError } from '../errors/errors.js';
import type { Page, ResourceListQuery } from '../database/list-query.js';
import { Licence } from './licence.entities.js';
import {
  type DayUse,
  type FeatureMovementFilter,
  type FeatureUseQuery,
  LICENCE_STATES,
  type LicenceOrigin,
  type LicenceState,
  type LicenceView,
  type MonthUse,
  type MovementKind,
  type MovementView,
  type UseSeriesRow,
  type PackageSnapshot,
  type TransactionRangeInput,
  type TransactionRangeView,
} from './licence.types.js';

/** A balance row with its feature code, as the reads and the ledger statements answer it. */
export interface BalanceRow {
  id: number;
  licenceId: number;
  serviceFeatureId: number;
  serviceFeatureCode: string;
  unlimited: boolean;
  total: number;
  used: number;
  expired: number;
  lastUsedAt: Date | null;
  /** Set when the expiry job closed it. */
  closedAt: Date | null;
}

export type LicenceRow = Omit<LicenceView, 'transactionRanges' | 'balances' | 'isActive'>;

export type RangeRow = TransactionRangeView & { licenceId: number };

export type MovementRow = MovementView;

/** A consumption or reversal as getLicenseUsage reads it. */
export interface UsageRow {
  id: number;
  kind: 'CONSUMPTION' | 'REVERSAL';
  licenceId: number;
  serviceFeatureId: number;
  serviceFeatureCode: string;
  quantity: number;
  occurredAt: Date;
  recordedAt: Date;
  reference: string | null;
  createdBy: string;
  /** Decimal text: the range price of the consumption (of the reversed one, for a reversal). */
  unitPrice: string | null;
  reversesId: number | null;
  reversedBy: number | null;
}

/** A movement of a company's ledger as 'Detalle de consumo' exports it. */
export interface LedgerExportRow {
  id: number;
  /** occurred_at as PostgreSQL writes it (microseconds kept): the next batch's key. */
  key: string;
  kind: MovementRow['kind'];
  licenceId: number;
  serviceFeatureId: number;
  serviceFeatureCode: string;
  quantity: number;
  occurredAt: Date;
  recordedAt: Date;
  reference: string | null;
  createdBy: string;
  /** Exact decimal text: the range price (of the reversed consumption, for a reversal). */
  unitPrice: string | null;
}

export type NewLicence = Omit<LicenceRow, 'id' | 'createdAt'> & { now: Date };

export interface LedgerEntry {
  movementId: number;
  unitPrice: string | null;
  balance: BalanceRow;
}

const BALANCE_COLUMNS = `b.id, b.licence_id as "licenceId", b.service_feature_id as "serviceFeatureId",
  (select f.service_feature_code from service_feature f where f.id = b.service_feature_id) as "serviceFeatureCode",
  b.unlimited, b.total, b.used, b.expired, b.last_used_at as "lastUsedAt", b.closed_at as "closedAt"`;

const LICENCE_COLUMNS = `l.id, l.customer_id as "customerId", l.service_id as "serviceId", l.package_id as "packageId",
  l.package_snapshot as "packageSnapshot", l.origin, l.origin_reference as "originReference", l.contract_number as "contractNumber",
  l.effective_at as "effectiveAt", l.expires_at as "expiresAt", l.purchase_date as "purchaseDate", l.state,
  l.created_by as "createdBy", l.created_at as "createdAt"`;

const MOVEMENT_COLUMNS = `m.id, m.balance_id as "balanceId", m.licence_id as "licenceId",
  (select f.service_feature_code from service_feature f join licence_balance b on b.service_feature_id = f.id where b.id = m.balance_id) as "serviceFeatureCode",
  m.kind, m.quantity, m.occurred_at as "occurredAt", m.recorded_at as "recordedAt", m.reference, m.unit_price as "unitPrice",
  m.reverses_id as "reversesId", m.created_by as "createdBy"`;

export type LicenceListQuery = ResourceListQuery<'Licence'>;

/** What an agreement's amendment may change of a licence it granted. */
export interface LicenceTerms {
  effectiveAt?: Date;
  expiresAt?: Date;
  contractNumber?: string;
}

/** Each state as of now (the state read, not only the stored one): past its end a licence is EXPIRED. */
const STATE_SQL: Record<LicenceState, (alias: string) => string> = {
  ACTIVE: (a) => `(${a}.state = 'ACTIVE' and (${a}.expires_at is null or ${a}.expires_at > now()))`,
  PENDING: (a) => `(${a}.state = 'PENDING' and (${a}.expires_at is null or ${a}.expires_at > now()))`,
  EXPIRED: (a) => `(${a}.state = 'EXPIRED' or ${a}.expires_at <= now())`,
};

/** The `state` filter: one state or a list, each as of now. */
const stateFilter: FilterRule = (value, field) => {
  const states = (Array.isArray(value) ? value : [value]) as LicenceState[];
  if (!states.length || !states.every((s) => LICENCE_STATES.includes(s))) {
    throw new InvalidRequestError([{ field, description: `debe ser uno de: ${LICENCE_STATES.join(', ')}` }]);
  }
  return { [raw((alias: string) => `(${states.map((s) => STATE_SQL[s](alias)).join(' or ')})`)]: [] };
};

const FILTERS: FilterRules<LicenceListQuery['filter']> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  customerId: filterRules.ids('customerId'),
  serviceId: filterRules.ids('serviceId'),
  state: stateFilter,
};

/** The balances a consumption may draw from, earliest expiry first (customer, now, now, feature code, quantity). */
const CANDIDATES = `select b.id from licence_balance b join licence l on l.id = b.licence_id
  where l.customer_id = ? and l.state = 'ACTIVE' and l.effective_at <= ? and (l.expires_at is null or l.expires_at > greatest(?::timestamptz, ?::timestamptz))
    and b.service_feature_id in (select f.id from service_feature f where lower(f.service_feature_code) = lower(?))
    and b.closed_at is null and (b.unlimited or b.used + b.expired + ? <= b.total)
  order by l.expires_at asc nulls last, l.id, b.id`;

/**
 * Which balance a consumption statement draws from: one by id, or the first candidate of a
 * customer's feature. A candidate's licence was in force when the consumption occurred and has
 * not ended yet (a late report of yesterday's use counts; a use before the licence began, or
 * reported after it ended, does not, whether or not the expiry job has closed it).
 */
export type ConsumeTarget = number | { customerId: number; featureCode: string };

/** One consumption of a group commit: its customer and feature, and what its movement records. */
export interface ConsumeEntry {
  customerId: number;
  featureCode: string;
  quantity: number;
  occurredAt: Date;
  reference: string | null;
  createdBy: string;
  now: Date;
}

const list = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * Monthly reads of some features (My Plan's employee months): the balances of a customer's licences
 * of a service that are not pending, and their consumptions that were not reversed (a reversed
 * consumption counts in no month). Parameters: customer, service, then the feature codes (upper case).
 */
const featureUse = (codes: readonly string[]) => `bal as (
    select b.id, b.unlimited, l.effective_at, l.expires_at from licence_balance b join licence l on l.id = b.licence_id
     where l.customer_id = ? and l.service_id = ? and l.state <> 'PENDING'
       and b.service_feature_id in (select f.id from service_feature f where upper(f.service_feature_code) in (${list(codes)}))),
  used as (
    select m.balance_id, m.quantity, m.occurred_at from licence_movement m
     where m.balance_id in (select id from bal) and m.kind = 'CONSUMPTION'
       and not exists (select 1 from licence_movement r where r.reverses_id = m.id))`;

/** A month of some features as the statement answers it (bigint and numeric sums come as text). */
interface MonthFigureRow {
  unlimited: boolean;
  total: string | number;
  available: string | number;
  used: string | number;
  transactions: string | number;
}

/** Drivers answer bigint and numeric columns as text; counters are integers. */
function toBalance(row: BalanceRow): BalanceRow {
  return {
    ...row,
    id: Number(row.id),
    licenceId: Number(row.licenceId),
    serviceFeatureId: Number(row.serviceFeatureId),
    total: Number(row.total),
    used: Number(row.used),
    expired: Number(row.expired),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null,
    closedAt: row.closedAt ? new Date(row.closedAt) : null,
  };
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A movement of the dashboard's history, with its keyset key (the occurrence as PostgreSQL's text). */
export interface FeatureMovementRow {
  id: number;
  key: string;
  kind: MovementKind;
  serviceFeatureId: number;
  serviceFeatureCode: string;
  quantity: number;
  occurredAt: Date;
}

const FEATURE_MOVEMENT_COLUMNS = `m.id, m.occurred_at::text as key, m.kind, b.service_feature_id as "serviceFeatureId",
  f.service_feature_code as "serviceFeatureCode", m.quantity, m.occurred_at as "occurredAt"`;
/** The bags of one feature in a company's licences of one service (3 parameters: customer, service, feature code). */
const FEATURE_BAGS = `select b.id from licence l join licence_balance b on b.licence_id = l.id join service_feature f on f.id = b.service_feature_id
  where l.customer_id = ? and l.service_id = ? and f.service_feature_code = ?`;

const toFeatureMovementRow = (row: FeatureMovementRow): FeatureMovementRow => ({
  ...row,
  id: Number(row.id),
  serviceFeatureId: Number(row.serviceFeatureId),
  quantity: Number(row.quantity),
  occurredAt: toDate(row.occurredAt),
});

function toLicence(row: LicenceRow): LicenceRow {
  return {
    ...row,
    effectiveAt: toDate(row.effectiveAt),
    expiresAt: row.expiresAt ? toDate(row.expiresAt) : null,
    purchaseDate: toDate(row.purchaseDate),
    createdAt: toDate(row.createdAt),
    packageSnapshot: typeof row.packageSnapshot === 'string' ? (JSON.parse(row.packageSnapshot) as PackageSnapshot) : row.packageSnapshot,
  };
}

function toMovement(row: MovementRow): MovementRow {
  return {
    ...row,
    id: Number(row.id),
    balanceId: Number(row.balanceId),
    licenceId: Number(row.licenceId),
    reversesId: row.reversesId === null ? null : Number(row.reversesId),
    occurredAt: toDate(row.occurredAt),
    recordedAt: toDate(row.recordedAt),
  };
}

/**
 * Licences, their balances and the ledger. Every write to a balance is one statement that also
 * appends its movement (a data-modifying CTE), so the two can never part; a consumption's
 * `WHERE used + expired + q <= total` is re-checked by PostgreSQL on the locked row, so no
 * concurrency overdraws a balance.
 */
@Injectable()
export class LicenceRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts the licence unless its origin reference exists; answers the id and whether it is new. */
  async insertLicence(data: NewLicence): Promise<{ id: number; created: boolean }> {
    const inserted = await this.em.execute<{ id: number }[]>(
      `insert into licence (customer_id, service_id, package_id, package_snapshot, origin, origin_reference, contract_number,
         effective_at, expires_at, purchase_date, state, created_by, created_at, version)
       values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
       on conflict (origin, origin_reference) do nothing returning id`,
      [
        data.customerId,
        data.serviceId,
        data.packageId,
        JSON.stringify(data.packageSnapshot),
        data.origin,
        data.originReference,
        data.contractNumber,
        data.effectiveAt,
        data.expiresAt,
        data.purchaseDate,
        data.state,
        data.createdBy,
        data.now,
      ],
    );
    if (inserted.length) return { id: Number(inserted[0].id), created: true };
    const existing = await this.em.execute<{ id: number }[]>('select id from licence where origin = ? and origin_reference = ?', [
      data.origin,
      data.originReference,
    ]);
    return { id: Number(existing[0].id), created: false };
  }

  /** What a 'licence granted' event tells of a licence: its service's brand and its customer's document. */
  async grantFacts(licenceId: number): Promise<{ appName: string | null; documentType: string | null; documentNumber: string }> {
    const [row] = await this.em.execute<{ app_name: string | null; document_type: string | null; document_number: string }[]>(
      `select s.app_name, dt.document_type_code as document_type, c.document_number
         from licence l join service s on s.id = l.service_id join customer c on c.id = l.customer_id
         left join document_type dt on dt.id = c.document_type_id
        where l.id = ?`,
      [licenceId],
    );
    return { appName: row.app_name, documentType: row.document_type, documentNumber: row.document_number };
  }

  /** Creates the balances and their GRANT movements in one statement. */
  async grantBalances(
    licenceId: number,
    features: PackageSnapshot['features'],
    occurredAt: Date,
    reference: string,
    createdBy: string,
    now: Date,
  ): Promise<void> {
    if (!features.length) return;
    await this.em.execute(
      `with b as (
         insert into licence_balance (licence_id, service_feature_id, unlimited, total, used, expired)
         values ${features.map(() => '(?, ?, ?, ?, 0, 0)').join(', ')}
         returning id, licence_id, total)
       insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, created_by)
       select b.id, b.licence_id, 'GRANT', b.total, ?, ?, ?, ? from b`,
      [...features.flatMap((f) => [licenceId, f.serviceFeatureId, f.unlimited, f.unlimited ? 0 : (f.quantity ?? 0)]), occurredAt, now, reference, createdBy],
    );
  }

  /**
   * Raises every open, limited balance of a licence by `quantity` with one ADJUSTMENT movement
   * each (an agreement's amendment adds to a bag); answers how many balances changed.
   */
  async adjustBalances(licenceId: number, quantity: number, reference: string, createdBy: string, now: Date): Promise<number> {
    const rows = await this.em.execute<{ id: number }[]>(
      `with b as (
         update licence_balance set total = total + ? where licence_id = ? and not unlimited and closed_at is null returning id, licence_id)
       insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, created_by)
       select b.id, b.licence_id, 'ADJUSTMENT', ?, ?, ?, ?, ? from b returning id`,
      [quantity, licenceId, quantity, now, now, reference, createdBy],
    );
    return rows.length;
  }

  /** A licence's end and contract number as its agreement now says (no balance changes). */
  async setTerms(licenceId: number, terms: LicenceTerms): Promise<void> {
    await this.em.execute(
      `update licence set effective_at = coalesce(?, effective_at), expires_at = coalesce(?, expires_at), contract_number = coalesce(?, contract_number),
              version = version + 1 where id = ?`,
      [terms.effectiveAt ?? null, terms.expiresAt ?? null, terms.contractNumber ?? null, licenceId],
    );
  }

  /** A page of licence ids, newest first unless sorted. */
  async page(query: LicenceListQuery): Promise<Page<number>> {
    const [rows, total] = await this.em.findAndCount(Licence, whereOf(query.filter, FILTERS), {
      fields: ['id'],
      orderBy: query.sort ? { [query.sort.field]: query.sort.order.toLowerCase(), id: 'asc' } : { id: 'desc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items: rows.map((r) => r.id), total };
  }

  /** Locks the licence row (what orders concurrent range edits); false when there is none. */
  async lockLicence(id: number): Promise<boolean> {
    return (await this.em.execute('select id from licence where id = ? for update', [id])).length > 0;
  }

  async deleteRanges(licenceId: number): Promise<void> {
    await this.em.execute('delete from licence_transaction_range where licence_id = ?', [licenceId]);
  }

  async insertRanges(licenceId: number, ranges: readonly TransactionRangeInput[]): Promise<void> {
    if (!ranges.length) return;
    await this.em.execute(
      `insert into licence_transaction_range (licence_id, range_minimum, range_maximum, range_price) values ${ranges.map(() => '(?, ?, ?, ?)').join(', ')}`,
      ranges.flatMap((r) => [licenceId, r.rangeMinimum, r.rangeMaximum, String(r.rangePrice)]),
    );
  }

  async licences(ids: readonly number[]): Promise<LicenceRow[]> {
    if (!ids.length) return [];
    const rows = await this.em.execute<LicenceRow[]>(`select ${LICENCE_COLUMNS} from licence l where l.id in (${list(ids)}) order by l.id`, [...ids]);
    return rows.map(toLicence);
  }

  /** The licences granted by these origin references (the unique (origin, origin_reference) index finds each), by id. */
  async byOrigin(origin: LicenceOrigin, references: readonly string[]): Promise<LicenceRow[]> {
    if (!references.length) return [];
    const rows = await this.em.execute<LicenceRow[]>(
      `select ${LICENCE_COLUMNS} from licence l where l.origin = ? and l.origin_reference in (${list(references)}) order by l.id`,
      [origin, ...references],
    );
    return rows.map(toLicence);
  }

  async ranges(licenceIds: readonly number[]): Promise<RangeRow[]> {
    if (!licenceIds.length) return [];
    const rows = await this.em.execute<RangeRow[]>(
      `select id, licence_id as "licenceId", range_minimum as "rangeMinimum", range_maximum as "rangeMaximum", range_price as "rangePrice"
         from licence_transaction_range where licence_id in (${list(licenceIds)}) order by licence_id, range_minimum`,
      [...licenceIds],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), licenceId: Number(r.licenceId), rangePrice: String(r.rangePrice) }));
  }

  async balancesOf(licenceIds: readonly number[]): Promise<BalanceRow[]> {
    if (!licenceIds.length) return [];
    const rows = await this.em.execute<BalanceRow[]>(
      `select ${BALANCE_COLUMNS} from licence_balance b where b.licence_id in (${list(licenceIds)}) order by b.licence_id, b.id`,
      [...licenceIds],
    );
    return rows.map(toBalance);
  }

  /** A customer's balances, of active licences only unless `includeInactive`. */
  async balancesOfCustomer(
    customerId: number,
    featureCode: string | undefined,
    includeInactive: boolean,
    now: Date,
  ): Promise<(BalanceRow & { ended: boolean })[]> {
    const rows = await this.em.execute<(BalanceRow & { ended: boolean })[]>(
      `select ${BALANCE_COLUMNS}, (l.state = 'EXPIRED' or l.expires_at <= ?) as ended from licence_balance b join licence l on l.id = b.licence_id
        where l.customer_id = ?
          and (?::text is null or b.service_feature_id in (select f.id from service_feature f where lower(f.service_feature_code) = lower(?)))
          and (? or (l.state = 'ACTIVE' and l.effective_at <= ? and (l.expires_at is null or l.expires_at > ?) and b.closed_at is null))
        order by l.expires_at asc nulls last, l.id, b.id`,
      [now, customerId, featureCode ?? null, featureCode ?? null, includeInactive, now, now],
    );
    return rows.map((row) => ({ ...toBalance(row), ended: Boolean(row.ended) }));
  }

  /**
   * The bags of the customers' licences (of the services, when given), what 'Ver bolsas' shows:
   * at most `limit` rows, in licence and balance order.
   */
  async bagsOf(customerIds: readonly number[], serviceIds: readonly number[], limit: number): Promise<BalanceRow[]> {
    if (!customerIds.length) return [];
    const rows = await this.em.execute<BalanceRow[]>(
      `select ${BALANCE_COLUMNS} from licence_balance b join licence l on l.id = b.licence_id
        where l.customer_id in (${list(customerIds)}) ${serviceIds.length ? `and l.service_id in (${list(serviceIds)})` : ''}
        order by l.id, b.id limit ?`,
      [...customerIds, ...serviceIds, limit],
    );
    return rows.map(toBalance);
  }

  /**
   * A page of the companies that hold licences, newest first, searched like the company pickers
   * (the customer's accent- and case-free search text), and how many there are.
   */
  async customersWithLicences(q: string, offset: number, limit: number): Promise<Page<number>> {
    const search = q ? escapeLike(q) : null;
    const where = `exists (select 1 from licence l where l.customer_id = c.id)
      and (?::text is null or c.search_text like '%' || immutable_unaccent(lower(?)) || '%')`;
    const rows = await this.em.execute<{ id: number }[]>(`select c.id from customer c where ${where} order by c.id desc offset ? limit ?`, [
      search,
      search,
      offset,
      limit,
    ]);
    const count = await this.em.execute<{ total: string }[]>(`select count(*) as total from customer c where ${where}`, [search, search]);
    return { items: rows.map((r) => Number(r.id)), total: Number(count[0].total) };
  }

  /** The licences of a contract: its contract number, or (a licence without one) its origin reference; oldest first. */
  async licenceIdsOfContract(contractNumber: string): Promise<number[]> {
    const rows = await this.em.execute<{ id: number }[]>(
      `select id from licence where lower(contract_number) = lower(?) or (contract_number is null and origin_reference = ?) order by id`,
      [contractNumber, contractNumber],
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * A page of the movements of one feature's bags in a company's licences of one service, between
   * two instants, newest first (the dashboard's movement history), and their total. The page takes
   * per bag the newest `offset + limit` straight from the (balance_id, occurred_at) index and merges
   * them (sorting every movement of a busy bag for one page took 63 ms at 100,000 of them); the total
   * is the daily rollup's, as the range is whole Bogotá days.
   */
  async featureMovements(filter: FeatureMovementFilter, offset: number, limit: number): Promise<Page<FeatureMovementRow>> {
    // One statement: the page, and the total as an uncorrelated subquery PostgreSQL runs once.
    const total = this.featureMovementCount(filter);
    const page = this.featureMovementSql(filter, null, limit, offset, `, (${total.sql}) as total`);
    const rows = await this.em.execute<(FeatureMovementRow & { total: string | number })[]>(page.sql, [...total.params, ...page.params]);
    const items = rows.map(({ total: _, ...row }) => toFeatureMovementRow(row));
    // A short page ends the list: its total is exact whatever the rollup says.
    if (items.length < limit && (items.length > 0 || offset === 0)) return { items, total: offset + items.length };
    return { items, total: rows.length ? Number(rows[0]!.total) : await this.countFeatureMovements(filter) };
  }

  /**
   * How many movements `featureMovements` lists, from `licence_daily_use` (the filter's instants are
   * the start and end of Bogotá days): at most one row per bag and day, whatever the ledger's size.
   */
  async countFeatureMovements(filter: FeatureMovementFilter): Promise<number> {
    const count = this.featureMovementCount(filter);
    const [row] = await this.em.execute<{ total: string | number }[]>(count.sql, count.params);
    return Number(row?.total ?? 0);
  }

  private featureMovementCount(filter: FeatureMovementFilter): { sql: string; params: unknown[] } {
    return {
      sql: `select coalesce(sum(u.movements), 0) as total from licence_daily_use u
        where u.balance_id in (${FEATURE_BAGS})
          and u.day between (?::timestamptz at time zone 'America/Bogota')::date and (?::timestamptz at time zone 'America/Bogota')::date`,
      params: [filter.customerId, filter.serviceId, filter.featureCode, filter.from, filter.to],
    };
  }

  /** The filter's use per Bogotá day or month, oldest first, from `licence_daily_use` (the movements' chart). */
  async featureUseSeries(filter: FeatureMovementFilter, interval: 'day' | 'month'): Promise<UseSeriesRow[]> {
    const rows = await this.em.execute<{ period: string; consumed: string | number; reversed: string | number; movements: string | number }[]>(
      `select to_char(date_trunc(?, u.day), 'YYYY-MM-DD') as period, sum(u.consumed) as consumed, sum(u.reversed) as reversed, sum(u.movements) as movements
         from licence_daily_use u
        where u.balance_id in (${FEATURE_BAGS})
          and u.day between (?::timestamptz at time zone 'America/Bogota')::date and (?::timestamptz at time zone 'America/Bogota')::date
        group by 1 order by 1`,
      [interval, filter.customerId, filter.serviceId, filter.featureCode, filter.from, filter.to],
    );
    return rows.map((r) => ({ period: r.period, consumed: Number(r.consumed), reversed: Number(r.reversed), movements: Number(r.movements) }));
  }

  /**
   * A batch of the same movements, newest first, before the key of the previous batch (keyset on
   * `(occurred_at, id)`, the timestamp as PostgreSQL's text so microseconds survive), or past
   * `offset` rows: per bag the next `offset + limit` straight from the (balance_id, occurred_at)
   * index, then merged, so a batch costs the same at any depth.
   */
  async featureMovementBatch(
    filter: FeatureMovementFilter,
    before: { key: string; id: number } | null,
    limit: number,
    offset = 0,
  ): Promise<FeatureMovementRow[]> {
    const batch = this.featureMovementSql(filter, before, limit, offset);
    return (await this.em.execute<FeatureMovementRow[]>(batch.sql, batch.params)).map(toFeatureMovementRow);
  }

  private featureMovementSql(
    filter: FeatureMovementFilter,
    before: { key: string; id: number } | null,
    limit: number,
    offset: number,
    extraColumns = '',
  ): { sql: string; params: unknown[] } {
    return {
      sql: `select ${FEATURE_MOVEMENT_COLUMNS}${extraColumns}
         from licence l join licence_balance b on b.licence_id = l.id join service_feature f on f.id = b.service_feature_id
        cross join lateral (
              select * from licence_movement x
               where x.balance_id = b.id and x.occurred_at >= ? and x.occurred_at <= ?${before ? ' and (x.occurred_at, x.id) < (?::timestamptz, ?::bigint)' : ''}
               order by x.occurred_at desc, x.id desc limit ?) m
        where l.customer_id = ? and l.service_id = ? and f.service_feature_code = ?
        order by m.occurred_at desc, m.id desc offset ? limit ?`,
      params: [
        filter.from,
        filter.to,
        ...(before ? [before.key, before.id] : []),
        offset + limit,
        filter.customerId,
        filter.serviceId,
        filter.featureCode,
        offset,
        limit,
      ],
    };
  }

  /** The licences of the companies, oldest first. */
  async licenceIdsOf(customerIds: readonly number[]): Promise<number[]> {
    if (!customerIds.length) return [];
    const rows = await this.em.execute<{ id: number }[]>(`select id from licence where customer_id in (${list(customerIds)}) order by id`, [...customerIds]);
    return rows.map((r) => Number(r.id));
  }

  /**
   * A page of a company's consumptions and reversals (of one service's licences, when given),
   * newest first, searched in the reference, the author and the feature's code and description.
   */
  async usage(customerId: number, serviceId: number | null, q: string, offset: number, limit: number): Promise<Page<UsageRow>> {
    const search = q ? escapeLike(q) : null;
    const where = `m.licence_id in (select l.id from licence l where l.customer_id = ? and (?::int is null or l.service_id = ?))
      and m.kind in ('CONSUMPTION', 'REVERSAL')
      and (?::text is null or immutable_unaccent(lower(coalesce(m.reference, '') || ' ' || m.created_by || ' ' || f.service_feature_code || ' ' || f.feature_description))
                              like '%' || immutable_unaccent(lower(?)) || '%')`;
    const from = `licence_movement m join licence_balance b on b.id = m.balance_id join service_feature f on f.id = b.service_feature_id`;
    const params = [customerId, serviceId, serviceId, search, search];
    const rows = await this.em.execute<UsageRow[]>(
      `select m.id, m.kind, m.licence_id as "licenceId", b.service_feature_id as "serviceFeatureId", f.service_feature_code as "serviceFeatureCode",
              m.quantity, m.occurred_at as "occurredAt", m.recorded_at as "recordedAt", m.reference, m.created_by as "createdBy", m.reverses_id as "reversesId",
              coalesce(m.unit_price, (select o.unit_price from licence_movement o where o.id = m.reverses_id)) as "unitPrice",
              (select r.id from licence_movement r where r.reverses_id = m.id) as "reversedBy"
         from ${from} where ${where} order by m.occurred_at desc, m.id desc offset ? limit ?`,
      [...params, offset, limit],
    );
    const count = await this.em.execute<{ total: string }[]>(`select count(*) as total from ${from} where ${where}`, params);
    return {
      items: rows.map((row) => ({
        ...row,
        id: Number(row.id),
        licenceId: Number(row.licenceId),
        serviceFeatureId: Number(row.serviceFeatureId),
        occurredAt: toDate(row.occurredAt),
        recordedAt: toDate(row.recordedAt),
        unitPrice: row.unitPrice === null ? null : String(row.unitPrice),
        reversesId: row.reversesId === null ? null : Number(row.reversesId),
        reversedBy: row.reversedBy === null ? null : Number(row.reversedBy),
      })),
      total: Number(count[0].total),
    };
  }

  /**
   * A batch of a company's ledger (of one service's licences, when given), oldest first, after the
   * key of the previous batch: keyset paging, so the export reads any size in constant memory.
   */
  async ledgerOfCustomer(customerId: number, serviceId: number | null, after: { key: string; id: number } | null, limit: number): Promise<LedgerExportRow[]> {
    // Per licence, the next `limit` movements after the key straight from the (licence_id,
    // occurred_at) index, then merged: a batch costs the same at the start and at the end of a
    // ledger of millions (a filter on the key over all the company's movements, sorted for the top
    // rows, made each batch read everything after it: 1.2 s a batch at 500,000 movements).
    const rows = await this.em.execute<LedgerExportRow[]>(
      `select m.id, m.occurred_at::text as key, m.kind, m.licence_id as "licenceId", b.service_feature_id as "serviceFeatureId",
              f.service_feature_code as "serviceFeatureCode", m.quantity, m.occurred_at as "occurredAt", m.recorded_at as "recordedAt",
              m.reference, m.created_by as "createdBy",
              coalesce(m.unit_price, (select o.unit_price from licence_movement o where o.id = m.reverses_id))::text as "unitPrice"
         from licence l
        cross join lateral (
              select * from licence_movement x
               where x.licence_id = l.id${after ? ' and (x.occurred_at, x.id) > (?::timestamptz, ?::bigint)' : ''}
               order by x.occurred_at, x.id limit ?) m
         join licence_balance b on b.id = m.balance_id join service_feature f on f.id = b.service_feature_id
        where l.customer_id = ?${serviceId === null ? '' : ' and l.service_id = ?'}
        order by m.occurred_at, m.id limit ?`,
      [...(after ? [after.key, after.id] : []), limit, customerId, ...(serviceId === null ? [] : [serviceId]), limit],
    );
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      licenceId: Number(row.licenceId),
      serviceFeatureId: Number(row.serviceFeatureId),
      quantity: Number(row.quantity),
      occurredAt: toDate(row.occurredAt),
      recordedAt: toDate(row.recordedAt),
    }));
  }

  /** Balances a consumption may draw from, in order: earliest expiry first. */
  async consumableBalances(customerId: number, featureCode: string, quantity: number, occurredAt: Date, now: Date): Promise<number[]> {
    const rows = await this.em.execute<{ id: number }[]>(CANDIDATES, [customerId, occurredAt, occurredAt, now, featureCode, quantity]);
    return rows.map((r) => Number(r.id));
  }

  /**
   * Draws `quantity` from the balance and appends the CONSUMPTION with the range price of the
   * count it reaches, or answers null (nothing written) when the locked row cannot cover it. The
   * target may be the customer's first candidate, chosen inside the same statement (one round
   * trip for the common case).
   */
  async consume(
    target: ConsumeTarget,
    entry: { quantity: number; occurredAt: Date; reference: string | null; createdBy: string; now: Date },
  ): Promise<LedgerEntry | null> {
    const rows = await this.em.execute<(BalanceRow & { movementId: number; unitPrice: string | null })[]>(
      `with b as (
         update licence_balance set used = used + ?, last_used_at = greatest(last_used_at, ?::timestamptz)
          where id = ${typeof target === 'number' ? '?' : `(${CANDIDATES} limit 1)`} and closed_at is null and (unlimited or used + expired + ? <= total)
          returning *),
       m as (
         insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, unit_price, created_by)
         select b.id, b.licence_id, 'CONSUMPTION', ?, ?, ?, ?,
                (select r.range_price from licence_transaction_range r where r.licence_id = b.licence_id and b.used between r.range_minimum and r.range_maximum),
                ?
           from b
         returning id, unit_price)
       select m.id as "movementId", m.unit_price as "unitPrice", ${BALANCE_COLUMNS} from b, m`,
      [
        entry.quantity,
        entry.occurredAt,
        ...(typeof target === 'number' ? [target] : [target.customerId, entry.occurredAt, entry.occurredAt, entry.now, target.featureCode, entry.quantity]),
        entry.quantity,
        entry.quantity,
        entry.occurredAt,
        entry.now,
        entry.reference,
        entry.createdBy,
      ],
    );
    if (!rows.length) return null;
    const [row] = rows;
    return { movementId: Number(row.movementId), unitPrice: row.unitPrice === null ? null : String(row.unitPrice), balance: toBalance(row) };
  }

  /**
   * Group commit of many consumptions in ONE statement: each request's first candidate (as
   * `consume` chooses it, with its own occurredAt and now), the candidate rows locked in id order,
   * and per balance the requests in arrival order accepted while the running sum fits (`used +
   * expired + cumulative <= total`, or unlimited: quantities are positive, so what fits is a
   * prefix). Each accepted one gets its own movement, with the range price at its own `used` and
   * the balance figures just after it. Answers the accepted ones by their index in `entries`;
   * the others wrote nothing (the caller tries them one by one).
   */
  async consumeMany(entries: readonly ConsumeEntry[]): Promise<Map<number, LedgerEntry>> {
    const requests = entries.map((e, i) => ({
      i,
      customer_id: e.customerId,
      code: e.featureCode,
      quantity: e.quantity,
      occurred_at: e.occurredAt.toISOString(),
      now: e.now.toISOString(),
      reference: e.reference,
      created_by: e.createdBy,
    }));
    const rows = await this.em.execute<(BalanceRow & { i: number; movementId: number; unitPrice: string | null })[]>(
      `with req as (
         select * from jsonb_to_recordset(?::jsonb) as r(i int, customer_id int, code text, quantity int, occurred_at timestamptz, now timestamptz, reference text, created_by text)),
       pick as (
         select req.*, (select b.id from licence_balance b join licence l on l.id = b.licence_id
                         where l.customer_id = req.customer_id and l.state = 'ACTIVE' and l.effective_at <= req.occurred_at
                           and (l.expires_at is null or l.expires_at > greatest(req.occurred_at, req.now))
                           and b.service_feature_id in (select f.id from service_feature f where lower(f.service_feature_code) = lower(req.code))
                           and b.closed_at is null and (b.unlimited or b.used + b.expired + req.quantity <= b.total)
                         order by l.expires_at asc nulls last, l.id, b.id limit 1) as balance_id
           from req),
       locked as (
         select b.id, b.licence_id, b.service_feature_id, b.unlimited, b.total, b.used, b.expired, b.last_used_at from licence_balance b
          where b.id in (select balance_id from pick) and b.closed_at is null order by b.id for update),
       run as (
         select p.i, p.quantity, p.occurred_at, p.now, p.reference, p.created_by, k.id as balance_id, k.licence_id, k.service_feature_id,
                k.unlimited, k.total, k.expired, k.used + sum(p.quantity) over w as used_after,
                greatest(k.last_used_at, max(p.occurred_at) over w) as last_used_after
           from pick p join locked k on k.id = p.balance_id
         window w as (partition by k.id order by p.i)),
       acc as (
         select run.*, nextval(pg_get_serial_sequence('licence_movement', 'id')) as movement_id
           from run where run.unlimited or run.used_after + run.expired <= run.total),
       upd as (
         -- Runs whether or not it is read (a data-modifying WITH always does), once per balance.
         update licence_balance b set used = b.used + s.quantity, last_used_at = greatest(b.last_used_at, s.last_at)
           from (select balance_id, sum(quantity) as quantity, max(occurred_at) as last_at from acc group by balance_id) s
          where b.id = s.balance_id
         returning b.id),
       m as (
         insert into licence_movement (id, balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, unit_price, created_by)
         select a.movement_id, a.balance_id, a.licence_id, 'CONSUMPTION', a.quantity, a.occurred_at, a.now, a.reference,
                (select r.range_price from licence_transaction_range r where r.licence_id = a.licence_id and a.used_after between r.range_minimum and r.range_maximum),
                a.created_by
           from acc a
         returning id, unit_price)
       select a.i, a.movement_id as "movementId", m.unit_price as "unitPrice", a.balance_id as id, a.licence_id as "licenceId",
              a.service_feature_id as "serviceFeatureId", (select f.service_feature_code from service_feature f where f.id = a.service_feature_id) as "serviceFeatureCode",
              a.unlimited, a.total, a.used_after as used, a.expired, a.last_used_after as "lastUsedAt", null as "closedAt"
         from acc a join m on m.id = a.movement_id`,
      [JSON.stringify(requests)],
    );
    return new Map(
      rows.map((row) => [
        Number(row.i),
        { movementId: Number(row.movementId), unitPrice: row.unitPrice === null ? null : String(row.unitPrice), balance: toBalance(row) },
      ]),
    );
  }

  /** The movement, after locking its balance row (what decides concurrent reversals). */
  async lockMovement(movementId: number): Promise<(MovementRow & { reversedBy: number | null }) | null> {
    const locked = await this.em.execute<{ id: number }[]>(
      'select b.id from licence_balance b where b.id = (select balance_id from licence_movement where id = ?) for update of b',
      [movementId],
    );
    if (!locked.length) return null;
    const rows = await this.em.execute<(MovementRow & { reversedBy: number | null })[]>(
      `select ${MOVEMENT_COLUMNS}, (select r.id from licence_movement r where r.reverses_id = m.id) as "reversedBy" from licence_movement m where m.id = ?`,
      [movementId],
    );
    return rows.length ? { ...toMovement(rows[0]), reversedBy: rows[0].reversedBy === null ? null : Number(rows[0].reversedBy) } : null;
  }

  /** Gives a consumption back: used goes down by its quantity and the REVERSAL names it. */
  async reverse(consumption: MovementRow, by: string, now: Date): Promise<LedgerEntry> {
    const rows = await this.em.execute<(BalanceRow & { movementId: number })[]>(
      `with b as (
         update licence_balance set used = used - ? where id = ? returning *),
       m as (
         insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, reference, reverses_id, created_by)
         select b.id, b.licence_id, 'REVERSAL', ?, ?, ?, ?, ?, ? from b
         returning id)
       select m.id as "movementId", ${BALANCE_COLUMNS} from b, m`,
      [consumption.quantity, consumption.balanceId, consumption.quantity, now, now, consumption.reference, consumption.id, by],
    );
    return { movementId: Number(rows[0].movementId), unitPrice: null, balance: toBalance(rows[0]) };
  }

  /** Licences due to expire, locked; those another run holds are skipped. */
  async lockExpiring(now: Date, limit: number): Promise<number[]> {
    const rows = await this.em.execute<{ id: number }[]>(
      `select id from licence where state in ('ACTIVE', 'PENDING') and expires_at <= ? order by expires_at, id limit ? for update skip locked`,
      [now, limit],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Closes the licences: state EXPIRED, and each open balance forfeits what was left through an EXPIRY movement. */
  async expire(licenceIds: readonly number[], by: string, now: Date): Promise<number> {
    if (!licenceIds.length) return 0;
    await this.em.execute(`update licence set state = 'EXPIRED', version = version + 1 where id in (${list(licenceIds)})`, [...licenceIds]);
    const rows = await this.em.execute<{ id: number }[]>(
      `with old as (
         select id, case when unlimited then 0 else total - used - expired end as left_over
           from licence_balance where licence_id in (${list(licenceIds)}) and closed_at is null for update),
       b as (
         update licence_balance set expired = expired + old.left_over, closed_at = ? from old where licence_balance.id = old.id
         returning licence_balance.id, licence_balance.licence_id, old.left_over)
       insert into licence_movement (balance_id, licence_id, kind, quantity, occurred_at, recorded_at, created_by)
       select b.id, b.licence_id, 'EXPIRY', b.left_over, l.expires_at, ?, ? from b join licence l on l.id = b.licence_id
       returning id`,
      [...licenceIds, now, now, by],
    );
    return rows.length;
  }

  /** Takes the job's transaction-scoped advisory lock; false when another instance holds it. */
  async tryJobLock(key: number): Promise<boolean> {
    const rows = await this.em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [key]);
    return Boolean(rows[0]?.locked);
  }

  async movements(
    licenceId: number,
    filter: { from?: Date; to?: Date; featureCode?: string; q?: string },
    offset: number,
    limit: number,
  ): Promise<{ items: MovementRow[]; total: number }> {
    const where = `m.licence_id = ? and (?::timestamptz is null or m.occurred_at >= ?) and (?::timestamptz is null or m.occurred_at <= ?)
      and (?::text is null or m.balance_id in (select b.id from licence_balance b join service_feature f on f.id = b.service_feature_id
                                               where b.licence_id = m.licence_id and lower(f.service_feature_code) = lower(?)))
      and (?::text is null or immutable_unaccent(lower(coalesce(m.reference, ''))) like '%' || immutable_unaccent(lower(?)) || '%')`;
    const q = filter.q?.trim() ? escapeLike(filter.q.trim()) : null;
    const params = [
      licenceId,
      filter.from ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.to ?? null,
      filter.featureCode ?? null,
      filter.featureCode ?? null,
      q,
      q,
    ];
    // One after the other: inside a caller's transaction both run on its one connection.
    const rows = await this.em.execute<MovementRow[]>(
      `select ${MOVEMENT_COLUMNS} from licence_movement m where ${where} order by m.occurred_at desc, m.id desc offset ? limit ?`,
      [...params, offset, limit],
    );
    const count = await this.em.execute<{ total: string }[]>(`select count(*) as total from licence_movement m where ${where}`, params);
    return { items: rows.map(toMovement), total: Number(count[0].total) };
  }
  /** The months (local to `timeZone`) in which the features were consumed, newest first. */
  async featureUseByMonth(query: FeatureUseQuery, timeZone: string): Promise<MonthUse[]> {
    if (!query.serviceFeatureCodes.length) return [];
    const rows = await this.em.execute<{ year: number; month: number; used: string | number; transactions: string | number }[]>(
      `with ${featureUse(query.serviceFeatureCodes)}
       select extract(year from t.local_month)::int as year, extract(month from t.local_month)::int as month,
              sum(t.quantity) as used, count(*) as transactions
         from (select quantity, date_trunc('month', occurred_at at time zone ?) as local_month from used) t
        group by t.local_month order by t.local_month desc`,
      [query.customerId, query.serviceId, ...query.serviceFeatureCodes.map((c) => c.toUpperCase()), timeZone],
    );
    return rows.map((r) => ({ year: Number(r.year), month: Number(r.month), used: Number(r.used), transactions: Number(r.transactions) }));
  }

  /**
   * One month [start, end) of the features: the total granted to the balances of the licences in
   * force during it, what they had left at its close (consumptions and expiries before `end`), and
   * its use and transactions.
   */
  async featureMonth(
    query: FeatureUseQuery,
    start: Date,
    end: Date,
  ): Promise<{ unlimited: boolean; total: number; available: number; used: number; transactions: number }> {
    const codes = query.serviceFeatureCodes.map((c) => c.toUpperCase());
    if (!codes.length) return { unlimited: false, total: 0, available: 0, used: 0, transactions: 0 };
    const [row] = await this.em.execute<MonthFigureRow[]>(
      `with ${featureUse(codes)},
       figures as (
         select bal.unlimited,
                (select coalesce(sum(m.quantity), 0) from licence_movement m
                  where m.balance_id = bal.id and m.kind in ('GRANT', 'ADJUSTMENT') and m.occurred_at < ?) as granted,
                (select coalesce(sum(m.quantity), 0) from licence_movement m
                  where m.balance_id = bal.id and m.kind = 'EXPIRY' and m.occurred_at < ?) as expired,
                (select coalesce(sum(u.quantity), 0) from used u where u.balance_id = bal.id and u.occurred_at < ?) as consumed
           from bal where bal.effective_at < ? and (bal.expires_at is null or bal.expires_at > ?))
       select (select coalesce(bool_or(unlimited), false) from figures) as unlimited,
              (select coalesce(sum(granted), 0) from figures where not unlimited) as total,
              (select coalesce(sum(greatest(0, granted - consumed - expired)), 0) from figures where not unlimited) as available,
              (select coalesce(sum(quantity), 0) from used where occurred_at >= ? and occurred_at < ?) as used,
              (select count(*) from used where occurred_at >= ? and occurred_at < ?) as transactions`,
      [query.customerId, query.serviceId, ...codes, end, end, end, end, start, start, end, start, end],
    );
    return {
      unlimited: Boolean(row.unlimited),
      total: Number(row.total),
      available: Number(row.available),
      used: Number(row.used),
      transactions: Number(row.transactions),
    };
  }

  /** The days (local to `timeZone`) of [start, end) on which the features were consumed, in order. */
  async featureUseByDay(query: FeatureUseQuery, start: Date, end: Date, timeZone: string): Promise<DayUse[]> {
    if (!query.serviceFeatureCodes.length) return [];
    const rows = await this.em.execute<{ day: string; used: string | number; transactions: string | number }[]>(
      `with ${featureUse(query.serviceFeatureCodes)}
       select to_char(occurred_at at time zone ?, 'YYYY-MM-DD') as day, sum(quantity) as used, count(*) as transactions
         from used where occurred_at >= ? and occurred_at < ? group by 1 order by 1`,
      [query.customerId, query.serviceId, ...query.serviceFeatureCodes.map((c) => c.toUpperCase()), timeZone, start, end],
    );
    return rows.map((r) => ({ day: r.day, used: Number(r.used), transactions: Number(r.transactions) }));
  }
}
