import type { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { StatementPart } from '../database/statement-part.js';
import type { DeliveryContext, OutboxEventRecord, OutboxHandler } from '../outbox/outbox.types.js';
import { ReferenceService } from '../reference/reference.service.js';
import { type MailForDelivery, type MailOutcome, MailRepository } from './mail.repository.js';
import { MAIL_EVENT } from './mail.service.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail.transport.js';

const MAX_ATTEMPTS = 8;

/**
 * Delivers a queued message (outbox handler `mail`): through the configured transport, then marks
 * the row SENT in the delivery's transaction. A message already SENT is not sent again. After
 * the last failed attempt the row is left FAILED with the error (the mailbox shows it).
 */
@Injectable()
export class MailDeliveryHandler implements OutboxHandler<MailForDelivery | null, MailOutcome & { id: number }> {
  readonly name = 'mail';
  readonly types = [MAIL_EVENT];
  readonly retry = { maxAttempts: MAX_ATTEMPTS };
  /** It writes only mail_message. */
  readonly writesNoCachedTable = true;
  /** Its one write, `settle`, is its last statement; a transport failure comes before it. */
  readonly writesOnceLast = true;

  constructor(
    private readonly repo: MailRepository,
    private readonly reference: ReferenceService,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The batch's messages in one read. */
  async prefetch(em: EntityManager, events: readonly OutboxEventRecord[]): Promise<ReadonlyMap<number, MailForDelivery | null>> {
    const byMail = await this.repo.forDeliveries(
      em,
      events.map((event) => Number(event.payload.mailId)),
    );
    return new Map(events.map((event) => [event.id, byMail.get(Number(event.payload.mailId)) ?? null]));
  }

  /** The batch's sent messages marked in the statement that marks their deliveries done. */
  settleBatch(settles: readonly (MailOutcome & { id: number })[]): StatementPart {
    return this.repo.settleManyPart(settles);
  }

  async handle(
    event: OutboxEventRecord,
    { em, attempt, signal, prefetched, defer }: DeliveryContext<MailForDelivery | null, MailOutcome & { id: number }>,
  ): Promise<void> {
    const mail = prefetched === undefined ? await this.repo.forDelivery(em, Number(event.payload.mailId)) : prefetched;
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
      const sent = { state: 'SENT' as const, transport: kind, providerId, dropBodies: kind === 'smtp' };
      if (defer) defer({ id: mail.id, ...sent });
      else await this.repo.settle(em, mail.id, sent);
    } catch (error) {
      if (attempt < MAX_ATTEMPTS || signal.aborted) throw error;
      await this.repo.settle(em, mail.id, { state: 'FAILED', transport: kind, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
