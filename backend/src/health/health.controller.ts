import { Controller, Inject } from '@nestjs/common';
import { Operation } from '../contract/operation.decorator.js';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/orm.js';
import { ServiceUnavailableError } from '../errors/errors.js';

@Controller()
export class HealthController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @Operation('getHealth')
  live() {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  @Operation('getReadiness')
  async ready() {
    try {
      await this.db.orm.em.getConnection().execute('select 1');
    } catch {
      throw new ServiceUnavailableError(`La base de datos (${this.db.kind}) no responde`);
    }
    return { status: 'ok', database: this.db.kind };
  }
}
