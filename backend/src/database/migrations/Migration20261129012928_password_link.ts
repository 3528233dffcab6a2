import { Migration } from '@mikro-orm/migrations';

export class Migration20261129012928_password_link extends Migration {
  override name = 'Migration20261129012928_password_link';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "password_link" ("id" serial primary key, "user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`,
    );
    this.addSql(`alter table "password_link" add constraint "password_link_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "password_link" add constraint "password_link_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `alter table "password_link" add constraint "password_link_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "password_link" cascade;`);
  }
}
