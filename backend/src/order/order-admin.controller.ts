import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import { type ListParams, listQuery, sendPage } from '../contract/resource-list.js';
import type { OpPath } from '../contract/types.js';
import type { OrderSortField } from './order-read.repository.js';
import { type OrderFilterInput, OrderAdminService } from './order-admin.service.js';

/** Resource API of purchase orders for the back office: list and one order with its payments, proofs, licences and log. */
@Controller()
export class OrderAdminController {
  constructor(private readonly orders: OrderAdminService) {}

  @Operation('listOrders')
  async list(@QueryParams() params: ListParams<OrderSortField, OrderFilterInput>, @Res({ passthrough: true }) reply: FastifyReply) {
    const query = listQuery(params);
    return sendPage(reply, 'orders', query, await this.orders.list(query));
  }

  @Operation('getOrder')
  get(@PathParams() { id }: OpPath<'getOrder'>) {
    return this.orders.get(id);
  }
}
