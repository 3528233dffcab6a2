import { Migration } from '@mikro-orm/migrations';

export class Migration20261127203524_orders extends Migration {
  override name = 'Migration20261127203524_orders';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "promotion_code_use" ("promotional_code_id" int not null, "period_start" timestamptz not null, "used" int not null default 0, primary key ("promotional_code_id", "period_start"));`,
    );

    this.addSql(
      `create table "purchase_order" ("id" serial primary key, "reference_uuid" uuid not null, "app_name" varchar(40) not null, "service_id" int not null, "state" text not null, "payment_method" text not null, "customer_billing" jsonb not null, "customer_service" jsonb not null, "buyer_email" varchar(100) not null, "buyer_customer_id" int null, "user_register_purchase" varchar(100) null, "additional_info" varchar(100) null, "promotional_code_id" int null, "promo_period_start" timestamptz null, "sub_total" numeric(20,2) not null, "total_discount" numeric(20,2) not null, "tax_iva" numeric(20,2) not null, "tax_rete_iva" numeric(20,2) not null, "tax_rete_ica" numeric(20,2) not null, "tax_rete_fuente" numeric(20,2) not null, "total" numeric(20,2) not null, "send_email_activation_license" boolean not null default false, "check_user_activation" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "purchase_order_service_id_index" on "purchase_order" ("service_id");`);
    this.addSql(`create index "purchase_order_buyer_customer_id_index" on "purchase_order" ("buyer_customer_id");`);
    this.addSql(`create index "purchase_order_promo_period_index" on "purchase_order" ("promotional_code_id", "promo_period_start");`);
    this.addSql(`alter table "purchase_order" add constraint "purchase_order_reference_unique" unique ("reference_uuid");`);

    this.addSql(
      `create table "purchase_order_state_change" ("id" serial primary key, "purchase_order_id" int not null, "from_state" text null, "to_state" text not null, "changed_by" varchar(100) not null, "reason" varchar(300) null, "changed_at" timestamptz not null);`,
    );
    this.addSql(`create index "purchase_order_state_change_purchase_order_id_index" on "purchase_order_state_change" ("purchase_order_id");`);

    this.addSql(
      `create table "purchase_order_line" ("id" serial primary key, "purchase_order_id" int not null, "package_id" int not null, "package_code" varchar(50) not null, "package_name" varchar(200) not null, "package_type_id" smallint not null, "quantity" int not null, "employee" boolean not null, "price" numeric(20,2) not null, "iva_rate" numeric(5,2) not null, "unit_price" numeric(20,2) not null, "gross" numeric(20,2) not null, "offer_discount" numeric(20,2) not null, "promo_discount" numeric(20,2) not null, "discount" numeric(20,2) not null, "new_base" numeric(20,2) not null, "iva_value" numeric(20,2) not null, "total" numeric(20,2) not null, "snapshot" jsonb not null);`,
    );
    this.addSql(`create index "purchase_order_line_purchase_order_id_index" on "purchase_order_line" ("purchase_order_id");`);
    this.addSql(`create index "purchase_order_line_package_id_index" on "purchase_order_line" ("package_id");`);

    this.addSql(
      `create table "order_idempotency_key" ("idempotency_key" varchar(255) not null, "fingerprint" varchar(64) not null, "purchase_order_id" int not null, "response" jsonb not null, "created_at" timestamptz not null, primary key ("idempotency_key"));`,
    );

    this.addSql(
      `alter table "promotion_code_use" add constraint "promotion_code_use_promotional_code_id_foreign" foreign key ("promotional_code_id") references "promotional_code" ("id");`,
    );
    this.addSql(`alter table "promotion_code_use" add constraint "promotion_code_use_used_check" check (used >= 0);`);

    this.addSql(`alter table "purchase_order" add constraint "purchase_order_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(
      `alter table "purchase_order" add constraint "purchase_order_promotional_code_id_foreign" foreign key ("promotional_code_id") references "promotional_code" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "purchase_order" add constraint "purchase_order_state_check" check ("state" in ('REGISTERED', 'AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED', 'REJECTED', 'CANCELLED'));`,
    );
    this.addSql(
      `alter table "purchase_order" add constraint "purchase_order_payment_method_check" check ("payment_method" in ('EN_LINEA', 'EFECTIVO', 'SIN_PAGO'));`,
    );

    this.addSql(
      `alter table "purchase_order_state_change" add constraint "purchase_order_state_change_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id");`,
    );
    this.addSql(
      `alter table "purchase_order_state_change" add constraint "purchase_order_state_change_from_state_check" check ("from_state" in ('REGISTERED', 'AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED', 'REJECTED', 'CANCELLED'));`,
    );
    this.addSql(
      `alter table "purchase_order_state_change" add constraint "purchase_order_state_change_to_state_check" check ("to_state" in ('REGISTERED', 'AWAITING_CASH_PROOF', 'PAID', 'ACTIVATED', 'REJECTED', 'CANCELLED'));`,
    );

    this.addSql(
      `alter table "purchase_order_line" add constraint "purchase_order_line_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id");`,
    );
    this.addSql(
      `alter table "purchase_order_line" add constraint "purchase_order_line_package_id_foreign" foreign key ("package_id") references "package" ("id");`,
    );

    this.addSql(
      `alter table "order_idempotency_key" add constraint "order_idempotency_key_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "purchase_order_state_change" drop constraint "purchase_order_state_change_purchase_order_id_foreign";`);
    this.addSql(`alter table "purchase_order_line" drop constraint "purchase_order_line_purchase_order_id_foreign";`);
    this.addSql(`alter table "order_idempotency_key" drop constraint "order_idempotency_key_purchase_order_id_foreign";`);

    this.addSql(`drop table if exists "promotion_code_use" cascade;`);
    this.addSql(`drop table if exists "purchase_order" cascade;`);
    this.addSql(`drop table if exists "purchase_order_state_change" cascade;`);
    this.addSql(`drop table if exists "purchase_order_line" cascade;`);
    this.addSql(`drop table if exists "order_idempotency_key" cascade;`);
  }
}
