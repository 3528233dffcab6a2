import { Module } from '@nestjs/common';
import { FeatureModule } from '../feature/feature.module.js';
import { PackageModule } from '../package/package.module.js';
import { LicenceExpiryJob } from './licence-expiry.job.js';
import { LicenceRepository } from './licence.repository.js';
import { LicenceService } from './licence.service.js';

/** Licences, their balances (bolsas) and the ledger of movements; LicenceService is what other domains use. */
@Module({
  imports: [PackageModule, FeatureModule],
  providers: [LicenceRepository, LicenceService, LicenceExpiryJob],
  exports: [LicenceService],
})
export class LicenceModule {}
