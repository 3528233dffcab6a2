import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { FeatureModule } from '../feature/feature.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { PackageModule } from '../package/package.module.js';
import { ServiceModule } from '../service/service.module.js';
import { MyPlanController } from './my-plan.controller.js';
import { MyPlanService } from './my-plan.service.js';

/** My Plan on the storefront: a customer's plans and balances, read through LicenceService. */
@Module({
  imports: [LicenceModule, CustomerModule, ServiceModule, PackageModule, FeatureModule],
  controllers: [MyPlanController],
  providers: [MyPlanService],
})
export class MyPlanModule {}
