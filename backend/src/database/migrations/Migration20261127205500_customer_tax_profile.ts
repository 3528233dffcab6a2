import { Migration } from '@mikro-orm/migrations';

/** The company's tax profile (docs/architecture.md "Colombian taxes"): existing companies have no withholding role until staff say so. */
export class Migration20261127205500_customer_tax_profile extends Migration {
  override name = 'Migration20261127205500_customer_tax_profile';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "customer" add column "large_taxpayer" boolean not null default false, add column "iva_withholding_agent" boolean not null default false, add column "ica_withholding_agent" boolean not null default false;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "customer" drop column "large_taxpayer", drop column "iva_withholding_agent", drop column "ica_withholding_agent";`);
  }
}
