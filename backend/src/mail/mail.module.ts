import { Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { EmailVerificationController } from './email-verification.controller.js';
import { EmailVerificationRepository } from './email-verification.repository.js';
import { EmailVerificationService } from './email-verification.service.js';
import { MailController } from './mail.controller.js';
import { MailDeliveryHandler } from './mail.handler.js';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';
import { MAIL_TRANSPORT, MailboxTransport, type MailTransport, SmtpTransport } from './mail.transport.js';

/** E-mail: MailService for every domain, the outbox handler that delivers, the mailbox API, the buyer's e-mail verification. */
@Module({
  imports: [ReferenceModule],
  controllers: [MailController, EmailVerificationController],
  providers: [
    MailRepository,
    MailService,
    EmailVerificationRepository,
    EmailVerificationService,
    MailDeliveryHandler,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport => (config.mail.smtpUrl ? new SmtpTransport(config.mail.smtpUrl) : new MailboxTransport()),
    },
  ],
  exports: [MailService, EmailVerificationService],
})
export class MailModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly outbox: OutboxService,
    private readonly handler: MailDeliveryHandler,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outbox.register(this.handler);
    if (this.config.env === 'production' && !this.config.mail.smtpUrl) {
      new Logger('Mail').warn('SMTP_URL is not set: e-mails stay in the database mailbox, which production does not show.');
    }
  }

  onApplicationShutdown(): void {
    if (this.transport instanceof SmtpTransport) this.transport.close();
  }
}
