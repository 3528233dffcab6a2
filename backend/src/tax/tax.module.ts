import { Module } from '@nestjs/common';
import { DefaultColombianTaxRules } from './default-colombian-tax-rules.js';
import { TaxParameterRepository } from './tax.repository.js';
import { TAX_RULES } from './tax.types.js';

/** Taxes: `TAX_RULES` is the strategy in use; bind another `TaxRules` here to replace the Colombian one. */
@Module({
  providers: [TaxParameterRepository, { provide: TAX_RULES, useClass: DefaultColombianTaxRules }],
  exports: [TAX_RULES],
})
export class TaxModule {}
