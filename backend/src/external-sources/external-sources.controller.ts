import { Controller, Inject } from '@nestjs/common';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpHeaders } from '../contract/types.js';
import { COMPANY_REGISTRY, type CompanyRegistry } from './company-registry.js';

/** Lookups in external sources, for the external-source token only (the guard checks it). */
@Controller()
export class ExternalSourcesController {
  constructor(@Inject(COMPANY_REGISTRY) private readonly registry: CompanyRegistry) {}

  @Operation('getRues')
  async rues(@HeaderParams() headers: OpHeaders<'getRues'>) {
    const records = await this.registry.find({
      documentNumber: headers.DocumentNumber,
      statusInfo: headers.StatusInfo ?? false,
      rawInfo: headers.GetRawInfo ?? false,
    });
    return envelope({ records });
  }
}
