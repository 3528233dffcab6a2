import { Migration } from '@mikro-orm/migrations';

export class Migration20261129012000_tax_parameters_cache extends Migration {
  override name = 'Migration20261129012000_tax_parameters_cache';

  override up(): void | Promise<void> {
    // Idempotent: a database that ran this migration under an earlier name has the trigger already.
    this.addSql(`drop trigger if exists "tax_parameter_invalidates_cache" on "tax_parameter";`);
    this.addSql(
      `create or replace function "tax_parameter_tax_parameter_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["taxParameters"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',taxParameters', true) where position(',taxParameters' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "tax_parameter_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "tax_parameter" for each STATEMENT execute function "tax_parameter_tax_parameter_invalidates_cache_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tax_parameter_invalidates_cache" on "tax_parameter";`);
    this.addSql(`drop function if exists "tax_parameter_tax_parameter_invalidates_cache_fn"();`);
  }
}
