import { Migration } from '@mikro-orm/migrations';

/** Feature types get the `search_text` column the other catalogue tables have, so `q` can search them. */
export class Migration20261123153930_feature_type_search extends Migration {
  override name = 'Migration20261123153930_feature_type_search';

  override up(): void | Promise<void> {
    this.addSql(`alter table "feature_type" add "search_text" text generated always as (immutable_unaccent(lower("feature_type_name"))) stored null;`);
    this.addSql(`create index "feature_type_search_text_trgm" on "feature_type" using gin ("search_text" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "feature_type_search_text_trgm";`);
    this.addSql(`alter table "feature_type" drop column "search_text";`);
  }
}
