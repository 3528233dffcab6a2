import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { compatSearch } from '../contract/compat-paging.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { withFailureMessage } from '../errors/compat-failure.js';
import { CUSTOMER_CREATED_MESSAGE, CUSTOMER_NOT_SAVED_MESSAGE, CUSTOMER_UPDATED_MESSAGE, CustomerService } from './customer.service.js';

/** The old product's customer calls: the company picker of private packages and the 'Nueva empresa' form. */
@Controller()
export class CustomerCompatController {
  constructor(private readonly customers: CustomerService) {}

  @Operation('getCustomersPaged')
  async paged(@HeaderParams() headers: OpHeaders<'getCustomersPaged'>) {
    const q = compatSearch(headers.filter);
    const page = await this.customers.list({ offset: headers.startRegister ?? 0, limit: headers.registerNumber ?? 25, filter: q ? { q } : {} });
    return envelope({ records: page.items, totalRecords: page.total });
  }

  @Operation('getCustomerCompat')
  async get(@Body() body: OpBody<'getCustomerCompat'>, @CurrentUser() actor: AuthUser) {
    return envelope(await this.customers.find({ id: body.CustomerId, documentTypeId: body.DocumentType, documentNumber: body.DocumentNumber }, actor));
  }

  /** Create or update: `customerId` names the company to update ('Actualizar'); without it one is created ('Crear'). */
  @Operation('setCustomer')
  async save(@Body() body: OpBody<'setCustomer'>, @CurrentUser() actor: AuthUser) {
    const { customerId, dv: _ignored, stateId, ...fields } = body;
    const input = { ...fields, departmentId: fields.departmentId ?? stateId ?? null };
    if (customerId) {
      return envelope(await withFailureMessage(this.customers.update(customerId, input, actor), CUSTOMER_NOT_SAVED_MESSAGE), CUSTOMER_UPDATED_MESSAGE);
    }
    return envelope(await withFailureMessage(this.customers.create(input, actor), CUSTOMER_NOT_SAVED_MESSAGE), CUSTOMER_CREATED_MESSAGE);
  }
}
