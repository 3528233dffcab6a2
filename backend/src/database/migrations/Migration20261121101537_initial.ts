import { Migration } from '@mikro-orm/migrations';

export class Migration20261121101537_initial extends Migration {
  override name = 'Migration20261121101537_initial';

  override up(): void | Promise<void> {
    // unaccent() is only STABLE; this wrapper lets indexes use accent-insensitive search.
    this.addSql(
      `create or replace function immutable_unaccent(text) returns text language sql immutable parallel safe strict as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;`,
    );
    this.addSql(
      `create table "brand" ("app_name" varchar(40) not null, "tenant" varchar(10) not null, "title" varchar(100) not null, "description" varchar(300) not null, "configurable" boolean not null default false, "theme" jsonb not null, "app_info" jsonb not null, "sort_order" int not null default 0, primary key ("app_name"));`,
    );

    this.addSql(
      `create table "app_parameter" ("id" serial primary key, "app_name" varchar(40) not null, "country_code" varchar(2) not null, "parameter_type" varchar(40) not null, "parameter_code" varchar(60) not null, "parameter_value" text not null, "description" varchar(300) null);`,
    );
    this.addSql(
      `alter table "app_parameter" add constraint "app_parameter_app_name_country_code_parameter_typ_58918_unique" unique ("app_name", "country_code", "parameter_type", "parameter_code");`,
    );

    this.addSql(
      `create table "department" ("id" int not null, "dane_code" varchar(2) not null, "name" varchar(100) not null, "country_code" varchar(2) not null default 'CO', primary key ("id"));`,
    );
    this.addSql(`alter table "department" add constraint "department_dane_code_unique" unique ("dane_code");`);

    this.addSql(
      `create table "document_type" ("id" int not null, "document_type_code" varchar(10) not null, "description" varchar(100) not null, "country_descriptions" jsonb not null, "is_visible_for_client" boolean not null, "is_visible_for_supervisor" boolean not null, "alphanumeric" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(`alter table "document_type" add constraint "document_type_document_type_code_unique" unique ("document_type_code");`);

    this.addSql(
      `create table "brand_document_type" ("app_name" varchar(40) not null, "person_type" text not null, "document_type_id" int not null, "sort_order" int not null default 0, primary key ("app_name", "person_type", "document_type_id"));`,
    );

    this.addSql(`create table "email_blacklist_rule" ("id" int not null, "regla" varchar(200) not null, "description" varchar(200) null, primary key ("id"));`);
    this.addSql(`alter table "email_blacklist_rule" add constraint "email_blacklist_rule_regla_unique" unique ("regla");`);

    this.addSql(
      `create table "login_attempt" ("id" bigserial primary key, "username" varchar(100) not null, "ip_address" varchar(64) not null, "succeeded" boolean not null, "attempted_at" timestamptz not null);`,
    );
    this.addSql(`create index "login_attempt_username_attempted_at_index" on "login_attempt" ("username", "attempted_at");`);
    this.addSql(`create index "login_attempt_ip_address_attempted_at_index" on "login_attempt" ("ip_address", "attempted_at");`);

    this.addSql(
      `create table "municipality" ("id" int not null, "dane_code" varchar(5) not null, "name" varchar(100) not null, "department_id" int not null, primary key ("id"));`,
    );
    this.addSql(`alter table "municipality" add constraint "municipality_dane_code_unique" unique ("dane_code");`);

    this.addSql(
      `create table "customer" ("id" serial primary key, "person_type" text not null, "document_type_id" int not null, "document_number" varchar(15) not null, "dv" varchar(1) null, "legal_name" varchar(450) null, "first_name" varchar(100) null, "last_name" varchar(100) null, "fulladdress" varchar(300) null, "address_additional_information" varchar(100) null, "address_lat_geocode" numeric(10,7) null, "address_lng_geocode" numeric(10,7) null, "department_id" int null, "city_id" int null, "cellphone_number" varchar(10) null, "email" varchar(100) null, "legal_document_type_id" int null, "legal_document_number" varchar(15) null, "legal_first_name" varchar(100) null, "legal_last_name" varchar(100) null, "contract_start_date" timestamptz null, "contract_end_date" timestamptz null, "link_to_app" text null, "created_by" varchar(100) null, "created_at" timestamptz not null, "modified_by" varchar(100) null, "updated_at" timestamptz not null, "version" int not null default 1);`,
    );
    this.addSql(`alter table "customer" add constraint "customer_document_type_id_document_number_unique" unique ("document_type_id", "document_number");`);

    this.addSql(`create table "privilege" ("code" varchar(80) not null, "description" varchar(300) not null, primary key ("code"));`);

    this.addSql(
      `create table "reject_type" ("id" int not null, "reject_type_description" varchar(200) not null, "active" boolean not null default true, primary key ("id"));`,
    );

    this.addSql(`create table "role" ("code" varchar(60) not null, "name" varchar(120) not null, "app" varchar(40) not null, primary key ("code"));`);

    this.addSql(
      `create table "role_privilege" ("role_code" varchar(60) not null, "privilege_code" varchar(80) not null, primary key ("role_code", "privilege_code"));`,
    );

    this.addSql(
      `create table "system_parameter" ("parameter_code" varchar(60) not null, "parameter_value" text not null, "description" varchar(300) not null, primary key ("parameter_code"));`,
    );

    this.addSql(
      `create table "app_user" ("id" uuid not null, "username" varchar(100) not null, "password_hash" varchar(200) not null, "names" varchar(100) not null, "surnames" varchar(100) not null, "email" varchar(100) not null, "enabled" boolean not null default true, "role_code" varchar(60) not null, "apps" text[] not null, "customer_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, primary key ("id"));`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_username_unique" unique ("username");`);

    this.addSql(
      `create table "session" ("id" uuid not null, "user_id" uuid not null, "app_name" varchar(40) not null, "created_at" timestamptz not null, "last_used_at" timestamptz not null, "ended_at" timestamptz null, "end_reason" varchar(30) null, "ip_address" varchar(64) null, "user_agent" varchar(300) null, primary key ("id"));`,
    );
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`);

    this.addSql(
      `create table "refresh_token" ("id" uuid not null, "session_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "rotated_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "refresh_token_session_id_index" on "refresh_token" ("session_id");`);
    this.addSql(`alter table "refresh_token" add constraint "refresh_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `create table "hub_connection" ("connection_id" varchar(64) not null, "session_id" uuid not null, "bound_at" timestamptz not null, primary key ("connection_id"));`,
    );
    this.addSql(`create index "hub_connection_session_id_index" on "hub_connection" ("session_id");`);

    this.addSql(`alter table "app_parameter" add constraint "app_parameter_app_name_foreign" foreign key ("app_name") references "brand" ("app_name");`);

    this.addSql(
      `alter table "brand_document_type" add constraint "brand_document_type_app_name_foreign" foreign key ("app_name") references "brand" ("app_name");`,
    );
    this.addSql(
      `alter table "brand_document_type" add constraint "brand_document_type_document_type_id_foreign" foreign key ("document_type_id") references "document_type" ("id");`,
    );
    this.addSql(`alter table "brand_document_type" add constraint "brand_document_type_person_type_check" check ("person_type" in ('N', 'J', 'R'));`);

    this.addSql(`alter table "municipality" add constraint "municipality_department_id_foreign" foreign key ("department_id") references "department" ("id");`);

    this.addSql(
      `alter table "customer" add constraint "customer_document_type_id_foreign" foreign key ("document_type_id") references "document_type" ("id");`,
    );
    this.addSql(
      `alter table "customer" add constraint "customer_department_id_foreign" foreign key ("department_id") references "department" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "customer" add constraint "customer_city_id_foreign" foreign key ("city_id") references "municipality" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "customer" add constraint "customer_legal_document_type_id_foreign" foreign key ("legal_document_type_id") references "document_type" ("id") on delete set null;`,
    );
    this.addSql(`alter table "customer" add constraint "customer_person_type_check" check ("person_type" in ('J', 'N'));`);
    this.addSql(`alter table "customer" add constraint "customer_link_to_app_check" check ("link_to_app" in ('biometria', 'confronta', 'otras_apps'));`);

    this.addSql(
      `alter table "role_privilege" add constraint "role_privilege_role_code_foreign" foreign key ("role_code") references "role" ("code") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "role_privilege" add constraint "role_privilege_privilege_code_foreign" foreign key ("privilege_code") references "privilege" ("code") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "app_user" add constraint "app_user_role_code_foreign" foreign key ("role_code") references "role" ("code");`);
    this.addSql(
      `alter table "app_user" add constraint "app_user_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on delete set null;`,
    );

    this.addSql(`alter table "session" add constraint "session_user_id_foreign" foreign key ("user_id") references "app_user" ("id");`);

    this.addSql(
      `alter table "refresh_token" add constraint "refresh_token_session_id_foreign" foreign key ("session_id") references "session" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "hub_connection" add constraint "hub_connection_session_id_foreign" foreign key ("session_id") references "session" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function if exists immutable_unaccent(text);`);
    this.addSql(`alter table "app_parameter" drop constraint "app_parameter_app_name_foreign";`);
    this.addSql(`alter table "brand_document_type" drop constraint "brand_document_type_app_name_foreign";`);
    this.addSql(`alter table "municipality" drop constraint "municipality_department_id_foreign";`);
    this.addSql(`alter table "customer" drop constraint "customer_department_id_foreign";`);
    this.addSql(`alter table "brand_document_type" drop constraint "brand_document_type_document_type_id_foreign";`);
    this.addSql(`alter table "customer" drop constraint "customer_document_type_id_foreign";`);
    this.addSql(`alter table "customer" drop constraint "customer_legal_document_type_id_foreign";`);
    this.addSql(`alter table "customer" drop constraint "customer_city_id_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_customer_id_foreign";`);
    this.addSql(`alter table "role_privilege" drop constraint "role_privilege_privilege_code_foreign";`);
    this.addSql(`alter table "role_privilege" drop constraint "role_privilege_role_code_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_role_code_foreign";`);
    this.addSql(`alter table "session" drop constraint "session_user_id_foreign";`);
    this.addSql(`alter table "refresh_token" drop constraint "refresh_token_session_id_foreign";`);
    this.addSql(`alter table "hub_connection" drop constraint "hub_connection_session_id_foreign";`);

    this.addSql(`drop table if exists "brand" cascade;`);
    this.addSql(`drop table if exists "app_parameter" cascade;`);
    this.addSql(`drop table if exists "department" cascade;`);
    this.addSql(`drop table if exists "document_type" cascade;`);
    this.addSql(`drop table if exists "brand_document_type" cascade;`);
    this.addSql(`drop table if exists "email_blacklist_rule" cascade;`);
    this.addSql(`drop table if exists "login_attempt" cascade;`);
    this.addSql(`drop table if exists "municipality" cascade;`);
    this.addSql(`drop table if exists "customer" cascade;`);
    this.addSql(`drop table if exists "privilege" cascade;`);
    this.addSql(`drop table if exists "reject_type" cascade;`);
    this.addSql(`drop table if exists "role" cascade;`);
    this.addSql(`drop table if exists "role_privilege" cascade;`);
    this.addSql(`drop table if exists "system_parameter" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "session" cascade;`);
    this.addSql(`drop table if exists "refresh_token" cascade;`);
    this.addSql(`drop table if exists "hub_connection" cascade;`);
  }
}
