import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { MailModule } from '../mail/mail.module.js';
import { StoreModule } from '../package/store.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { TrialController } from './trial.controller.js';
import { TrialRepository } from './trial.repository.js';
import { TrialService } from './trial.service.js';

/** The free trial of each brand: the request, its mailed link and the trial licence. */
@Module({
  imports: [ReferenceModule, StoreModule, CustomerModule, LicenceModule, MailModule],
  controllers: [TrialController],
  providers: [TrialRepository, TrialService],
})
export class TrialModule {}
