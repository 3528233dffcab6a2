import { Migration } from '@mikro-orm/migrations';

export class Migration20261207130445_feature_type_cache extends Migration {
  override name = 'Migration20261207130445_feature_type_cache';

  override up(): void | Promise<void> {
    this.addSql(
      `create or replace function "feature_type_feature_type_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue', true) where position(',storeCatalogue' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "feature_type_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "feature_type" for each STATEMENT execute function "feature_type_feature_type_invalidates_cache_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "feature_type_invalidates_cache" on "feature_type";`);
    this.addSql(`drop function if exists "feature_type_feature_type_invalidates_cache_fn"();`);
  }
}
