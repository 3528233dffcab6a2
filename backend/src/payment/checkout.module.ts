import { Module } from '@nestjs/common';
import { PaymentCheckoutService } from './checkout.service.js';

/** The checkout session alone, so orders can start one without depending on payments (which depend on orders). */
@Module({ providers: [PaymentCheckoutService], exports: [PaymentCheckoutService] })
export class PaymentCheckoutModule {}
