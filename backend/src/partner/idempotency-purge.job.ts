import { MikroORM } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { IntervalJob } from '../database/interval-job.js';
import { ConsumptionService } from './consumption.service.js';

/** How often expired Idempotency-Key records are looked for. */
const PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Runs ConsumptionService.purgeIdempotencyKeys on an interval. Every instance schedules it; the
 * advisory lock lets one purge at a time, and a run that finds nothing writes nothing. The first
 * run comes one interval after start, so it adds nothing to boot time.
 */
@Injectable()
export class IdempotencyPurgeJob extends IntervalJob {
  constructor(
    orm: MikroORM,
    private readonly consumptions: ConsumptionService,
  ) {
    super(orm, { name: 'IdempotencyPurge', everyMs: PURGE_INTERVAL_MS, failure: 'Idempotency-Key purge failed' });
  }

  protected async tick(): Promise<void> {
    const purged = await this.consumptions.purgeIdempotencyKeys();
    if (purged) this.logger.log(`Purged ${purged} expired Idempotency-Key record(s)`);
  }
}
