import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ReportController } from './report.controller.js';
import { ReportRepository } from './report.repository.js';
import { ReportService } from './report.service.js';

/** 'Informes': reports read from the ledger's daily rollups, licences, orders and codes, with their Excel. */
@Module({
  imports: [CustomerModule, ReferenceModule],
  controllers: [ReportController],
  providers: [ReportService, ReportRepository],
})
export class ReportModule {}
