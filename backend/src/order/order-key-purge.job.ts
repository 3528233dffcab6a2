import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OrderService } from './order.service.js';

/** How often expired order Idempotency-Key records are looked for. */
const PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Runs OrderService.purgeIdempotencyKeys on an interval, as the partners' purge does. Every
 * instance schedules it; `skip locked` keeps two purges off the same rows. The first run comes
 * one interval after start.
 */
@Injectable()
export class OrderKeyPurgeJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderKeyPurge');
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly orders: OrderService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), PURGE_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const purged = await RequestContext.create(this.orm.em, () => this.orders.purgeIdempotencyKeys());
      if (purged) this.logger.log(`Purged ${purged} expired order Idempotency-Key record(s)`);
    } catch (error) {
      this.logger.error({ err: error }, 'Order Idempotency-Key purge failed');
    } finally {
      this.running = false;
    }
  }
}
