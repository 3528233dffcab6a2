import { Migration } from '@mikro-orm/migrations';

export class Migration20261127220237_order_key_created_at extends Migration {
  override name = 'Migration20261127220237_order_key_created_at';

  override up(): void | Promise<void> {
    this.addSql(`create index "order_idempotency_key_created_at_index" on "order_idempotency_key" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "order_idempotency_key_created_at_index";`);
  }
}
