import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { markAnswered } from '../contract/contract.interceptor.js';
import { Operation } from '../contract/operation.decorator.js';
import { QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { PaymentService } from './payment.service.js';

/** The hosted checkout pages and the gateways' server-to-server confirmations (public: the signatures are their authentication). */
@Controller()
export class PaymentController {
  constructor(private readonly payments: PaymentService) {}

  @Operation('confirmEpaycoPayment')
  async confirmEpayco(@Body() body: OpBody<'confirmEpaycoPayment'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { replayed, result } = await this.payments.confirm('EPAYCO', body);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return result;
  }

  @Operation('getPaymentCheckout')
  async checkout(@QueryParams() query: OpQuery<'getPaymentCheckout'>, @Res() reply: FastifyReply) {
    const answer = await this.payments.checkoutPage(query);
    markAnswered(reply);
    if ('redirect' in answer) return void reply.redirect(answer.redirect, 303);
    if (answer.page.contentSecurityPolicy) void reply.header('content-security-policy', answer.page.contentSecurityPolicy);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(answer.page.html);
  }

  @Operation('decideSandboxPayment')
  async sandboxDecision(@Body() body: OpBody<'decideSandboxPayment'>, @Res() reply: FastifyReply) {
    const { decision, ...params } = body;
    const statusPage = await this.payments.sandboxDecision(params, decision);
    markAnswered(reply);
    void reply.redirect(statusPage, 303);
  }
}
