import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000500_trial_request extends Migration {
  override name = 'Migration20261128000500_trial_request';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "trial_request" ("id" serial primary key, "app_name" varchar(40) not null, "package_id" int not null, "service_id" int not null, "document_type_id" int not null, "document_number" varchar(15) not null, "email" varchar(100) not null, "customer" jsonb not null, "token_hash" varchar(64) not null, "state" text not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "activated_at" timestamptz null, "customer_id" int null, "licence_id" int null);`,
    );
    this.addSql(`create index "trial_request_email_index" on "trial_request" ("app_name", "email", "created_at");`);
    this.addSql(`alter table "trial_request" add constraint "trial_request_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `create unique index "trial_request_document_unique" on "trial_request" ("app_name", "document_type_id", "document_number") where "state" = 'ACTIVATED';`,
    );
    this.addSql(`create unique index "trial_request_email_unique" on "trial_request" ("app_name", "email") where "state" = 'ACTIVATED';`);

    this.addSql(`alter table "trial_request" add constraint "trial_request_package_id_foreign" foreign key ("package_id") references "package" ("id");`);
    this.addSql(
      `alter table "trial_request" add constraint "trial_request_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "trial_request" add constraint "trial_request_licence_id_foreign" foreign key ("licence_id") references "licence" ("id") on delete set null;`,
    );
    this.addSql(`alter table "trial_request" add constraint "trial_request_state_check" check ("state" in ('PENDING', 'ACTIVATED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "trial_request" cascade;`);
  }
}
