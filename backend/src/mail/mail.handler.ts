import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { DeliveryContext, OutboxEventRecord, OutboxHandler } from '../outbox/outbox.types.js';
import { ReferenceService } from '../reference/reference.service.js';
import { MailRepository } from './mail.repository.js';
import { MAIL_EVENT } from './mail.service.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail.transport.js';

const MAX_ATTEMPTS = 8;

/**
 * Delivers a queued message (outbox handler `mail`): through the configured transport, then marks
 * the row SENT in the delivery's transaction. A message already SENT is not sent again. After
 * the last failed attempt the row is left FAILED with the error (the mailbox shows it).
 */
@Injectable()
export class MailDeliveryHandler implements OutboxHandler {
  readonly name = 'mail';
  readonly types = [MAIL_EVENT];
  readonly retry = { maxAttempts: MAX_ATTEMPTS };
  /** It writes only mail_message. */
  readonly writesNoCachedTable = true;

  constructor(
    private readonly repo: MailRepository,
    private readonly reference: ReferenceService,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: OutboxEventRecord, { em, attempt, signal }: DeliveryContext): Promise<void> {
    const mail = await this.repo.forDelivery(em, Number(event.payload.mailId));
    if (!mail || mail.state !== 'QUEUED') return;
    const kind = this.transport.kind;
    try {
      const providerId = await this.transport.deliver(
        {
          from: this.config.mail.from,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html ?? '',
          text: mail.text ?? '',
          logoSvg: await this.reference.logo(mail.appName),
          messageId: `<mail-${mail.id}.${mail.createdAt.getTime()}@licencias>`,
        },
        signal,
      );
      await this.repo.settle(em, mail.id, { state: 'SENT', transport: kind, providerId, dropBodies: kind === 'smtp' });
    } catch (error) {
      if (attempt < MAX_ATTEMPTS || signal.aborted) throw error;
      await this.repo.settle(em, mail.id, { state: 'FAILED', transport: kind, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
