import { Migration } from '@mikro-orm/migrations';

/** Licences, transaction ranges, balances and the append-only ledger of movements (issue 11). */
export class Migration20261125165129_licence extends Migration {
  override name = 'Migration20261125165129_licence';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "licence" ("id" serial primary key, "customer_id" int not null, "service_id" int not null, "package_id" int null, "package_snapshot" jsonb not null, "origin" text not null, "origin_reference" varchar(100) not null, "contract_number" varchar(100) null, "effective_at" timestamptz not null, "expires_at" timestamptz null, "purchase_date" timestamptz not null, "state" text not null, "created_by" varchar(100) not null, "created_at" timestamptz not null, "version" int not null default 1);`,
    );
    this.addSql(`create index "licence_service_id_index" on "licence" ("service_id");`);
    this.addSql(`create index "licence_package_id_index" on "licence" ("package_id");`);
    this.addSql(`create index "licence_expires_at_index" on "licence" ("expires_at");`);
    this.addSql(`create index "licence_customer_service_index" on "licence" ("customer_id", "service_id");`);
    this.addSql(`alter table "licence" add constraint "licence_origin_unique" unique ("origin", "origin_reference");`);

    this.addSql(
      `create table "licence_transaction_range" ("id" serial primary key, "licence_id" int not null, "range_minimum" int not null, "range_maximum" int not null, "range_price" numeric(20,2) not null);`,
    );
    this.addSql(
      `alter table "licence_transaction_range" add constraint "licence_transaction_range_no_overlap" EXCLUDE USING gist (int4range(licence_id, licence_id, '[]'::text) WITH =, int4range(range_minimum, range_maximum, '[]'::text) WITH &&);`,
    );

    this.addSql(
      `create table "licence_balance" ("id" serial primary key, "licence_id" int not null, "service_feature_id" int not null, "unlimited" boolean not null, "total" int not null, "used" int not null, "expired" int not null, "last_used_at" timestamptz null, "closed_at" timestamptz null);`,
    );
    this.addSql(`create index "licence_balance_service_feature_id_index" on "licence_balance" ("service_feature_id");`);
    this.addSql(`alter table "licence_balance" add constraint "licence_balance_feature_unique" unique ("licence_id", "service_feature_id");`);

    this.addSql(
      `create table "licence_movement" ("id" bigserial primary key, "balance_id" int not null, "licence_id" int not null, "kind" text not null, "quantity" int not null, "occurred_at" timestamptz not null, "recorded_at" timestamptz not null, "reference" varchar(200) null, "unit_price" numeric(20,2) null, "reverses_id" bigint null, "created_by" varchar(100) not null);`,
    );
    this.addSql(`alter table "licence_movement" add constraint "licence_movement_reverses_unique" unique ("reverses_id");`);
    this.addSql(`create index "licence_movement_balance_occurred_index" on "licence_movement" ("balance_id", "occurred_at");`);
    this.addSql(`create index "licence_movement_licence_occurred_index" on "licence_movement" ("licence_id", "occurred_at");`);

    this.addSql(`alter table "licence" add constraint "licence_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "licence" add constraint "licence_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(`alter table "licence" add constraint "licence_package_id_foreign" foreign key ("package_id") references "package" ("id") on delete set null;`);
    this.addSql(`alter table "licence" add constraint "licence_validity_check" check (expires_at is null or expires_at > effective_at);`);
    this.addSql(`alter table "licence" add constraint "licence_origin_check" check ("origin" in ('ORDER_LINE', 'TRIAL', 'MANUAL', 'AGREEMENT'));`);
    this.addSql(`alter table "licence" add constraint "licence_state_check" check ("state" in ('PENDING', 'ACTIVE', 'EXPIRED'));`);

    this.addSql(
      `alter table "licence_transaction_range" add constraint "licence_transaction_range_licence_id_foreign" foreign key ("licence_id") references "licence" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "licence_transaction_range" add constraint "licence_transaction_range_bounds_check" check (range_minimum >= 1 and range_minimum <= range_maximum and range_maximum <= 999999999);`,
    );
    this.addSql(`alter table "licence_transaction_range" add constraint "licence_transaction_range_price_check" check (range_price >= 0);`);

    this.addSql(`alter table "licence_balance" add constraint "licence_balance_licence_id_foreign" foreign key ("licence_id") references "licence" ("id");`);
    this.addSql(
      `alter table "licence_balance" add constraint "licence_balance_service_feature_id_foreign" foreign key ("service_feature_id") references "service_feature" ("id");`,
    );
    this.addSql(`alter table "licence_balance" add constraint "licence_balance_counters_check" check (total >= 0 and used >= 0 and expired >= 0);`);
    this.addSql(`alter table "licence_balance" add constraint "licence_balance_no_overdraw_check" check (unlimited or used + expired <= total);`);

    this.addSql(
      `alter table "licence_movement" add constraint "licence_movement_balance_id_foreign" foreign key ("balance_id") references "licence_balance" ("id");`,
    );
    this.addSql(`alter table "licence_movement" add constraint "licence_movement_licence_id_foreign" foreign key ("licence_id") references "licence" ("id");`);
    this.addSql(
      `alter table "licence_movement" add constraint "licence_movement_reverses_id_foreign" foreign key ("reverses_id") references "licence_movement" ("id") on delete set null;`,
    );
    this.addSql(`alter table "licence_movement" add constraint "licence_movement_quantity_check" check (quantity >= 0);`);
    this.addSql(`alter table "licence_movement" add constraint "licence_movement_reversal_check" check ((kind = 'REVERSAL') = (reverses_id is not null));`);
    this.addSql(
      `alter table "licence_movement" add constraint "licence_movement_kind_check" check ("kind" in ('GRANT', 'CONSUMPTION', 'REVERSAL', 'EXPIRY', 'ADJUSTMENT'));`,
    );
    this.addSql(
      `create or replace function "licence_movement_licence_movement_no_update_delete_fn"() returns trigger as $$ begin raise exception 'licence_movement is append-only: % refused', tg_op using errcode = '55000'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "licence_movement_no_update_delete" BEFORE UPDATE OR DELETE on "licence_movement" for each ROW execute function "licence_movement_licence_movement_no_update_delete_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "licence_transaction_range" drop constraint "licence_transaction_range_licence_id_foreign";`);
    this.addSql(`alter table "licence_balance" drop constraint "licence_balance_licence_id_foreign";`);
    this.addSql(`alter table "licence_movement" drop constraint "licence_movement_licence_id_foreign";`);
    this.addSql(`alter table "licence_movement" drop constraint "licence_movement_balance_id_foreign";`);
    this.addSql(`alter table "licence_movement" drop constraint "licence_movement_reverses_id_foreign";`);

    this.addSql(`drop table if exists "licence" cascade;`);
    this.addSql(`drop table if exists "licence_transaction_range" cascade;`);
    this.addSql(`drop table if exists "licence_balance" cascade;`);
    this.addSql(`drop trigger if exists "licence_movement_no_update_delete" on "licence_movement";`);
    this.addSql(`drop function if exists "licence_movement_licence_movement_no_update_delete_fn"();`);
    this.addSql(`drop table if exists "licence_movement" cascade;`);
  }
}
