import { Module } from '@nestjs/common';
import { CashPaymentModule } from '../cash-payment/cash-payment.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { PaymentSupportModule } from '../payment-support/payment-support.module.js';
import { PaymentModule } from '../payment/payment.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { OrderAdminController } from './order-admin.controller.js';
import { OrderAdminService } from './order-admin.service.js';
import { OrderReadRepository } from './order-read.repository.js';
import { OrderModule } from './order.module.js';

/**
 * The back office's reads of orders (`/api/v1/orders`). A module of its own: it reads payments,
 * cash decisions and proofs, whose modules import OrderModule, so OrderModule cannot import them.
 */
@Module({
  imports: [OrderModule, ReferenceModule, PaymentModule, CashPaymentModule, PaymentSupportModule, LicenceModule],
  controllers: [OrderAdminController],
  providers: [OrderReadRepository, OrderAdminService],
})
export class OrderAdminModule {}
