import { Controller } from '@nestjs/common';
import { Operation } from '../contract/operation.decorator.js';
import { QueryParams } from '../contract/params.decorator.js';
import type { OpQuery } from '../contract/types.js';
import { TaxParameterService } from './tax.service.js';

/** The dated tax parameters, read-only: a change of law is a migration with its source. */
@Controller()
export class TaxController {
  constructor(private readonly taxes: TaxParameterService) {}

  @Operation('listTaxParameters')
  list(@QueryParams() query: OpQuery<'listTaxParameters'>) {
    return this.taxes.table(query.date);
  }
}
