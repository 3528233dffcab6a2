import { Migration } from '@mikro-orm/migrations';

export class Migration20261129011205_order_search_text extends Migration {
  override name = 'Migration20261129011205_order_search_text';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "purchase_order" add column "search_text" text null generated always as (immutable_unaccent(lower('oc-' || "id" || ' ' || "reference_uuid" || ' ' || coalesce("customer_billing" ->> 'legalName', '') || ' ' || coalesce("customer_billing" ->> 'firstName', '') || ' ' || coalesce("customer_billing" ->> 'lastName', '') || ' ' || coalesce("customer_billing" ->> 'documentNumber', '') || ' ' || coalesce("customer_service" ->> 'legalName', '') || ' ' || coalesce("customer_service" ->> 'firstName', '') || ' ' || coalesce("customer_service" ->> 'lastName', '') || ' ' || coalesce("customer_service" ->> 'documentNumber', '') || ' ' || "buyer_email"))) stored;`,
    );
    this.addSql(`create index "purchase_order_search_text_trgm" on "purchase_order" using gin ("search_text" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "purchase_order_search_text_trgm";`);
    this.addSql(`alter table "purchase_order" drop column "search_text";`);
  }
}
