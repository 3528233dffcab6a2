import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Operation } from '../contract/operation.decorator.js';
import { ResourceController } from '../contract/resource-controller.js';
import { sendAll } from '../contract/resource-list.js';
import { PromoCodeService } from './promo-code.service.js';

/** Resource API of promotional codes. */
@Controller()
export class PromoCodeController extends ResourceController<PromoCodeService>({
  resource: 'promo-codes',
  list: 'listPromoCodes',
  get: 'getPromoCode',
  create: 'createPromoCode',
  update: 'editPromoCode',
  setState: 'setPromoCodeState',
}) {
  constructor(codes: PromoCodeService) {
    super(codes);
  }

  @Operation('listPromoUserTypes')
  async userTypes(@Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'promo-user-types', await this.service.userTypes());
  }
}
