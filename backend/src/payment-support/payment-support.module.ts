import { Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OrderModule } from '../order/order.module.js';
import { DatabaseStorage } from './database.storage.js';
import { DirectoryStorage } from './directory.storage.js';
import { PaymentSupportController } from './payment-support.controller.js';
import { PaymentSupportRepository } from './payment-support.repository.js';
import { PaymentSupportService } from './payment-support.service.js';
import { PAYMENT_SUPPORT_STORAGE } from './payment-support.types.js';
import { SummaryOrderService } from './summary-order.service.js';

/** The purchase summary and the files a buyer attaches to a cash order (issue 13 item 4). */
@Module({
  imports: [OrderModule],
  controllers: [PaymentSupportController],
  providers: [
    {
      provide: PAYMENT_SUPPORT_STORAGE,
      useFactory: (config: AppConfig, em: EntityManager) =>
        config.paymentSupportStorage === 'database' ? new DatabaseStorage(em) : new DirectoryStorage(config.paymentSupportDir),
      inject: [APP_CONFIG, EntityManager],
    },
    PaymentSupportRepository,
    PaymentSupportService,
    SummaryOrderService,
  ],
  exports: [PaymentSupportService],
})
export class PaymentSupportModule {}
