import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail: the messages (the development mailbox, or the SMTP delivery log), the buyers' e-mail
 * verifications and the codes sent (the sending throttle). The mail_message table is written by
 * hand: the schema diff skips statements with immutable_unaccent (its search text).
 */
export class Migration20261126001800_mail extends Migration {
  override name = 'Migration20261126001800_mail';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "email_code_send" ("id" bigserial primary key, "email" varchar(100) not null, "app_name" varchar(40) not null, "address" varchar(50) not null, "sent_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "email_code_send_email_index" on "email_code_send" ("email", "sent_at");`);
    this.addSql(`create index "email_code_send_address_index" on "email_code_send" ("address", "sent_at");`);

    this.addSql(
      `create table "email_verification" ("email" varchar(100) not null, "app_name" varchar(40) not null, "code_hash" varchar(64) null, "code_expires_at" timestamptz null, "failed_tries" int not null default 0, "verified_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("email", "app_name"));`,
    );

    this.addSql(
      `create table "mail_message" ("id" bigserial primary key, "app_name" varchar(40) not null, "to_address" varchar(320) not null, "subject" varchar(300) not null, "html" text null, "text" text null, "template" varchar(60) not null, "dedupe_key" varchar(200) not null, "state" text not null default 'QUEUED', "transport" varchar(10) null, "provider_id" varchar(300) null, "error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, "search_text" text null generated always as (immutable_unaccent(lower("to_address" || ' ' || "subject"))) stored);`,
    );
    this.addSql(`alter table "mail_message" add constraint "mail_message_dedupe_unique" unique ("dedupe_key");`);
    this.addSql(`create index "mail_message_created_at_index" on "mail_message" ("created_at");`);
    this.addSql(`create index "mail_message_to_index" on "mail_message" ("to_address", "created_at");`);

    this.addSql(
      `alter table "email_code_send" add constraint "email_code_send_app_name_foreign" foreign key ("app_name") references "brand" ("app_name") on update cascade;`,
    );

    this.addSql(
      `alter table "email_verification" add constraint "email_verification_app_name_foreign" foreign key ("app_name") references "brand" ("app_name") on update cascade;`,
    );

    this.addSql(
      `alter table "mail_message" add constraint "mail_message_app_name_foreign" foreign key ("app_name") references "brand" ("app_name") on update cascade;`,
    );
    this.addSql(`alter table "mail_message" add constraint "mail_message_state_check" check ("state" in ('QUEUED', 'SENT', 'FAILED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "email_code_send" cascade;`);
    this.addSql(`drop table if exists "email_verification" cascade;`);
    this.addSql(`drop table if exists "mail_message" cascade;`);
  }
}
