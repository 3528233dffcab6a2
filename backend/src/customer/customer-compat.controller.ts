import { Controller, Headers } from '@nestjs/common';
import { compatSearch } from '../contract/compat-paging.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { CustomerService } from './customer.service.js';

/** The old product's customer list (the company picker of private packages). */
@Controller()
export class CustomerCompatController {
  constructor(private readonly customers: CustomerService) {}

  @Operation('getCustomersPaged')
  async paged(@Headers('startregister') start?: string, @Headers('registernumber') size?: string, @Headers('filter') filter?: string) {
    const q = compatSearch(filter);
    const page = await this.customers.list({ offset: Number(start ?? 0), limit: Number(size ?? 25), filter: q ? { q } : {} });
    return envelope({ records: page.items, totalRecords: page.total });
  }
}
