import { Migration } from '@mikro-orm/migrations';

/**
 * Partners' Idempotency-Keys move to a table of their own, purged after their retention; a
 * consumption's owner (API client and brand) stays in partner_consumption, keyed by its movement,
 * for as long as the ledger. The customer and catalogue domains publish the read-only views other
 * domains read in one statement.
 */
export class Migration20261125235139_partner_idempotency_keys extends Migration {
  override name = 'Migration20261125235139_partner_idempotency_keys';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "partner_idempotency_key" ("api_client_id" uuid not null, "idempotency_key" varchar(255) not null, "fingerprint" varchar(64) not null, "response" jsonb not null, "created_at" timestamptz not null, primary key ("api_client_id", "idempotency_key"));`,
    );
    this.addSql(`create index "partner_idempotency_key_created_at_index" on "partner_idempotency_key" ("created_at");`);
    // The keys already answered keep being replayed.
    this.addSql(
      `insert into "partner_idempotency_key" ("api_client_id", "idempotency_key", "fingerprint", "response", "created_at") select "api_client_id", "idempotency_key", "fingerprint", "response", "created_at" from "partner_consumption";`,
    );
    this.addSql(`alter table "partner_consumption" drop constraint "partner_consumption_movement_id_unique";`);
    this.addSql(`alter table "partner_consumption" drop constraint "partner_consumption_pkey";`);
    this.addSql(`alter table "partner_consumption" drop column "idempotency_key", drop column "fingerprint", drop column "response";`);
    this.addSql(
      `alter table "partner_consumption" add constraint "partner_consumption_movement_id_foreign" foreign key ("movement_id") references "licence_movement" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "partner_consumption" add primary key ("movement_id");`);

    this.addSql(
      `alter table "partner_idempotency_key" add constraint "partner_idempotency_key_api_client_id_foreign" foreign key ("api_client_id") references "api_client" ("id") on update cascade;`,
    );

    this.addSql(
      `create view "service_feature_brand" as select f.id as service_feature_id, f.service_feature_code, f.service_id, s.app_name from service_feature f join service s on s.id = f.service_id;`,
    );

    this.addSql(
      `create view "customer_document" as select c.id as customer_id, d.document_type_code, c.document_number from customer c join document_type d on d.id = c.document_type_id;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop view if exists "customer_document" cascade;`);
    this.addSql(`drop view if exists "service_feature_brand" cascade;`);
    this.addSql(`alter table "partner_consumption" drop constraint "partner_consumption_movement_id_foreign";`);
    this.addSql(`alter table "partner_consumption" drop constraint "partner_consumption_pkey";`);
    // Back to one table: each consumption with the key it was posted under (those whose key was purged go).
    this.addSql(`alter table "partner_consumption" add "idempotency_key" varchar(255), add "fingerprint" varchar(64), add "response" jsonb;`);
    this.addSql(
      `update "partner_consumption" c set "idempotency_key" = k."idempotency_key", "fingerprint" = k."fingerprint", "response" = k."response" from "partner_idempotency_key" k where k."api_client_id" = c."api_client_id" and (k."response"->>'id')::bigint = c."movement_id";`,
    );
    this.addSql(`delete from "partner_consumption" where "idempotency_key" is null;`);
    this.addSql(
      `alter table "partner_consumption" alter column "idempotency_key" set not null, alter column "fingerprint" set not null, alter column "response" set not null;`,
    );
    this.addSql(`alter table "partner_consumption" add constraint "partner_consumption_movement_id_unique" unique ("movement_id");`);
    this.addSql(`alter table "partner_consumption" add primary key ("api_client_id", "idempotency_key");`);
    this.addSql(`drop table if exists "partner_idempotency_key" cascade;`);
  }
}
