import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { OrderModule } from '../order/order.module.js';
import { PaymentSupportModule } from '../payment-support/payment-support.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { CashPaymentCompatController } from './cash-payment-compat.controller.js';
import { CashPaymentController } from './cash-payment.controller.js';
import { CashPaymentRepository } from './cash-payment.repository.js';
import { CashPaymentService } from './cash-payment.service.js';

/** 'Pagos en efectivo' (issue 13 item 5) and its resource API (item 6). */
@Module({
  imports: [OrderModule, ReferenceModule, MailModule, PaymentSupportModule],
  controllers: [CashPaymentCompatController, CashPaymentController],
  providers: [CashPaymentRepository, CashPaymentService],
  exports: [CashPaymentService],
})
export class CashPaymentModule {}
