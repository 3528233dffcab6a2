import { MikroORM } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { IntervalJob } from '../database/interval-job.js';
import { LicenceService } from './licence.service.js';

/** How often the expiry job looks for licences whose end has passed. */
const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Runs LicenceService.expire on an interval. Every instance schedules it; the advisory lock in
 * expire() lets one run at a time, and a run that finds nothing writes nothing. The first run
 * comes one interval after start, so it adds nothing to boot time.
 */
@Injectable()
export class LicenceExpiryJob extends IntervalJob {
  constructor(
    orm: MikroORM,
    private readonly licences: LicenceService,
  ) {
    super(orm, { name: 'LicenceExpiry', everyMs: EXPIRY_INTERVAL_MS, failure: 'Expiry run failed' });
  }

  protected async tick(): Promise<void> {
    const closed = await this.licences.expire();
    if (closed) this.logger.log(`Closed ${closed} expired licence(s)`);
  }
}
