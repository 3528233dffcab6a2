import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { OrderModule } from '../order/order.module.js';
import { ServiceModule } from '../service/service.module.js';
import { PaymentCheckoutModule } from './checkout.module.js';
import { DefaultEpaycoGateway } from './default-epayco.gateway.js';
import { PagueatiempoEmulator } from './pagueatiempo-emulator.js';
import { PagueatiempoGateway } from './pagueatiempo.gateway.js';
import { PaymentController } from './payment.controller.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentService } from './payment.service.js';
import { PAYMENT_GATEWAYS, type PaymentGateway } from './payment.types.js';
import { SandboxGateway } from './sandbox.gateway.js';

/** Payments: `PAYMENT_GATEWAYS` lists the gateway strategies; a brand picks one by configuration. */
@Module({
  imports: [OrderModule, MailModule, PaymentCheckoutModule, ServiceModule],
  controllers: [PaymentController],
  providers: [
    DefaultEpaycoGateway,
    SandboxGateway,
    PagueatiempoGateway,
    PagueatiempoEmulator,
    {
      provide: PAYMENT_GATEWAYS,
      useFactory: (...gateways: PaymentGateway[]): PaymentGateway[] => gateways,
      inject: [DefaultEpaycoGateway, SandboxGateway, PagueatiempoGateway],
    },
    PaymentRepository,
    PaymentService,
  ],
  exports: [PaymentService],
})
export class PaymentModule {}
