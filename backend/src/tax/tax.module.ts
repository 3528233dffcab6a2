import { Module } from '@nestjs/common';
import { DefaultColombianTaxRules } from './default-colombian-tax-rules.js';
import { TaxController } from './tax.controller.js';
import { TaxParameterRepository } from './tax.repository.js';
import { TaxParameterService } from './tax.service.js';
import { TAX_RULES } from './tax.types.js';

/** Taxes: `TAX_RULES` is the strategy in use; bind another `TaxRules` here to replace the Colombian one. */
@Module({
  controllers: [TaxController],
  providers: [TaxParameterRepository, TaxParameterService, { provide: TAX_RULES, useClass: DefaultColombianTaxRules }],
  exports: [TAX_RULES],
})
export class TaxModule {}
