import { Migration } from '@mikro-orm/migrations';

export class Migration20261128011600_payment_support_content extends Migration {
  override name = 'Migration20261128011600_payment_support_content';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_support_content" ("storage_key" varchar(200) not null, "content" bytea not null, "created_at" timestamptz not null, primary key ("storage_key"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_support_content" cascade;`);
  }
}
