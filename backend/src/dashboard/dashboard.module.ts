import { Module } from '@nestjs/common';
import { AgreementModule } from '../agreement/agreement.module.js';
import { CustomerModule } from '../customer/customer.module.js';
import { FeatureModule } from '../feature/feature.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ServiceModule } from '../service/service.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/** The customer dashboards: products, balances, movements (and their Excel) and contracts, read from the licence ledger. */
@Module({
  imports: [AgreementModule, CustomerModule, FeatureModule, LicenceModule, ReferenceModule, ServiceModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
