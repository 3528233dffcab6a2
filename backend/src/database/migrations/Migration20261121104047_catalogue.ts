import { Migration } from '@mikro-orm/migrations';

export class Migration20261121104047_catalogue extends Migration {
  override name = 'Migration20261121104047_catalogue';

  override up(): void | Promise<void> {
    this.addSql(`create table "channel" ("id" int not null, "channel_type" varchar(60) not null, primary key ("id"));`);

    this.addSql(
      `create table "feature_type" ("id" serial primary key, "feature_type_name" varchar(50) not null, "category_type" text not null, "idstate" smallint not null default 0, "createdby" varchar(100) null, "createdon" timestamptz not null, "modifiedby" varchar(100) null, "modifiedon" timestamptz null, "version" int not null default 1);`,
    );
    this.addSql(`create unique index "feature_type_name_unique" on "feature_type" (immutable_unaccent(lower("feature_type_name")));`);

    this.addSql(`create table "package_type" ("id" int not null, "code" text not null, "name" varchar(50) not null, primary key ("id"));`);
    this.addSql(`alter table "package_type" add constraint "package_type_code_unique" unique ("code");`);

    this.addSql(
      `create table "package" ("id" serial primary key, "package_code" varchar(30) not null, "package_name" varchar(40) not null, "package_description" varchar(250) not null, "package_type_id" int not null, "package_price" numeric(20,2) not null, "tax_iva" numeric(5,2) not null, "unit_price" numeric(20,2) not null, "validity_period" smallint not null, "validity_type_id" text not null, "relevance" text not null, "display_order" int not null, "public_visibility" boolean not null, "summary_html" text null, "apply_offer" boolean not null default false, "offer_type_code" text not null default 'VLR', "total_offer" numeric(20,2) not null default '0', "offer_start_time" timestamptz not null, "offer_expiration_time" timestamptz not null, "idstate" smallint not null default 0, "createdby" varchar(100) null, "createdon" timestamptz not null, "modifiedby" varchar(100) null, "modifiedon" timestamptz null, "version" int not null default 1, "search_text" text generated always as (immutable_unaccent(lower("package_code" || ' ' || "package_name" || ' ' || "package_description"))) stored null);`,
    );
    this.addSql(`create index "package_search_text_trgm" on "package" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create index "package_package_type_id_relevance_display_order_index" on "package" ("package_type_id", "relevance", "display_order");`);
    this.addSql(`create unique index "package_code_lower_unique" on "package" (lower("package_code"));`);

    this.addSql(
      `create table "package_offer_image" ("package_id" int not null, "file_name" varchar(200) not null, "content_type" varchar(50) not null, "size" int not null, "sha256" varchar(64) not null, "content" bytea not null, "uploaded_at" timestamptz not null, primary key ("package_id"));`,
    );

    this.addSql(`create table "package_customer" ("package_id" int not null, "customer_id" int not null, primary key ("package_id", "customer_id"));`);
    this.addSql(`create index "package_customer_customer_id_index" on "package_customer" ("customer_id");`);

    this.addSql(`create table "package_channel" ("package_id" int not null, "channel_id" int not null, primary key ("package_id", "channel_id"));`);
    this.addSql(`create index "package_channel_channel_id_index" on "package_channel" ("channel_id");`);

    this.addSql(
      `create table "promo_user_type" ("id" int not null, "type_user" varchar(60) not null, "full_discount" boolean not null default false, primary key ("id"));`,
    );

    this.addSql(
      `create table "promotional_code" ("id" serial primary key, "promotion_code" varchar(50) not null, "description_promotion_code" varchar(250) not null, "use_quantity" int not null, "offer_type_code" text not null, "offer_value" numeric(20,2) not null, "effective_start_date" timestamptz not null, "expiration_date" timestamptz not null, "periodicity_type" text not null default 'NEVER', "periodicity_quantity" smallint null, "end_periodicity_date" timestamptz null, "apply_total_purchase" boolean not null default false, "apply_product" boolean not null default false, "type_user_id" int not null, "idstate" smallint not null default 0, "createdby" varchar(100) null, "createdon" timestamptz not null, "modifiedby" varchar(100) null, "modifiedon" timestamptz null, "version" int not null default 1, "search_text" text generated always as (immutable_unaccent(lower("promotion_code" || ' ' || "description_promotion_code"))) stored null);`,
    );
    this.addSql(`create index "promotional_code_search_text_trgm" on "promotional_code" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create unique index "promotional_code_code_lower_unique" on "promotional_code" (lower("promotion_code"));`);

    this.addSql(
      `create table "promotional_code_package" ("promotional_code_id" int not null, "package_id" int not null, primary key ("promotional_code_id", "package_id"));`,
    );
    this.addSql(`create index "promotional_code_package_package_id_index" on "promotional_code_package" ("package_id");`);

    this.addSql(`create table "service_type" ("id" int not null, "name" varchar(60) not null, primary key ("id"));`);

    this.addSql(
      `create table "service" ("id" serial primary key, "service_type_id" int not null, "service_name" varchar(100) not null, "description_service" varchar(200) null, "service_name_contract" varchar(100) null, "requires_supervision" boolean not null default false, "is_contract_full_access" boolean not null default false, "add_manual_license" boolean not null default false, "app_name" varchar(40) null, "idstate" smallint not null default 0, "createdby" varchar(100) null, "createdon" timestamptz not null, "modifiedby" varchar(100) null, "modifiedon" timestamptz null, "version" int not null default 1, "search_text" text generated always as (immutable_unaccent(lower("service_name" || ' ' || coalesce("service_name_contract", '') || ' ' || coalesce("description_service", '')))) stored null);`,
    );
    this.addSql(`create index "service_search_text_trgm" on "service" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create unique index "service_name_lower_unique" on "service" (lower("service_name"));`);

    this.addSql(
      `create table "service_feature" ("id" serial primary key, "service_id" int not null, "service_feature_code" varchar(50) not null, "feature_description" varchar(250) not null, "feature_type_id" int not null, "feature_relation" int null, "feature_alias" varchar(100) null, "url_image_feature" varchar(1000) null, "color_feature" varchar(50) null, "isunlimited" boolean not null default false, "idstate" smallint not null default 0, "createdby" varchar(100) null, "createdon" timestamptz not null, "modifiedby" varchar(100) null, "modifiedon" timestamptz null, "version" int not null default 1, "search_text" text generated always as (immutable_unaccent(lower("service_feature_code" || ' ' || "feature_description" || ' ' || coalesce("feature_alias", '')))) stored null);`,
    );
    this.addSql(`create index "service_feature_service_id_index" on "service_feature" ("service_id");`);
    this.addSql(`create index "service_feature_feature_type_id_index" on "service_feature" ("feature_type_id");`);
    this.addSql(`create index "service_feature_feature_relation_index" on "service_feature" ("feature_relation");`);
    this.addSql(`create index "service_feature_search_text_trgm" on "service_feature" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create unique index "service_feature_code_lower_unique" on "service_feature" (lower("service_feature_code"));`);

    this.addSql(
      `create table "package_feature" ("id" serial primary key, "package_id" int not null, "service_feature_id" int not null, "quantity" int not null, "storage_type" text null);`,
    );
    this.addSql(`create index "package_feature_service_feature_id_index" on "package_feature" ("service_feature_id");`);
    this.addSql(
      `alter table "package_feature" add constraint "package_feature_package_id_service_feature_id_unique" unique ("package_id", "service_feature_id");`,
    );

    this.addSql(`create table "package_service" ("package_id" int not null, "service_id" int not null, primary key ("package_id", "service_id"));`);
    this.addSql(`create index "package_service_service_id_index" on "package_service" ("service_id");`);

    this.addSql(
      `alter table "customer" add "search_text" text generated always as (immutable_unaccent(lower(coalesce("legal_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "document_number" || ' ' || coalesce("email", '')))) stored null;`,
    );
    this.addSql(`create index "customer_search_text_trgm" on "customer" using gin ("search_text" gin_trgm_ops);`);

    this.addSql(`alter table "feature_type" add constraint "feature_type_category_type_check" check ("category_type" in ('F', 'T'));`);

    this.addSql(`alter table "package_type" add constraint "package_type_code_check" check ("code" in ('BAS', 'CMB', 'CMP'));`);

    this.addSql(`alter table "package" add constraint "package_package_type_id_foreign" foreign key ("package_type_id") references "package_type" ("id");`);
    this.addSql(`alter table "package" add constraint "package_validity_type_id_check" check ("validity_type_id" in ('A', 'M', 'D', 'I'));`);
    this.addSql(`alter table "package" add constraint "package_relevance_check" check ("relevance" in ('Alta', 'Media', 'Baja'));`);
    this.addSql(`alter table "package" add constraint "package_offer_type_code_check" check ("offer_type_code" in ('VLR', 'PTJ'));`);

    this.addSql(
      `alter table "package_offer_image" add constraint "package_offer_image_package_id_foreign" foreign key ("package_id") references "package" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "package_customer" add constraint "package_customer_package_id_foreign" foreign key ("package_id") references "package" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "package_customer" add constraint "package_customer_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "package_channel" add constraint "package_channel_package_id_foreign" foreign key ("package_id") references "package" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "package_channel" add constraint "package_channel_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "promotional_code" add constraint "promotional_code_type_user_id_foreign" foreign key ("type_user_id") references "promo_user_type" ("id");`,
    );
    this.addSql(`alter table "promotional_code" add constraint "promotional_code_offer_type_code_check" check ("offer_type_code" in ('VLR', 'PTJ'));`);
    this.addSql(`alter table "promotional_code" add constraint "promotional_code_periodicity_type_check" check ("periodicity_type" in ('NEVER', 'MONTHLY'));`);

    this.addSql(
      `alter table "promotional_code_package" add constraint "promotional_code_package_promotional_code_id_foreign" foreign key ("promotional_code_id") references "promotional_code" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "promotional_code_package" add constraint "promotional_code_package_package_id_foreign" foreign key ("package_id") references "package" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "service" add constraint "service_service_type_id_foreign" foreign key ("service_type_id") references "service_type" ("id");`);
    this.addSql(`alter table "service" add constraint "service_app_name_foreign" foreign key ("app_name") references "brand" ("app_name") on delete set null;`);

    this.addSql(`alter table "service_feature" add constraint "service_feature_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(
      `alter table "service_feature" add constraint "service_feature_feature_type_id_foreign" foreign key ("feature_type_id") references "feature_type" ("id");`,
    );
    this.addSql(
      `alter table "service_feature" add constraint "service_feature_feature_relation_foreign" foreign key ("feature_relation") references "service_feature" ("id") on delete set null;`,
    );

    this.addSql(`alter table "package_feature" add constraint "package_feature_package_id_foreign" foreign key ("package_id") references "package" ("id");`);
    this.addSql(
      `alter table "package_feature" add constraint "package_feature_service_feature_id_foreign" foreign key ("service_feature_id") references "service_feature" ("id");`,
    );
    this.addSql(`alter table "package_feature" add constraint "package_feature_storage_type_check" check ("storage_type" in ('MB', 'GB'));`);

    this.addSql(
      `alter table "package_service" add constraint "package_service_package_id_foreign" foreign key ("package_id") references "package" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "package_service" add constraint "package_service_service_id_foreign" foreign key ("service_id") references "service" ("id") on update cascade on delete cascade;`,
    );

    // Lookups the code refers to by id: they belong to every database, not only to demo data.
    this.addSql(`insert into "package_type" ("id", "code", "name") values (1, 'BAS', 'Base'), (2, 'CMB', 'Combo'), (3, 'CMP', 'Complementario');`);
    this.addSql(
      `insert into "channel" ("id", "channel_type") values (1, 'Tienda virtual'), (2, 'Asesor comercial'), (3, 'Distribuidor'), (4, 'Convenio empresarial');`,
    );
    this.addSql(
      `insert into "service_type" ("id", "name") values (1, 'Nómina electrónica'), (2, 'Firma electrónica'), (3, 'Facturación electrónica'), (4, 'Correo electrónico certificado'), (5, 'Identidad digital');`,
    );
    this.addSql(
      `insert into "promo_user_type" ("id", "type_user", "full_discount") values (1, 'Cliente', false), (2, 'Colaborador interno', true), (3, 'Aliado comercial', true);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "package_channel" drop constraint "package_channel_channel_id_foreign";`);
    this.addSql(`alter table "service_feature" drop constraint "service_feature_feature_type_id_foreign";`);
    this.addSql(`alter table "package" drop constraint "package_package_type_id_foreign";`);
    this.addSql(`alter table "package_offer_image" drop constraint "package_offer_image_package_id_foreign";`);
    this.addSql(`alter table "package_customer" drop constraint "package_customer_package_id_foreign";`);
    this.addSql(`alter table "package_channel" drop constraint "package_channel_package_id_foreign";`);
    this.addSql(`alter table "promotional_code_package" drop constraint "promotional_code_package_package_id_foreign";`);
    this.addSql(`alter table "package_feature" drop constraint "package_feature_package_id_foreign";`);
    this.addSql(`alter table "package_service" drop constraint "package_service_package_id_foreign";`);
    this.addSql(`alter table "promotional_code" drop constraint "promotional_code_type_user_id_foreign";`);
    this.addSql(`alter table "promotional_code_package" drop constraint "promotional_code_package_promotional_code_id_foreign";`);
    this.addSql(`alter table "service" drop constraint "service_service_type_id_foreign";`);
    this.addSql(`alter table "service_feature" drop constraint "service_feature_service_id_foreign";`);
    this.addSql(`alter table "package_service" drop constraint "package_service_service_id_foreign";`);
    this.addSql(`alter table "service_feature" drop constraint "service_feature_feature_relation_foreign";`);
    this.addSql(`alter table "package_feature" drop constraint "package_feature_service_feature_id_foreign";`);

    this.addSql(`drop table if exists "channel" cascade;`);
    this.addSql(`drop table if exists "feature_type" cascade;`);
    this.addSql(`drop table if exists "package_type" cascade;`);
    this.addSql(`drop table if exists "package" cascade;`);
    this.addSql(`drop table if exists "package_offer_image" cascade;`);
    this.addSql(`drop table if exists "package_customer" cascade;`);
    this.addSql(`drop table if exists "package_channel" cascade;`);
    this.addSql(`drop table if exists "promo_user_type" cascade;`);
    this.addSql(`drop table if exists "promotional_code" cascade;`);
    this.addSql(`drop table if exists "promotional_code_package" cascade;`);
    this.addSql(`drop table if exists "service_type" cascade;`);
    this.addSql(`drop table if exists "service" cascade;`);
    this.addSql(`drop table if exists "service_feature" cascade;`);
    this.addSql(`drop table if exists "package_feature" cascade;`);
    this.addSql(`drop table if exists "package_service" cascade;`);

    this.addSql(`drop index "customer_search_text_trgm";`);
    this.addSql(`alter table "customer" drop column "search_text";`);
  }
}
