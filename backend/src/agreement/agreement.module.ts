import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { PackageModule } from '../package/package.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ServiceModule } from '../service/service.module.js';
import { AgreementAlertModule } from './agreement-alert.module.js';
import { AgreementCompatController } from './agreement-compat.controller.js';
import { AgreementController } from './agreement.controller.js';
import { AgreementRepository } from './agreement.repository.js';
import { AgreementService } from './agreement.service.js';

/** Agreements (convenios): contracts that grant licences, their amendments and their consumption alerts. */
@Module({
  imports: [AgreementAlertModule, CustomerModule, IdentityModule, LicenceModule, PackageModule, ReferenceModule, ServiceModule],
  controllers: [AgreementController, AgreementCompatController],
  providers: [AgreementRepository, AgreementService],
  exports: [AgreementService],
})
export class AgreementModule {}
