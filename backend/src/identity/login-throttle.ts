import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { RequestContext } from '@mikro-orm/core';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { TooManyRequestsError } from '../errors/errors.js';
import { LoginAttemptRepository } from './login-attempt.repository.js';

/** How long a successful sign-in makes its address known to the account (exempt from the account ceiling). */
const KNOWN_ADDRESS_DAYS = 30;
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Sign-in throttling that slows guessing without handing anyone a lockout:
 * - per account and address: a few failures block that address for that account only, so the
 *   owner elsewhere still gets in;
 * - per address: many failures over any accounts block the address (password spraying);
 * - per account, a slower ceiling over all addresses (a distributed guess), which addresses that
 *   signed in to the account successfully lately do not count against, so its owner still gets in.
 * Counting and recording happen under locks on the account and the address, so concurrent
 * attempts are counted exactly; the password check runs after, outside them.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LoginThrottle');
  private pruner?: NodeJS.Timeout;

  constructor(
    private readonly attempts: LoginAttemptRepository,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.pruner = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.pruner);
  }

  /**
   * Within the caller's transaction: refuses the attempt (429 with the seconds to wait) when a
   * limit is reached, otherwise records it as a failure and returns its id, to be marked
   * succeeded once the password is right.
   */
  async admit(username: string, address: string, now: Date): Promise<number> {
    const c = this.config;
    await this.attempts.lock(username, address);
    const since = new Date(now.getTime() - c.loginThrottleWindowSeconds * 1000);
    const accountSince = new Date(now.getTime() - c.loginAccountWindowSeconds * 1000);
    const knownSince = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
    const counts = await this.attempts.counts(username, address, { since, accountSince, knownSince });

    const blocking: [limit: number, windowSeconds: number, where: Parameters<LoginAttemptRepository['nthNewestFailure']>[0]][] = [];
    if (counts.pair >= c.loginMaxFailuresPerAccountAddress) {
      blocking.push([c.loginMaxFailuresPerAccountAddress, c.loginThrottleWindowSeconds, { username, address, since, afterLastPairSuccess: true }]);
    }
    if (counts.address >= c.loginMaxFailuresPerAddress) blocking.push([c.loginMaxFailuresPerAddress, c.loginThrottleWindowSeconds, { address, since }]);
    if (!counts.knownAddress && counts.account >= c.loginMaxFailuresPerAccount) {
      blocking.push([c.loginMaxFailuresPerAccount, c.loginAccountWindowSeconds, { username, since: accountSince }]);
    }
    if (blocking.length) {
      let waitMs = 1000;
      for (const [limit, windowSeconds, where] of blocking) {
        const at = await this.attempts.nthNewestFailure(where, limit);
        if (at) waitMs = Math.max(waitMs, at.getTime() + windowSeconds * 1000 - now.getTime());
      }
      const retryAfter = Math.ceil(waitMs / 1000);
      const minutes = Math.ceil(retryAfter / 60);
      throw new TooManyRequestsError(`Demasiados intentos fallidos. Intenta de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`, retryAfter);
    }
    return this.attempts.insertFailure(username, address, now);
  }

  succeeded(attemptId: number): Promise<void> {
    return this.attempts.markSucceeded(attemptId);
  }

  private async prune(): Promise<void> {
    const c = this.config;
    const keepSeconds = Math.max(c.loginThrottleWindowSeconds, c.loginAccountWindowSeconds, KNOWN_ADDRESS_DAYS * 86_400);
    try {
      await RequestContext.create(this.orm.em, () => this.attempts.prune(new Date(Date.now() - keepSeconds * 1000)));
    } catch (error) {
      this.logger.warn(`Pruning sign-in attempts failed: ${(error as Error).message}`);
    }
  }
}
