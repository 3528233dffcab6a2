import { Module } from '@nestjs/common';
import { StoreModule } from '../package/store.module.js';
import { PromoCodeModule } from '../promo-code/promo-code.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { OrderCatalogue } from './order.catalogue.js';
import { OrderController } from './order.controller.js';
import { OrderRepository } from './order.repository.js';
import { PromotionService } from './promotion.service.js';

/** Checkout: promotion codes at checkout and purchase orders (issue 12 items 3 and 6). */
@Module({
  imports: [StoreModule, PromoCodeModule, ReferenceModule],
  controllers: [OrderController],
  providers: [OrderRepository, OrderCatalogue, PromotionService],
})
export class OrderModule {}
