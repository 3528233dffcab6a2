import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { FeatureModule } from '../feature/feature.module.js';
import { PackageModule } from '../package/package.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ServiceModule } from '../service/service.module.js';
import { LicenceCompatController } from './licence-compat.controller.js';
import { LicenceExpiryJob } from './licence-expiry.job.js';
import { LicenceController } from './licence.controller.js';
import { LicenceRepository } from './licence.repository.js';
import { LicenceService } from './licence.service.js';

/** Licences, their balances (bolsas) and the ledger of movements; LicenceService is what other domains use. */
@Module({
  imports: [CustomerModule, PackageModule, FeatureModule, ServiceModule, ReferenceModule],
  controllers: [LicenceController, LicenceCompatController],
  providers: [LicenceRepository, LicenceService, LicenceExpiryJob],
  exports: [LicenceService],
})
export class LicenceModule {}
