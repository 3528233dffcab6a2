import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { LOGO_CID } from './mail.render.js';

/** A message ready to leave. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The brand's logo (SVG), attached inline under LOGO_CID. */
  logoSvg: string;
  /** A stable id (the mail row's), so a resend after a crash carries the same Message-ID. */
  messageId: string;
}

/** How e-mail leaves the application (DESIGN.md, "Integrations"). */
export interface MailTransport {
  readonly kind: 'mailbox' | 'smtp';
  /** Answers the provider's message id; throws when the message was not accepted. */
  deliver(mail: OutgoingMail, signal: AbortSignal): Promise<string | null>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** The built-in default: the mail row is the message; the back office's mailbox shows it. */
export class MailboxTransport implements MailTransport {
  readonly kind = 'mailbox';

  deliver(): Promise<string | null> {
    return Promise.resolve(null);
  }
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587; smtps:// for TLS on connect). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  /** nodemailer (~5 MB of heap) is loaded with the first message, so the mailbox default never loads it. */
  private transporter?: Promise<Transporter<SMTPTransport.SentMessageInfo>>;

  constructor(private readonly url: string) {}

  private connect(): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
    const options: SMTPTransport.Options = { url: this.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    return (this.transporter ??= import('nodemailer').then(({ createTransport }) => createTransport(options)));
  }

  async deliver(mail: OutgoingMail, signal: AbortSignal): Promise<string | null> {
    signal.throwIfAborted();
    const transporter = await this.connect();
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
    const sent = transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      attachments: [{ filename: 'logo.svg', content: mail.logoSvg, contentType: 'image/svg+xml', cid: LOGO_CID }],
    });
    const info = await Promise.race([sent, aborted]);
    return info.messageId || null;
  }

  close(): void {
    void this.transporter?.then((transporter) => transporter.close());
  }
}
