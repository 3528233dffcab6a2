import { MikroORM } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { IntervalJob } from '../database/interval-job.js';
import { OrderService } from './order.service.js';

/** How often expired order Idempotency-Key records are looked for. */
const PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Runs OrderService.purgeIdempotencyKeys on an interval, as the partners' purge does. Every
 * instance schedules it; `skip locked` keeps two purges off the same rows. The first run comes
 * one interval after start.
 */
@Injectable()
export class OrderKeyPurgeJob extends IntervalJob {
  constructor(
    orm: MikroORM,
    private readonly orders: OrderService,
  ) {
    super(orm, { name: 'OrderKeyPurge', everyMs: PURGE_INTERVAL_MS, failure: 'Order Idempotency-Key purge failed' });
  }

  protected async tick(): Promise<void> {
    const purged = await this.orders.purgeIdempotencyKeys();
    if (purged) this.logger.log(`Purged ${purged} expired order Idempotency-Key record(s)`);
  }
}
