import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { RequestContext } from '@mikro-orm/core';
import { LicenceService } from './licence.service.js';

/** How often the expiry job looks for licences whose end has passed. */
const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Runs LicenceService.expire on an interval. Every instance schedules it; the advisory lock in
 * expire() lets one run at a time, and a run that finds nothing writes nothing. The first run
 * comes one interval after start, so it adds nothing to boot time.
 */
@Injectable()
export class LicenceExpiryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LicenceExpiry');
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly licences: LicenceService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), EXPIRY_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const closed = await RequestContext.create(this.orm.em, () => this.licences.expire());
      if (closed) this.logger.log(`Closed ${closed} expired licence(s)`);
    } catch (error) {
      this.logger.error({ err: error }, 'Expiry run failed');
    } finally {
      this.running = false;
    }
  }
}
