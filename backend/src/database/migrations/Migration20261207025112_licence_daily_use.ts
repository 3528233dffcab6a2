import { Migration } from '@mikro-orm/migrations';

export class Migration20261207025112_licence_daily_use extends Migration {
  override name = 'Migration20261207025112_licence_daily_use';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "licence_daily_use" ("balance_id" int not null, "day" date not null, "movements" int not null, "consumed" bigint not null, "reversed" bigint not null, "granted" bigint not null, "expired" bigint not null, "adjusted" bigint not null, primary key ("balance_id", "day"));`,
    );

    this.addSql(
      `alter table "licence_daily_use" add constraint "licence_daily_use_balance_id_foreign" foreign key ("balance_id") references "licence_balance" ("id");`,
    );

    // The rollup is written with the movements, by one statement trigger per insert (its rows in key
    // order, so two writers lock them in the same order), and starts from the ledger as it is.
    this.addSql(`create or replace function "licence_movement_daily_use_fn"() returns trigger as $$
begin
  insert into licence_daily_use (balance_id, day, movements, consumed, reversed, granted, expired, adjusted)
  select balance_id, (occurred_at at time zone 'America/Bogota')::date, count(*),
         coalesce(sum(quantity) filter (where kind = 'CONSUMPTION'), 0), coalesce(sum(quantity) filter (where kind = 'REVERSAL'), 0),
         coalesce(sum(quantity) filter (where kind = 'GRANT'), 0), coalesce(sum(quantity) filter (where kind = 'EXPIRY'), 0),
         coalesce(sum(quantity) filter (where kind = 'ADJUSTMENT'), 0)
    from inserted group by 1, 2 order by 1, 2
  on conflict (balance_id, day) do update set
    movements = licence_daily_use.movements + excluded.movements, consumed = licence_daily_use.consumed + excluded.consumed,
    reversed = licence_daily_use.reversed + excluded.reversed, granted = licence_daily_use.granted + excluded.granted,
    expired = licence_daily_use.expired + excluded.expired, adjusted = licence_daily_use.adjusted + excluded.adjusted;
  return null;
end $$ language plpgsql;`);
    this.addSql(
      `create trigger "licence_movement_daily_use" after insert on "licence_movement" referencing new table as inserted for each statement execute function "licence_movement_daily_use_fn"();`,
    );
    this.addSql(`insert into licence_daily_use (balance_id, day, movements, consumed, reversed, granted, expired, adjusted)
  select balance_id, (occurred_at at time zone 'America/Bogota')::date, count(*),
         coalesce(sum(quantity) filter (where kind = 'CONSUMPTION'), 0), coalesce(sum(quantity) filter (where kind = 'REVERSAL'), 0),
         coalesce(sum(quantity) filter (where kind = 'GRANT'), 0), coalesce(sum(quantity) filter (where kind = 'EXPIRY'), 0),
         coalesce(sum(quantity) filter (where kind = 'ADJUSTMENT'), 0)
    from licence_movement group by 1, 2;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "licence_movement_daily_use" on "licence_movement";`);
    this.addSql(`drop function if exists "licence_movement_daily_use_fn"();`);
    this.addSql(`drop table if exists "licence_daily_use" cascade;`);
  }
}
