import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PackageModule } from '../package/package.module.js';
import { PaymentCheckoutModule } from '../payment/checkout.module.js';
import { StoreModule } from '../package/store.module.js';
import { PromoCodeModule } from '../promo-code/promo-code.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { TaxModule } from '../tax/tax.module.js';
import { OrderActivation } from './order-activation.js';
import { OrderCatalogue } from './order.catalogue.js';
import { OrderController } from './order.controller.js';
import { OrderIds } from './order-ids.js';
import { OrderKeyPurgeJob } from './order-key-purge.job.js';
import { OrderRepository } from './order.repository.js';
import { OrderService } from './order.service.js';
import { PromotionService } from './promotion.service.js';

/** Checkout: promotion codes at checkout and purchase orders (issue 12 items 3 and 6). */
@Module({
  imports: [CustomerModule, StoreModule, PackageModule, PromoCodeModule, ReferenceModule, MailModule, LicenceModule, TaxModule, PaymentCheckoutModule],
  controllers: [OrderController],
  providers: [OrderRepository, OrderIds, OrderCatalogue, PromotionService, OrderActivation, OrderService, OrderKeyPurgeJob],
  // The repository too, for the back office's reads of the same domain (OrderAdminModule).
  exports: [OrderService, OrderRepository],
})
export class OrderModule {}
