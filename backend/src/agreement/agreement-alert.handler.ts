import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OutboxService } from '../outbox/outbox.service.js';
import type { DeliveryContext, OutboxEventRecord, OutboxHandler } from '../outbox/outbox.types.js';
import { ALERT_RAISED_EVENT, AgreementAlertService } from './agreement-alert.service.js';

/**
 * The e-mails of an agreement's new alerts, after the sweep's commit: an outbox handler, so a
 * crash before it runs loses nothing (the event was written with the alerts) and a retry doubles
 * nothing (each message is queued once per dedupe key). Apart from the sweep so that the sweep's
 * transaction writes rows only, set-based, and rendering runs on whichever instance delivers.
 */
@Injectable()
export class AgreementAlertMailHandler implements OutboxHandler, OnModuleInit {
  readonly name = 'agreement-alert-mail';
  readonly types = [ALERT_RAISED_EVENT];

  constructor(
    private readonly outbox: OutboxService,
    private readonly alerts: AgreementAlertService,
  ) {}

  onModuleInit(): void {
    this.outbox.register(this);
  }

  async handle(event: OutboxEventRecord, { em }: DeliveryContext): Promise<void> {
    const { alertIds } = event.payload as { alertIds?: number[] };
    if (alertIds?.length) await this.alerts.mailRaised(em, alertIds);
  }
}
