import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { FeatureModule } from '../feature/feature.module.js';
import { PackageCompatController } from './package-compat.controller.js';
import { PackageConfigurationService } from './package-configuration.service.js';
import { PackageController } from './package.controller.js';
import { DefaultPackagePricing, PACKAGE_PRICING } from './package-pricing.js';
import { PackageRepository } from './package.repository.js';
import { PackageService } from './package.service.js';

/** Packages, their configuration (features per package) and offer images. */
@Module({
  imports: [CustomerModule, FeatureModule],
  controllers: [PackageController, PackageCompatController],
  providers: [PackageRepository, PackageService, PackageConfigurationService, { provide: PACKAGE_PRICING, useClass: DefaultPackagePricing }],
  exports: [PackageService, PACKAGE_PRICING],
})
export class PackageModule {}
