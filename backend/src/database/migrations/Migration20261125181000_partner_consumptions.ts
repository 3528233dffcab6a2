import { Migration } from '@mikro-orm/migrations';

/** Partners' consumptions under their Idempotency-Key (the answer replayed to retries). */
export class Migration20261125181000_partner_consumptions extends Migration {
  override name = 'Migration20261125181000_partner_consumptions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "partner_consumption" ("api_client_id" uuid not null, "idempotency_key" varchar(255) not null, "fingerprint" varchar(64) not null, "movement_id" bigint not null, "app_name" varchar(40) not null, "response" jsonb not null, "created_at" timestamptz not null, primary key ("api_client_id", "idempotency_key"));`,
    );
    this.addSql(`alter table "partner_consumption" add constraint "partner_consumption_movement_id_unique" unique ("movement_id");`);
    this.addSql(
      `alter table "partner_consumption" add constraint "partner_consumption_api_client_id_foreign" foreign key ("api_client_id") references "api_client" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "partner_consumption" add constraint "partner_consumption_app_name_foreign" foreign key ("app_name") references "brand" ("app_name") on update cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "partner_consumption" cascade;`);
  }
}
