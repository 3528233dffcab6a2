import { Migration } from '@mikro-orm/migrations';

/** PagueATiempo's notifications are recorded (and claimed once) like ePayco's confirmations. */
export class Migration20261129012500_pagueatiempo_confirmation extends Migration {
  override name = 'Migration20261129012500_pagueatiempo_confirmation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "payment_confirmation" drop constraint if exists "payment_confirmation_gateway_check";`);
    this.addSql(`alter table "payment_confirmation" add constraint "payment_confirmation_gateway_check" check ("gateway" in ('EPAYCO', 'PAGUEATIEMPO'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "payment_confirmation" drop constraint if exists "payment_confirmation_gateway_check";`);
    this.addSql(`alter table "payment_confirmation" add constraint "payment_confirmation_gateway_check" check ("gateway" in ('EPAYCO'));`);
  }
}
