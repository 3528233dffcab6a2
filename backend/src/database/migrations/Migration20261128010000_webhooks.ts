import { Migration } from '@mikro-orm/migrations';

export class Migration20261128010000_webhooks extends Migration {
  override name = 'Migration20261128010000_webhooks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "webhook_subscription" ("id" uuid not null, "api_client_id" uuid not null, "url" varchar(2000) not null, "event_types" text[] not null, "secret_sealed" text not null, "created_at" timestamptz not null, "created_by" varchar(100) null, "disabled_at" timestamptz null, "disabled_by" varchar(100) null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_subscription_api_client_id_index" on "webhook_subscription" ("api_client_id");`);

    this.addSql(
      `create table "webhook_attempt" ("id" bigserial primary key, "delivery_id" bigint not null, "subscription_id" uuid not null, "attempt" int not null, "attempted_at" timestamptz not null, "status_code" int null, "latency_ms" int not null, "error" text null);`,
    );
    this.addSql(`create index "webhook_attempt_subscription_id_index" on "webhook_attempt" ("subscription_id");`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_unique" unique ("delivery_id", "attempt");`);

    this.addSql(
      `alter table "webhook_subscription" add constraint "webhook_subscription_api_client_id_foreign" foreign key ("api_client_id") references "api_client" ("id");`,
    );

    this.addSql(
      `alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "outbox_delivery" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_attempt" add constraint "webhook_attempt_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_attempt" drop constraint "webhook_attempt_subscription_id_foreign";`);

    this.addSql(`drop table if exists "webhook_subscription" cascade;`);
    this.addSql(`drop table if exists "webhook_attempt" cascade;`);
  }
}
