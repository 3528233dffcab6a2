import { Migration } from '@mikro-orm/migrations';

/** Licences get the search text that `q` of GET /api/v1/licences searches (written by hand: the schema diff skips immutable_unaccent). */
export class Migration20261125174713_licence_search extends Migration {
  override name = 'Migration20261125174713_licence_search';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "licence" add column "search_text" text null generated always as (immutable_unaccent(lower("origin_reference" || ' ' || coalesce("contract_number", '') || ' ' || coalesce("package_snapshot" ->> 'packageCode', '') || ' ' || coalesce("package_snapshot" ->> 'packageName', '')))) stored;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "licence" drop column "search_text";`);
  }
}
