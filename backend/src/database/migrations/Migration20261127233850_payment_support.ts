import { Migration } from '@mikro-orm/migrations';

export class Migration20261127233850_payment_support extends Migration {
  override name = 'Migration20261127233850_payment_support';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_support" ("id" serial primary key, "purchase_order_id" int not null, "support_type" text not null, "file_name" varchar(200) not null, "content_type" varchar(40) not null, "size" int not null, "sha256" varchar(64) not null, "storage_key" varchar(200) not null, "uploaded_by" varchar(100) not null, "uploaded_at" timestamptz not null);`,
    );
    this.addSql(`alter table "payment_support" add constraint "payment_support_order_type_unique" unique ("purchase_order_id", "support_type");`);

    this.addSql(
      `alter table "payment_support" add constraint "payment_support_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id");`,
    );
    this.addSql(`alter table "payment_support" add constraint "payment_support_support_type_check" check ("support_type" in ('PAYMENT_SUPPORT', 'RUT'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_support" cascade;`);
  }
}
