import { Migration } from '@mikro-orm/migrations';

/** Hub connections are recorded when opened (validatesession binds only those of its session). */
export class Migration20261125145000_hub_connection_opened extends Migration {
  override name = 'Migration20261125145000_hub_connection_opened';

  override up(): void | Promise<void> {
    // Rows written by the old validatesession are claims, not connections: drop them.
    this.addSql(`delete from "hub_connection";`);
    this.addSql(`alter table "hub_connection" add "opened_at" timestamptz not null;`);
    this.addSql(`alter table "hub_connection" alter column "bound_at" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "hub_connection" where "bound_at" is null;`);
    this.addSql(`alter table "hub_connection" alter column "bound_at" set not null;`);
    this.addSql(`alter table "hub_connection" drop column "opened_at";`);
  }
}
