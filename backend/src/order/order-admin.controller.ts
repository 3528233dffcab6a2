import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PartnerCaller } from '../auth/auth-user.js';
import { OptionalPartner } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import { type ListParams, listQuery, sendPage } from '../contract/resource-list.js';
import type { OpPath } from '../contract/types.js';
import type { OrderSortField } from './order-read.repository.js';
import { type OrderFilterInput, OrderAdminService } from './order-admin.service.js';

/**
 * Resource API of purchase orders for the back office and partners: list and one order with its payments, proofs,
 * licences and log. A partner's API client (ORDERS_READ) sees only its brand's orders.
 */
@Controller()
export class OrderAdminController {
  constructor(private readonly orders: OrderAdminService) {}

  @Operation('listOrders')
  async list(
    @QueryParams() params: ListParams<OrderSortField, OrderFilterInput>,
    @OptionalPartner() partner: PartnerCaller | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const query = listQuery(params);
    return sendPage(reply, 'orders', query, await this.orders.list(query, partner?.appName));
  }

  @Operation('getOrder')
  get(@PathParams() { id }: OpPath<'getOrder'>, @OptionalPartner() partner: PartnerCaller | undefined) {
    return this.orders.get(id, partner?.appName);
  }
}
