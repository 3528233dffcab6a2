import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/sql';
import { jest } from '@jest/globals';
import { IntervalJob } from './interval-job.js';

/** A job whose runs wait for the test to finish them, and that notes the ORM context each ran in. */
class TestJob extends IntervalJob {
  readonly contexts: unknown[] = [];
  finish: () => void = () => undefined;
  fail = false;

  constructor(orm: MikroORM) {
    super(orm, { name: 'TestJob', everyMs: 1_000, failure: 'Test run failed' });
  }

  protected tick(): Promise<void> {
    this.contexts.push(RequestContext.getEntityManager());
    if (this.fail) return Promise.reject(new Error('boom'));
    return new Promise((resolve) => (this.finish = resolve));
  }

  runNow(): Promise<void> {
    return this.run();
  }

  get log() {
    return this.logger;
  }
}

const fork = { name: 'default', fork: () => fork };
const orm = { em: { name: 'default', fork: () => fork } } as unknown as MikroORM;

describe('IntervalJob', () => {
  afterEach(() => jest.useRealTimers());

  it('runs its work in a forked ORM context and never overlaps a run of its own', async () => {
    const job = new TestJob(orm);
    const first = job.runNow();
    const overlapping = job.runNow();
    expect(job.contexts).toEqual([fork]);
    job.finish();
    await Promise.all([first, overlapping]);
    const second = job.runNow();
    expect(job.contexts).toHaveLength(2);
    job.finish();
    await second;
  });

  it('logs a failed run with its message instead of throwing, and runs again the next time', async () => {
    const job = new TestJob(orm);
    const logged = jest.spyOn(job.log, 'error').mockImplementation(() => undefined);
    job.fail = true;
    await expect(job.runNow()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith({ err: new Error('boom') }, 'Test run failed');
    job.fail = false;
    const again = job.runNow();
    expect(job.contexts).toHaveLength(2);
    job.finish();
    await again;
  });

  it('first runs one interval after start and stops at shutdown', () => {
    jest.useFakeTimers();
    const job = new TestJob(orm);
    job.onApplicationBootstrap();
    expect(job.contexts).toHaveLength(0);
    jest.advanceTimersByTime(1_000);
    expect(job.contexts).toHaveLength(1);
    job.finish();
    job.onApplicationShutdown();
    jest.advanceTimersByTime(5_000);
    expect(job.contexts).toHaveLength(1);
  });
});
