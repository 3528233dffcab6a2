import { Migration } from '@mikro-orm/migrations';

export class Migration20261207030012_movement_index_with_id extends Migration {
  override name = 'Migration20261207030012_movement_index_with_id';

  override up(): void | Promise<void> {
    this.addSql(`drop index "licence_movement_balance_occurred_index";`);
    this.addSql(`drop index "licence_movement_licence_occurred_index";`);
    this.addSql(`create index "licence_movement_balance_occurred_index" on "licence_movement" ("balance_id", "occurred_at", "id");`);
    this.addSql(`create index "licence_movement_licence_occurred_index" on "licence_movement" ("licence_id", "occurred_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "licence_movement_balance_occurred_index";`);
    this.addSql(`drop index "licence_movement_licence_occurred_index";`);
    this.addSql(`create index "licence_movement_balance_occurred_index" on "licence_movement" ("balance_id", "occurred_at");`);
    this.addSql(`create index "licence_movement_licence_occurred_index" on "licence_movement" ("licence_id", "occurred_at");`);
  }
}
