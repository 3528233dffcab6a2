import { Migration } from '@mikro-orm/migrations';

export class Migration20261206191157_agreements extends Migration {
  override name = 'Migration20261206191157_agreements';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agreement" ("id" serial primary key, "contract_number" varchar(100) not null, "service_id" int not null, "service_description" varchar(100) not null, "customer_id" int not null, "contract_start_date" date not null, "contract_end_date" date not null, "commercial_manager_id" uuid not null, "payment_condition_id" int not null, "supervisor" jsonb null, "alert_percentage" int not null, "alert_delivery_time" varchar(5) not null, "alert_frequency" text not null, "alert_weekdays" int not null default 0, "alert_swept_on" date null, "created_by" varchar(100) not null, "created_at" timestamptz not null, "updated_by" varchar(100) null, "updated_at" timestamptz null, "version" int not null default 1, "search_text" text generated always as (immutable_unaccent(lower("contract_number" || ' ' || "service_description"))) stored null);`,
    );
    this.addSql(`create index "agreement_service_id_index" on "agreement" ("service_id");`);
    this.addSql(`create index "agreement_search_text_trgm" on "agreement" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create index "agreement_customer_index" on "agreement" ("customer_id");`);
    this.addSql(`create unique index "agreement_contract_number_unique" on "agreement" (lower("contract_number"));`);

    this.addSql(
      `create table "agreement_service" ("id" serial primary key, "agreement_id" int not null, "licence_id" int not null, "package_id" int not null, "package_code" varchar(50) not null, "package_name" varchar(200) null, "unlimited" boolean not null, "total_quantity" int null, "validity_type" text not null, "validity_period" int not null, "identifier_code" varchar(100) not null, "reassignment_quota" int null, "device_type_id" int null, "credentials_delivery_type" int null, "created_at" timestamptz not null, "updated_at" timestamptz null);`,
    );
    this.addSql(`alter table "agreement_service" add constraint "agreement_service_licence_unique" unique ("licence_id");`);
    this.addSql(`create index "agreement_service_agreement_index" on "agreement_service" ("agreement_id");`);
    this.addSql(`alter table "agreement_service" add constraint "agreement_service_identifier_unique" unique ("agreement_id", "identifier_code");`);

    this.addSql(
      `create table "agreement_amendment" ("id" serial primary key, "agreement_id" int not null, "step" text not null, "ticket_number" varchar(20) not null, "observations" varchar(200) not null, "actor" varchar(100) not null, "occurred_at" timestamptz not null, "before" jsonb not null, "after" jsonb not null);`,
    );
    this.addSql(`create index "agreement_amendment_agreement_index" on "agreement_amendment" ("agreement_id", "occurred_at");`);

    this.addSql(
      `alter table "service" add "contracted_services" text not null default 'isComponentServices', add "device_type_ids" varchar(100) not null default '';`,
    );
    this.addSql(
      `alter table "service" add constraint "service_contracted_services_check" check ("contracted_services" in ('isComponentServices', 'isComponentECD'));`,
    );

    this.addSql(`alter table "agreement" add constraint "agreement_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(`alter table "agreement" add constraint "agreement_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(
      `alter table "agreement" add constraint "agreement_commercial_manager_id_foreign" foreign key ("commercial_manager_id") references "app_user" ("id");`,
    );
    this.addSql(`alter table "agreement" add constraint "agreement_dates_check" check (contract_end_date > contract_start_date);`);
    this.addSql(`alter table "agreement" add constraint "agreement_alert_percentage_check" check (alert_percentage >= 1 and alert_percentage <= 100);`);
    this.addSql(`alter table "agreement" add constraint "agreement_alert_frequency_check" check ("alert_frequency" in ('D', 'S'));`);

    this.addSql(
      `alter table "agreement_service" add constraint "agreement_service_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id");`,
    );
    this.addSql(
      `alter table "agreement_service" add constraint "agreement_service_licence_id_foreign" foreign key ("licence_id") references "licence" ("id");`,
    );
    this.addSql(`alter table "agreement_service" add constraint "agreement_service_validity_type_check" check ("validity_type" in ('D', 'M', 'A'));`);

    this.addSql(
      `alter table "agreement_amendment" add constraint "agreement_amendment_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id");`,
    );
    this.addSql(
      `alter table "agreement_amendment" add constraint "agreement_amendment_step_check" check ("step" in ('UPDATE_CONTRACT', 'UPDATE_CUSTOMER', 'UPDATE_SUPERVISOR', 'UPDATE_CONTRACTEDSERVICES', 'SET_CONTRACT_NOTIFICATION'));`,
    );
    this.addSql(
      `create or replace function "agreement_amendment_agreement_amendment_no_update_delete_fn"() returns trigger as $$ begin raise exception 'agreement_amendment is append-only: % refused', tg_op using errcode = '55000'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "agreement_amendment_no_update_delete" BEFORE UPDATE OR DELETE on "agreement_amendment" for each ROW execute function "agreement_amendment_agreement_amendment_no_update_delete_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agreement_service" drop constraint "agreement_service_agreement_id_foreign";`);
    this.addSql(`alter table "agreement_amendment" drop constraint "agreement_amendment_agreement_id_foreign";`);

    this.addSql(`drop table if exists "agreement" cascade;`);
    this.addSql(`drop table if exists "agreement_service" cascade;`);
    this.addSql(`drop trigger if exists "agreement_amendment_no_update_delete" on "agreement_amendment";`);
    this.addSql(`drop function if exists "agreement_amendment_agreement_amendment_no_update_delete_fn"();`);
    this.addSql(`drop table if exists "agreement_amendment" cascade;`);

    this.addSql(`alter table "service" drop constraint "service_contracted_services_check";`);
    this.addSql(`alter table "service" drop column "contracted_services", drop column "device_type_ids";`);
  }
}
