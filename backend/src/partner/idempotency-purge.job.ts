import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConsumptionService } from './consumption.service.js';

/** How often expired Idempotency-Key records are looked for. */
const PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Runs ConsumptionService.purgeIdempotencyKeys on an interval. Every instance schedules it; the
 * advisory lock lets one purge at a time, and a run that finds nothing writes nothing. The first
 * run comes one interval after start, so it adds nothing to boot time.
 */
@Injectable()
export class IdempotencyPurgeJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyPurge');
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly consumptions: ConsumptionService,
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
      const purged = await RequestContext.create(this.orm.em, () => this.consumptions.purgeIdempotencyKeys());
      if (purged) this.logger.log(`Purged ${purged} expired Idempotency-Key record(s)`);
    } catch (error) {
      this.logger.error({ err: error }, 'Idempotency-Key purge failed');
    } finally {
      this.running = false;
    }
  }
}
