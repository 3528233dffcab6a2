import { Migration } from '@mikro-orm/migrations';

export class Migration20261128011500_cash_payment_decision extends Migration {
  override name = 'Migration20261128011500_cash_payment_decision';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "cash_payment_decision" ("id" serial primary key, "purchase_order_id" int not null, "decision" text not null, "reject_type_id" int null, "reason" varchar(200) null, "decided_by" varchar(100) not null, "decided_by_name" varchar(200) not null, "decided_at" timestamptz not null);`,
    );
    this.addSql(`alter table "cash_payment_decision" add constraint "cash_payment_decision_order_unique" unique ("purchase_order_id");`);
    this.addSql(
      `alter table "cash_payment_decision" add constraint "cash_payment_decision_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id");`,
    );
    this.addSql(
      `alter table "cash_payment_decision" add constraint "cash_payment_decision_reject_type_id_foreign" foreign key ("reject_type_id") references "reject_type" ("id") on delete set null;`,
    );
    this.addSql(`alter table "cash_payment_decision" add constraint "cash_payment_decision_decision_check" check ("decision" in ('APPROVED', 'REJECTED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "cash_payment_decision" cascade;`);
  }
}
