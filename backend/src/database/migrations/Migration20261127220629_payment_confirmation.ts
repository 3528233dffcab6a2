import { Migration } from '@mikro-orm/migrations';

export class Migration20261127220629_payment_confirmation extends Migration {
  override name = 'Migration20261127220629_payment_confirmation';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_confirmation" ("id" serial primary key, "gateway" text not null, "gateway_reference" varchar(100) not null, "transaction_id" varchar(100) not null, "outcome" text not null, "response_code" smallint not null, "purchase_order_id" int not null, "amount" numeric(20,2) not null, "currency" varchar(3) not null, "order_state" varchar(30) not null, "payload" jsonb not null, "received_at" timestamptz not null);`,
    );
    this.addSql(`create index "payment_confirmation_purchase_order_id_index" on "payment_confirmation" ("purchase_order_id");`);
    this.addSql(
      `alter table "payment_confirmation" add constraint "payment_confirmation_gateway_reference_unique" unique ("gateway", "gateway_reference", "outcome");`,
    );

    this.addSql(
      `alter table "payment_confirmation" add constraint "payment_confirmation_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id");`,
    );
    this.addSql(`alter table "payment_confirmation" add constraint "payment_confirmation_gateway_check" check ("gateway" in ('EPAYCO'));`);
    this.addSql(
      `alter table "payment_confirmation" add constraint "payment_confirmation_outcome_check" check ("outcome" in ('APPROVED', 'REJECTED', 'PENDING', 'REVERSED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_confirmation" cascade;`);
  }
}
