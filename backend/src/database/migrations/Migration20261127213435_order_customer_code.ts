import { Migration } from '@mikro-orm/migrations';

export class Migration20261127213435_order_customer_code extends Migration {
  override name = 'Migration20261127213435_order_customer_code';

  override up(): void | Promise<void> {
    this.addSql(
      `create unique index "purchase_order_customer_code_unique" on "purchase_order" ("promotional_code_id", "promo_period_start", "buyer_customer_id") where "buyer_customer_id" is not null and "promotional_code_id" is not null and "state" not in ('REJECTED', 'CANCELLED');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "purchase_order_customer_code_unique";`);
  }
}
