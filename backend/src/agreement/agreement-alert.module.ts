import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { AgreementAlertMailHandler } from './agreement-alert.handler.js';
import { AgreementAlertJob } from './agreement-alert.job.js';
import { AgreementAlertRepository } from './agreement-alert.repository.js';
import { AgreementAlertService } from './agreement-alert.service.js';

/**
 * Consumption alerts of agreements: the sweep job, the handler that queues their e-mails, and the
 * alerts' list for the agreement's screens (AgreementModule's controller calls AgreementAlertService.listForAgreement).
 */
@Module({
  imports: [MailModule],
  providers: [AgreementAlertRepository, AgreementAlertService, AgreementAlertJob, AgreementAlertMailHandler],
  exports: [AgreementAlertService],
})
export class AgreementAlertModule {}
