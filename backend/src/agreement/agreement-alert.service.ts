import type { components } from '@licencias/common/schema';
import { bogotaToday, bogotaWallClock } from '@licencias/common/dates';
import { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { EventBus } from '../events/event-bus.js';
import { mailTemplates } from '../mail/mail.types.js';
import { OutboxService } from '../outbox/outbox.service.js';
import type { OutboxEventInput } from '../outbox/outbox.types.js';
import { AgreementAlertRepository, type RaisedAlert, type SweepClock } from './agreement-alert.repository.js';

type AgreementAlertDto = components['schemas']['AgreementAlert'];

/** Agreements claimed per transaction: each batch commits its alerts, e-mails and events together. */
export const SWEEP_BATCH = 500;
/** The internal event of an agreement's new alerts, whose handler (AgreementAlertMailHandler) queues the e-mails. */
export const ALERT_RAISED_EVENT = 'agreement.alerts_raised';

/** What one sweep did: the agreements it claimed and the alerts it raised. */
export interface SweepResult {
  agreements: number;
  alerts: number;
}

const NUMBER = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The sweep's Bogotá clock at an instant: the day, 'HH:mm', and the weekday's bit (bit 0 Monday … bit 6 Sunday, as alert_weekdays and WEEKDAYS). */
export function sweepClock(now: Date): SweepClock {
  const wall = bogotaWallClock(now);
  const time = `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
  return { today: bogotaToday(now), time, weekdayBit: 1 << ((wall.getUTCDay() + 6) % 7), now };
}

/**
 * Consumption alerts of agreements (issue 23 item 6; DESIGN.md "Events after commit"): when a bag
 * of an agreement reaches its alert percentage, the supervisor and the commercial manager get one
 * e-mail at the agreement's delivery time (daily, or on its weekdays), and partners of the brand
 * one `balance.threshold_reached` webhook per bag. One alert per bag and crossing: the bag is
 * re-armed when it drops below the percentage again or its total changes (a new grant).
 */
@Injectable()
export class AgreementAlertService {
  constructor(
    private readonly repo: AgreementAlertRepository,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly events: EventBus,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sweeps the agreements due now, batch by batch. Each batch is one transaction: the claim of its
   * agreements for today (row locks skipped by other instances, then `alert_swept_on`), the re-arm
   * and the new alerts of their bags, the e-mails and the webhook events. A crash rolls the batch
   * back whole (the next run claims it again); a committed batch is never claimed again that day.
   */
  async sweep(now = new Date(), batch = SWEEP_BATCH): Promise<SweepResult> {
    const clock = sweepClock(now);
    const result: SweepResult = { agreements: 0, alerts: 0 };
    for (;;) {
      const claimed = await this.em.transactional(async (em) => {
        const agreementIds = await this.repo.claimDue(clock, batch);
        if (!agreementIds.length) return 0;
        await this.repo.rearm(agreementIds, now);
        const raised = await this.repo.raise(agreementIds, now);
        if (raised.length) await this.publish(em, raised, now);
        result.alerts += raised.length;
        return agreementIds.length;
      });
      result.agreements += claimed;
      if (claimed < batch) return result;
    }
  }

  /** An agreement's alerts, newest first (GET /api/v1/agreements/{id}/alerts). */
  async listForAgreement(agreementId: number): Promise<AgreementAlertDto[]> {
    const rows = await this.repo.list(agreementId);
    return rows.map((r) => ({
      id: r.id,
      licenseId: r.licenceId,
      packageCode: r.packageCode,
      serviceFeatureCode: r.serviceFeatureCode,
      threshold: r.threshold,
      percentageUsed: Number(r.percentageUsed),
      used: r.used,
      total: r.total,
      crossedAt: r.crossedAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      recipients: r.recipients,
    }));
  }

  /**
   * The e-mails of an agreement's new alerts (the outbox handler of ALERT_RAISED_EVENT, in its
   * delivery's transaction): one message to each recipient listing the bags, queued once per
   * alert set (dedupe key), their ids kept on the alerts.
   */
  async mailRaised(em: EntityManager, alertIds: readonly number[]): Promise<void> {
    const alerts = await this.repo.raisedById(alertIds);
    const first = alerts[0];
    if (!first) return;
    const appName = first.appName ?? this.config.defaultBrand;
    const message = mailTemplates.agreementAlert(await this.mail.brandName(appName), {
      contractNumber: first.contractNumber,
      customer: first.customerName,
      threshold: first.threshold,
      bags: alerts.map((a) => ({
        packageCode: a.packageCode,
        packageName: a.packageName,
        serviceFeatureCode: a.serviceFeatureCode,
        percentageUsed: PERCENT.format(Number(a.percentageUsed)),
        used: NUMBER.format(a.used),
        total: NUMBER.format(a.total),
      })),
    });
    const mailIds: number[] = [];
    for (const to of first.recipients) {
      const id = await this.mail.send(em, { ...message, appName, to, dedupeKey: `agreement-alert:${first.agreementId}:${first.id}:${to}` });
      if (id !== null) mailIds.push(id);
    }
    if (mailIds.length) await this.repo.setMailIds([{ alertIds: alerts.map((a) => a.id), mailIds }]);
  }

  /**
   * In the batch's transaction, in one statement: one `balance.threshold_reached` per alert (as
   * OutboxService.publish writes it) and one ALERT_RAISED_EVENT per agreement, whose handler
   * queues the e-mails after commit.
   */
  private async publish(em: EntityManager, raised: RaisedAlert[], now: Date): Promise<void> {
    const deliveriesOf = new Map<string, Promise<{ handler: string; target: string }[]>>();
    const deliveries = (input: OutboxEventInput, appName: string | null) => {
      // A handler's targets depend on the event's type and brand (partner webhooks: the brand's subscriptions to the type).
      const key = `${input.type}:${appName ?? ''}`;
      if (!deliveriesOf.has(key)) deliveriesOf.set(key, this.deliveries(em, input));
      return deliveriesOf.get(key)!;
    };
    const events = [];
    const byAgreement = new Map<number, number[]>();
    for (const a of raised) {
      byAgreement.set(a.agreementId, [...(byAgreement.get(a.agreementId) ?? []), a.id]);
      const input = this.outbox.eventInput(
        {
          type: 'balance.threshold_reached',
          data: {
            appName: a.appName,
            agreementId: a.agreementId,
            contractNumber: a.contractNumber,
            customer: { documentType: a.documentType, documentNumber: a.documentNumber },
            licenceId: a.licenceId,
            packageCode: a.packageCode,
            serviceFeatureCode: a.serviceFeatureCode,
            threshold: a.threshold,
            used: a.used,
            total: a.total,
            percentageUsed: Number(a.percentageUsed),
            crossedAt: a.crossedAt.toISOString(),
            alertId: a.id,
          },
        },
        now,
      );
      events.push({ ...input, deliveries: await deliveries(input, a.appName) });
    }
    for (const [agreementId, alertIds] of byAgreement) {
      const input = { type: ALERT_RAISED_EVENT, dedupeKey: `agreement-alert:${alertIds[0]}`, payload: { agreementId, alertIds } };
      events.push({ ...input, deliveries: await deliveries(input, null) });
    }
    if ((await this.repo.insertEvents(events)) > 0) await this.events.publish(em, { type: 'outbox.enqueued' });
  }

  private async deliveries(em: EntityManager, event: OutboxEventInput): Promise<{ handler: string; target: string }[]> {
    const out: { handler: string; target: string }[] = [];
    for (const name of this.outbox.handlerNames()) {
      const handler = this.outbox.handler(name);
      if (!handler?.types.includes(event.type)) continue;
      const targets = handler.targets ? await handler.targets(event, em) : [''];
      for (const target of new Set(targets)) out.push({ handler: name, target });
    }
    return out;
  }
}
