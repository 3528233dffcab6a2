import { Migration } from '@mikro-orm/migrations';

export class Migration20261206194446_agreement_alerts extends Migration {
  override name = 'Migration20261206194446_agreement_alerts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agreement_alert" ("id" serial primary key, "agreement_id" int not null, "agreement_service_id" int not null, "licence_id" int not null, "balance_id" int not null, "package_code" varchar(50) null, "service_feature_code" varchar(50) not null, "threshold" int not null, "used" int not null, "total" int not null, "percentage_used" numeric(5,2) not null, "crossed_at" timestamptz not null, "recipients" jsonb not null, "mail_ids" jsonb not null, "open" boolean not null default true, "closed_at" timestamptz null);`,
    );
    this.addSql(`create index "agreement_alert_agreement_service_id_index" on "agreement_alert" ("agreement_service_id");`);
    this.addSql(`create index "agreement_alert_licence_id_index" on "agreement_alert" ("licence_id");`);
    this.addSql(`create index "agreement_alert_balance_id_index" on "agreement_alert" ("balance_id");`);
    this.addSql(`create index "agreement_alert_agreement_index" on "agreement_alert" ("agreement_id", "crossed_at");`);
    this.addSql(`create unique index "agreement_alert_open_balance_unique" on "agreement_alert" ("balance_id") where "open";`);

    this.addSql(
      `alter table "agreement_alert" add constraint "agreement_alert_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id");`,
    );
    this.addSql(
      `alter table "agreement_alert" add constraint "agreement_alert_agreement_service_id_foreign" foreign key ("agreement_service_id") references "agreement_service" ("id");`,
    );
    this.addSql(`alter table "agreement_alert" add constraint "agreement_alert_licence_id_foreign" foreign key ("licence_id") references "licence" ("id");`);
    this.addSql(
      `alter table "agreement_alert" add constraint "agreement_alert_balance_id_foreign" foreign key ("balance_id") references "licence_balance" ("id");`,
    );
    this.addSql(`alter table "agreement_alert" add constraint "agreement_alert_threshold_check" check (threshold >= 1 and threshold <= 100);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agreement_alert" cascade;`);
  }
}
