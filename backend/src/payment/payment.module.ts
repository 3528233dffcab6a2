import { Module } from '@nestjs/common';
import { OrderModule } from '../order/order.module.js';
import { DefaultEpaycoGateway } from './default-epayco.gateway.js';
import { PaymentController } from './payment.controller.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentService } from './payment.service.js';
import { PAYMENT_GATEWAYS, type PaymentGateway } from './payment.types.js';

/** Payments: `PAYMENT_GATEWAYS` lists the gateway strategies; a brand picks one by configuration. */
@Module({
  imports: [OrderModule],
  controllers: [PaymentController],
  providers: [
    DefaultEpaycoGateway,
    { provide: PAYMENT_GATEWAYS, useFactory: (epayco: PaymentGateway): PaymentGateway[] => [epayco], inject: [DefaultEpaycoGateway] },
    PaymentRepository,
    PaymentService,
  ],
  exports: [PaymentService],
})
export class PaymentModule {}
