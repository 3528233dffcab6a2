import { Migration } from '@mikro-orm/migrations';

/** tax_parameter is append-only (an old order's taxes are recomputed from its day's rows) and holds sane values. */
export class Migration20261127213500_tax_parameter_append_only extends Migration {
  override name = 'Migration20261127213500_tax_parameter_append_only';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tax_parameter" add constraint "tax_parameter_value_check" check (value >= 0 and min_base_uvt >= 0);`);
    this.addSql(`alter table "tax_parameter" add constraint "tax_parameter_kind_check" check (kind in ('*', 'SOFTWARE_LICENCE', 'SERVICE', 'PURCHASE'));`);
    this.addSql(`alter table "tax_parameter" add constraint "tax_parameter_dane_code_check" check (dane_code = '*' or dane_code ~ '^[0-9]{5}$');`);
    this.addSql(
      `create or replace function "tax_parameter_tax_parameter_no_update_delete_fn"() returns trigger as $$ begin raise exception 'tax_parameter is append-only (a change of law is a new row): % refused', tg_op using errcode = '55000'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "tax_parameter_no_update_delete" BEFORE UPDATE OR DELETE on "tax_parameter" for each ROW execute function "tax_parameter_tax_parameter_no_update_delete_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tax_parameter_no_update_delete" on "tax_parameter";`);
    this.addSql(`drop function if exists "tax_parameter_tax_parameter_no_update_delete_fn"();`);
    this.addSql(
      `alter table "tax_parameter" drop constraint "tax_parameter_value_check", drop constraint "tax_parameter_kind_check", drop constraint "tax_parameter_dane_code_check";`,
    );
  }
}
