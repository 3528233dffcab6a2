import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { QueryParams } from '../contract/params.decorator.js';
import type { OpQuery } from '../contract/types.js';
import { CustomerService } from './customer.service.js';

/** Resource API of customers (read-only here: the pickers of private packages). */
@Controller()
export class CustomerController {
  constructor(private readonly customers: CustomerService) {}

  @Operation('listCustomers')
  async list(@QueryParams() query: OpQuery<'listCustomers'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'customers', list, await this.customers.list(list));
  }
}
