import { Migration } from '@mikro-orm/migrations';

/** Partners' API clients (OAuth 2.0 client credentials), scoped to a brand. */
export class Migration20261125171000_api_clients extends Migration {
  override name = 'Migration20261125171000_api_clients';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "api_client" ("id" uuid not null, "client_id" varchar(80) not null, "name" varchar(100) not null, "app_name" varchar(40) not null, "privileges" text[] not null, "secret_hash" varchar(200) not null, "created_at" timestamptz not null, "created_by" varchar(100) null, "revoked_at" timestamptz null, "revoked_by" varchar(100) null, "search_text" text generated always as (immutable_unaccent(lower("name" || ' ' || "client_id"))) stored null, primary key ("id"));`,
    );
    this.addSql(`alter table "api_client" add constraint "api_client_client_id_unique" unique ("client_id");`);
    this.addSql(
      `alter table "api_client" add constraint "api_client_app_name_foreign" foreign key ("app_name") references "brand" ("app_name") on update cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "api_client" cascade;`);
  }
}
