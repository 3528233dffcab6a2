import { Body, Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { markAnswered } from '../contract/contract.interceptor.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, QueryParams } from '../contract/params.decorator.js';
import { rawBodyOf } from '../contract/raw-body.js';
import type { OpBody, OpHeaders, OpQuery } from '../contract/types.js';
import { PagueatiempoEmulator } from './pagueatiempo-emulator.js';
import { PaymentService } from './payment.service.js';

/** The hosted checkout pages and the gateways' server-to-server confirmations (public: the signatures are their authentication). */
@Controller()
export class PaymentController {
  constructor(
    private readonly payments: PaymentService,
    private readonly emulator: PagueatiempoEmulator,
  ) {}

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

  @Operation('startPagueatiempoPayment')
  async startPagueatiempo(@QueryParams() query: OpQuery<'startPagueatiempoPayment'>, @Res() reply: FastifyReply) {
    const answer = await this.payments.startPagueatiempo(query);
    markAnswered(reply);
    if ('redirect' in answer) return void reply.redirect(answer.redirect, 303);
    void reply.code(answer.failure.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(answer.failure.html);
  }

  @Operation('notifyPagueatiempoPayment')
  async notifyPagueatiempo(
    @Body() body: OpBody<'notifyPagueatiempoPayment'>,
    @HeaderParams() headers: OpHeaders<'notifyPagueatiempoPayment'>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { replayed, result } = await this.payments.confirm('PAGUEATIEMPO', body, {
      rawBody: rawBodyOf(request) ?? '',
      timestamp: headers['X-PagueATiempo-Timestamp'],
      signature: headers['X-PagueATiempo-Signature'],
      now: new Date(),
    });
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return result;
  }

  @Operation('emulatePagueatiempoPaymentForm')
  emulateForm(@Body() body: OpBody<'emulatePagueatiempoPaymentForm'>, @Req() request: FastifyRequest) {
    return this.emulator.form(request.headers.authorization, body);
  }

  @Operation('getPagueatiempoEmulatorPage')
  emulatorPage(@QueryParams() query: OpQuery<'getPagueatiempoEmulatorPage'>, @Res() reply: FastifyReply) {
    const html = this.emulator.page(query.session);
    markAnswered(reply);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  @Operation('decidePagueatiempoEmulatorPayment')
  async emulatorDecision(@Body() body: OpBody<'decidePagueatiempoEmulatorPayment'>, @Res() reply: FastifyReply) {
    const back = await this.emulator.decide(body.session, body.decision);
    markAnswered(reply);
    void reply.redirect(back, 303);
  }
}
