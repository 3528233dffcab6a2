import { Controller } from '@nestjs/common';
import { compatSearch } from '../contract/compat-paging.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpHeaders } from '../contract/types.js';
import { CustomerService } from './customer.service.js';

/** The old product's customer list (the company picker of private packages). */
@Controller()
export class CustomerCompatController {
  constructor(private readonly customers: CustomerService) {}

  @Operation('getCustomersPaged')
  async paged(@HeaderParams() headers: OpHeaders<'getCustomersPaged'>) {
    const q = compatSearch(headers.filter);
    const page = await this.customers.list({ offset: headers.startRegister ?? 0, limit: headers.registerNumber ?? 25, filter: q ? { q } : {} });
    return envelope({ records: page.items, totalRecords: page.total });
  }
}
