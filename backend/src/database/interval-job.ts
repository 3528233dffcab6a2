import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/sql';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/** What an IntervalJob is: the name it logs under, how often it runs and what it logs when a run fails. */
export interface IntervalJobOptions {
  name: string;
  everyMs: number;
  failure: string;
}

/**
 * A background job every instance runs on an interval (purges, expiry): the first run comes one
 * interval after start, so it adds nothing to boot time, and the timer does not keep the process
 * alive; a run never overlaps the previous one of the same instance, runs in its own ORM context,
 * and a failure is logged, never thrown (the next interval tries again). Which instance does the
 * work is the database's to decide (an advisory lock or `skip locked` in the job's own query).
 * A subclass gives `tick` and its constructor's dependencies.
 */
export abstract class IntervalJob implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running = false;

  protected constructor(
    private readonly orm: MikroORM,
    private readonly options: IntervalJobOptions,
  ) {
    this.logger = new Logger(options.name);
  }

  /** One run's work, in its own ORM context. */
  protected abstract tick(): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), this.options.everyMs).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  protected async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await RequestContext.create(this.orm.em, () => this.tick());
    } catch (error) {
      this.logger.error({ err: error }, this.options.failure);
    } finally {
      this.running = false;
    }
  }
}
