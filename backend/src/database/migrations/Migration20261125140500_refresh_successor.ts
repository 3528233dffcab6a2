import { Migration } from '@mikro-orm/migrations';

/** A rotated refresh token keeps its successor pair (encrypted) for the reuse interval. */
export class Migration20261125140500_refresh_successor extends Migration {
  override name = 'Migration20261125140500_refresh_successor';

  override up(): void | Promise<void> {
    this.addSql(`alter table "refresh_token" add "successor" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "refresh_token" drop column "successor";`);
  }
}
