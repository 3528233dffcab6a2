import { MikroORM } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { IntervalJob } from '../database/interval-job.js';
import { AgreementAlertService } from './agreement-alert.service.js';

/** How often the alert sweep looks for agreements whose delivery time has come (the e-mails go out within this of it). */
const ALERT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Runs AgreementAlertService.sweep on an interval. Every instance schedules it; the sweep's claim
 * (row locks skipped by the others, then the day written on the agreement) gives each agreement
 * to one instance a day, and a run that finds nothing due writes nothing.
 */
@Injectable()
export class AgreementAlertJob extends IntervalJob {
  constructor(
    orm: MikroORM,
    private readonly alerts: AgreementAlertService,
  ) {
    super(orm, { name: 'AgreementAlerts', everyMs: ALERT_SWEEP_INTERVAL_MS, failure: 'Agreement alert sweep failed' });
  }

  protected async tick(): Promise<void> {
    const { agreements, alerts } = await this.alerts.sweep();
    if (alerts) this.logger.log(`Raised ${alerts} consumption alert(s) over ${agreements} agreement(s)`);
  }
}
