import { Migration } from '@mikro-orm/migrations';

export class Migration20261129004238_order_list_indexes extends Migration {
  override name = 'Migration20261129004238_order_list_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "purchase_order_created_at_index" on "purchase_order" ("created_at");`);
    this.addSql(`create index "purchase_order_billing_document_index" on "purchase_order" (("customer_billing" ->> 'documentNumber'));`);
    this.addSql(`create index "purchase_order_service_document_index" on "purchase_order" (("customer_service" ->> 'documentNumber'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "purchase_order_created_at_index";`);
    this.addSql(`drop index "purchase_order_billing_document_index";`);
    this.addSql(`drop index "purchase_order_service_document_index";`);
  }
}
