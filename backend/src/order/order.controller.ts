import { Body, Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { OptionalUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders, OpPath } from '../contract/types.js';
import { ReferenceService } from '../reference/reference.service.js';
import { OrderService } from './order.service.js';
import { PROMO_APPLIED } from './promotion.rules.js';
import { PromotionService } from './promotion.service.js';

/** Checkout (public: visitors buy; a signed-in customer's session is read when it comes along). */
@Controller()
export class OrderController {
  constructor(
    private readonly promotions: PromotionService,
    private readonly orders: OrderService,
    private readonly reference: ReferenceService,
  ) {}

  @Operation('validatePromotionCode')
  async validatePromotionCode(@Body() body: OpBody<'validatePromotionCode'>, @OptionalUser() user: AuthUser | undefined, @Req() request: FastifyRequest) {
    const appName = body.appName ?? (await this.reference.brandNameForHost(request.headers.host));
    return envelope(await this.promotions.validate(appName, body, user), PROMO_APPLIED);
  }

  @Operation('getStatusPurchaseOrder')
  async getStatusPurchaseOrder(@PathParams() { referenceUuid, appName }: OpPath<'getStatusPurchaseOrder'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const records = await this.orders.status(referenceUuid, appName);
    void reply.header('Cache-Control', 'no-store');
    return envelope({ records }, records.resultMessage);
  }

  @Operation('registerPurchaseOrder')
  async registerPurchaseOrder(
    @Body() body: OpBody<'registerPurchaseOrder'>,
    @HeaderParams() headers: OpHeaders<'registerPurchaseOrder'>,
    @OptionalUser() user: AuthUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const appName = body.appName ?? (await this.reference.brandNameForHost(request.headers.host));
    const { replayed, records } = await this.orders.register(appName, body, headers['Idempotency-Key'], user);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return envelope({ records }, records.statusMessage);
  }
}
