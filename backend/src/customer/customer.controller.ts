import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { CustomerService } from './customer.service.js';

/** Resource API of customers: the companies of 'Licencias y consumos' and the pickers of private packages. */
@Controller()
export class CustomerController {
  constructor(private readonly customers: CustomerService) {}

  @Operation('listCustomers')
  async list(@QueryParams() query: OpQuery<'listCustomers'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'customers', list, await this.customers.list(list));
  }

  @Operation('getCustomer')
  get(@PathParams() { id }: OpPath<'getCustomer'>, @CurrentUser() actor: AuthUser) {
    return this.customers.get(id, actor);
  }

  @Operation('createCustomer')
  create(@Body() body: OpBody<'createCustomer'>, @CurrentUser() actor: AuthUser) {
    return this.customers.create(body, actor);
  }

  @Operation('editCustomer')
  update(@PathParams() { id }: OpPath<'editCustomer'>, @Body() body: OpBody<'editCustomer'>, @CurrentUser() actor: AuthUser) {
    return this.customers.update(id, body, actor);
  }
}
