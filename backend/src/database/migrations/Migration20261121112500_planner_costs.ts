import { Migration } from '@mikro-orm/migrations';

/**
 * The database lives on SSD, or in memory for the embedded one: a random page read costs about
 * what a sequential one does. With PostgreSQL's default (4, for spinning disks) the planner scans
 * 100,000 customers instead of using the trigram index for a broad search (45 ms instead of 6 ms).
 * Applies to new sessions of this database; a role without the right to alter the database keeps
 * the default. The embedded PGlite runs single-user and ignores per-database settings: it needs the
 * start parameter `-c random_page_cost=1.1` where it is created (database/orm.ts).
 */
export class Migration20261121112500_planner_costs extends Migration {
  override name = 'Migration20261121112500_planner_costs';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin
      execute format('alter database %I set random_page_cost = 1.1', current_database());
    exception when insufficient_privilege then
      raise notice 'random_page_cost left as configured: not allowed to alter the database';
    end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`do $$ begin
      execute format('alter database %I reset random_page_cost', current_database());
    exception when insufficient_privilege then null;
    end $$;`);
  }
}
