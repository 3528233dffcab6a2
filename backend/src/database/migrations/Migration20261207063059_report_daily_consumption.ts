import { Migration } from '@mikro-orm/migrations';

/** The sums of one statement's movements per bag and Bogotá day (licence_daily_use's rows). */
const DAILY_USE = `insert into licence_daily_use (balance_id, day, movements, consumed, reversed, granted, expired, adjusted)
  select balance_id, (occurred_at at time zone 'America/Bogota')::date, count(*),
         coalesce(sum(quantity) filter (where kind = 'CONSUMPTION'), 0), coalesce(sum(quantity) filter (where kind = 'REVERSAL'), 0),
         coalesce(sum(quantity) filter (where kind = 'GRANT'), 0), coalesce(sum(quantity) filter (where kind = 'EXPIRY'), 0),
         coalesce(sum(quantity) filter (where kind = 'ADJUSTMENT'), 0)
    from inserted group by 1, 2 order by 1, 2
  on conflict (balance_id, day) do update set
    movements = licence_daily_use.movements + excluded.movements, consumed = licence_daily_use.consumed + excluded.consumed,
    reversed = licence_daily_use.reversed + excluded.reversed, granted = licence_daily_use.granted + excluded.granted,
    expired = licence_daily_use.expired + excluded.expired, adjusted = licence_daily_use.adjusted + excluded.adjusted;`;

/** The same movements per Bogotá day, service, feature, origin and shard (the bag's id modulo 16). */
const reportRows = (
  from: string,
) => `select (m.occurred_at at time zone 'America/Bogota')::date, l.service_id, b.service_feature_id, l.origin, (m.balance_id % 16)::smallint, count(*),
         coalesce(sum(m.quantity) filter (where m.kind = 'CONSUMPTION'), 0), coalesce(sum(m.quantity) filter (where m.kind = 'REVERSAL'), 0),
         coalesce(sum(m.quantity) filter (where m.kind = 'GRANT'), 0), coalesce(sum(m.quantity) filter (where m.kind = 'EXPIRY'), 0),
         coalesce(sum(m.quantity) filter (where m.kind = 'ADJUSTMENT'), 0)
    from ${from} m join licence l on l.id = m.licence_id join licence_balance b on b.id = m.balance_id
   group by 1, 2, 3, 4, 5`;

const COLUMNS = 'day, service_id, service_feature_id, origin, shard, movements, consumed, reversed, granted, expired, adjusted';

export class Migration20261207063059_report_daily_consumption extends Migration {
  override name = 'Migration20261207063059_report_daily_consumption';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "report_daily_consumption" ("day" date not null, "service_id" int not null, "service_feature_id" int not null, "origin" text not null, "shard" smallint not null, "movements" int not null, "consumed" bigint not null, "reversed" bigint not null, "granted" bigint not null, "expired" bigint not null, "adjusted" bigint not null, primary key ("day", "service_id", "service_feature_id", "origin", "shard"));`,
    );
    this.addSql(
      `alter table "report_daily_consumption" add constraint "report_daily_consumption_origin_check" check ("origin" in ('ORDER_LINE', 'TRIAL', 'MANUAL', 'AGREEMENT'));`,
    );
    this.addSql(`create index "licence_daily_use_day_index" on "licence_daily_use" ("day", "balance_id");`);
    // The one trigger of the ledger writes both rollups in the movement's transaction, each in key
    // order (two writers lock rows in the same order, so they wait but never deadlock).
    this.addSql(`create or replace function "licence_movement_daily_use_fn"() returns trigger as $$
begin
  ${DAILY_USE}
  insert into report_daily_consumption (${COLUMNS})
  ${reportRows('inserted')} order by 1, 2, 3, 4, 5
  on conflict (day, service_id, service_feature_id, origin, shard) do update set
    movements = report_daily_consumption.movements + excluded.movements, consumed = report_daily_consumption.consumed + excluded.consumed,
    reversed = report_daily_consumption.reversed + excluded.reversed, granted = report_daily_consumption.granted + excluded.granted,
    expired = report_daily_consumption.expired + excluded.expired, adjusted = report_daily_consumption.adjusted + excluded.adjusted;
  return null;
end $$ language plpgsql;`);
    this.addSql(`insert into report_daily_consumption (${COLUMNS}) ${reportRows('licence_movement')};`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "licence_movement_daily_use_fn"() returns trigger as $$
begin
  ${DAILY_USE}
  return null;
end $$ language plpgsql;`);
    this.addSql(`drop table if exists "report_daily_consumption" cascade;`);
    this.addSql(`drop index if exists "licence_daily_use_day_index";`);
  }
}
