import { randomUUID } from 'node:crypto';
import type { components } from '@licencias/common/schema';
import type { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { Page } from '../database/list-query.js';
import type { StatementPart } from '../database/statement-part.js';
import { NotFoundError } from '../errors/errors.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import type { MailMessage } from './mail.entities.js';
import { LOGO_CID, type MailBrand, renderMail } from './mail.render.js';
import { MailRepository, type MailMessageListQuery } from './mail.repository.js';
import type { MailInput } from './mail.types.js';

type MailMessageDto = components['schemas']['MailMessage'];
type MailMessageDetail = components['schemas']['MailMessageDetail'];

/** The outbox event a message travels in. */
export const MAIL_EVENT = 'mail.send';
const MAIL_ROW_EVENT = { type: MAIL_EVENT, keyPrefix: 'mail:', payloadKey: 'mailId' };

export const MAILBOX_OFF_MESSAGE = 'El buzón de desarrollo no está activo: los correos se envían por SMTP.';
export const MAIL_NOT_FOUND_MESSAGE = 'El correo no existe.';

/**
 * E-mail for every domain: `send` renders the brand's message and queues it in the caller's
 * transaction; the outbox delivers it after commit through SMTP (SMTP_URL) or into the
 * development mailbox, which the back office shows.
 */
@Injectable()
export class MailService {
  constructor(
    private readonly repo: MailRepository,
    private readonly outbox: OutboxService,
    private readonly reference: ReferenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Queues a branded message in `em`'s transaction (call it inside em.transactional, with the
   * change that causes the message). Answers the message id, or null when a message with that
   * dedupe key was already queued.
   */
  async send(em: EntityManager, input: MailInput): Promise<number | null> {
    // The message, its outbox event and delivery, and the worker's wake-up: one statement.
    return this.outbox.enqueueWithRow(em, await this.insertStatement(input), MAIL_ROW_EVENT);
  }

  /**
   * `send` as a part of the caller's own statement (`database/statement-part.ts`), which must run
   * in the transaction of the change that causes the message, or be that change itself: with
   * `when` (a CTE of the caller's, e.g. its insert), the message is queued only if that CTE
   * returned a row. Null when it cannot be one (then `send`).
   */
  async sendPart(input: MailInput, when?: string): Promise<StatementPart | null> {
    return this.outbox.rowWithEventPart('mail', await this.insertStatement(input, when), MAIL_ROW_EVENT);
  }

  private async insertStatement(input: MailInput, when?: string): Promise<{ sql: string; params: unknown[] }> {
    const brand = await this.mailBrand(input.appName);
    const { html, text } = renderMail(brand, input.subject, input.content);
    return this.repo.insertStatement(
      {
        appName: brand.appName,
        toAddress: input.to.trim().toLowerCase(),
        subject: input.subject.slice(0, 300),
        html,
        text,
        template: input.template.slice(0, 60),
        dedupeKey: input.dedupeKey ?? randomUUID(),
      },
      when,
    );
  }

  /** The brand's display name (its title), for subjects and texts. */
  async brandName(appName: string): Promise<string> {
    return (await this.reference.brand(appName)).title;
  }

  /**
   * Where a brand's store is reached from outside, for links in e-mails: its BRAND_HOSTS host,
   * else `<brand>.localhost` when PUBLIC_URL is a localhost address, else PUBLIC_URL.
   */
  brandUrl(appName: string, path = '/'): string {
    const base = new URL(this.config.mail.publicUrl);
    const suffix = path.startsWith('/') ? path : `/${path}`;
    const host = Object.entries(this.config.brandHosts).find(([, brand]) => brand === appName)?.[0];
    if (host) return `${base.protocol}//${host}${suffix}`;
    if (base.hostname === 'localhost' && appName !== this.config.defaultBrand)
      return `${base.protocol}//${appName}.localhost${base.port ? `:${base.port}` : ''}${suffix}`;
    return `${base.origin}${suffix}`;
  }

  private async mailBrand(appName: string): Promise<MailBrand> {
    const brand = await this.reference.brand(appName);
    return { appName: brand.appName, title: brand.title, palette: brand.theme.palette, logoSrc: `cid:${LOGO_CID}`, url: this.brandUrl(brand.appName) };
  }

  /** Whether the development mailbox is what delivers (no SMTP_URL, not production). */
  mailboxActive(): boolean {
    return !this.config.mail.smtpUrl && this.config.env !== 'production';
  }

  private requireMailbox(): void {
    if (!this.mailboxActive()) throw new NotFoundError(MAILBOX_OFF_MESSAGE);
  }

  async list(query: MailMessageListQuery): Promise<Page<MailMessageDto>> {
    this.requireMailbox();
    const page = await this.repo.list(query);
    return { items: page.items.map(toDto), total: page.total };
  }

  async get(id: number): Promise<MailMessageDetail> {
    this.requireMailbox();
    const mail = await this.repo.findById(id);
    if (!mail) throw new NotFoundError(MAIL_NOT_FOUND_MESSAGE);
    // The logo is an inline attachment in SMTP; in the mailbox it is the brand's logo URL.
    const html = (mail.html ?? '').replaceAll(`cid:${LOGO_CID}`, `/api/v1/brands/${encodeURIComponent(mail.appName)}/logo`);
    const links = [...new Set([...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]))];
    const code = /^Código: (\S+)$/m.exec(mail.text ?? '')?.[1] ?? null;
    return { ...toDto(mail), html, text: mail.text ?? '', links, code };
  }
}

function toDto(mail: MailMessage): MailMessageDto {
  return {
    id: mail.id,
    appName: mail.appName,
    to: mail.toAddress,
    subject: mail.subject,
    template: mail.template,
    state: mail.state,
    transport: mail.transport === 'smtp' || mail.transport === 'mailbox' ? mail.transport : null,
    error: mail.error ?? null,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
  };
}
