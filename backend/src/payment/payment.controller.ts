import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { PaymentService } from './payment.service.js';

/** The gateways' server-to-server confirmations (public: the signature is their authentication). */
@Controller()
export class PaymentController {
  constructor(private readonly payments: PaymentService) {}

  @Operation('confirmEpaycoPayment')
  async confirmEpayco(@Body() body: OpBody<'confirmEpaycoPayment'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { replayed, result } = await this.payments.confirm('EPAYCO', body);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return result;
  }
}
