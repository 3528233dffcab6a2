import { Migration } from '@mikro-orm/migrations';

/** The transactional outbox: events written in the transaction that causes them, and one delivery per handler (backend/src/outbox). */
export class Migration20261125232652_outbox extends Migration {
  override name = 'Migration20261125232652_outbox';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outbox_event" ("id" bigserial primary key, "type" varchar(100) not null, "dedupe_key" varchar(200) not null, "payload" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "outbox_event" add constraint "outbox_event_dedupe_unique" unique ("type", "dedupe_key");`);

    this.addSql(
      `create table "outbox_delivery" ("id" bigserial primary key, "event_id" bigint not null, "handler" varchar(60) not null, "target" varchar(200) not null default '', "state" text not null default 'PENDING', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "last_error" text null, "created_at" timestamptz not null default now(), "done_at" timestamptz null);`,
    );
    this.addSql(`create index "outbox_delivery_due_index" on "outbox_delivery" ("state", "next_attempt_at");`);
    this.addSql(`alter table "outbox_delivery" add constraint "outbox_delivery_handler_unique" unique ("event_id", "handler", "target");`);

    this.addSql(
      `alter table "outbox_delivery" add constraint "outbox_delivery_event_id_foreign" foreign key ("event_id") references "outbox_event" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "outbox_delivery" add constraint "outbox_delivery_state_check" check ("state" in ('PENDING', 'DONE', 'FAILED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_delivery" drop constraint "outbox_delivery_event_id_foreign";`);

    this.addSql(`drop table if exists "outbox_event" cascade;`);
    this.addSql(`drop table if exists "outbox_delivery" cascade;`);
  }
}
