import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { COMPANY_REGISTRY } from './company-registry.js';
import { DefaultCompanyRegistry } from './default-company.registry.js';
import { ExternalSourcesController } from './external-sources.controller.js';

/** External sources (RUES) behind adapters; bind another `CompanyRegistry` here for a real source. */
@Module({
  imports: [CustomerModule, ReferenceModule],
  controllers: [ExternalSourcesController],
  providers: [{ provide: COMPANY_REGISTRY, useClass: DefaultCompanyRegistry }],
})
export class ExternalSourcesModule {}
