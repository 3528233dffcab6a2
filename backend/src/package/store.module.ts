import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { LicenceModule } from '../licence/licence.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PromoCodeModule } from '../promo-code/promo-code.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { ServiceModule } from '../service/service.module.js';
import { PackageModule } from './package.module.js';
import { StoreCatalogueRepository } from './store-catalogue.repository.js';
import { StoreCatalogueService } from './store-catalogue.service.js';
import { StoreController } from './store.controller.js';
import { StoreAdminController } from './store-admin.controller.js';
import { StoreBaseService } from './store-base.service.js';
import { StoreCompatController } from './store-compat.controller.js';
import { StoreLinkService } from './store-link.service.js';
import { StoreLookupService } from './store-lookup.service.js';
import { StorePriceTierRepository } from './store-price-tier.repository.js';
import { StorePriceTierService } from './store-price-tier.service.js';

/** What visitors of the store read: the catalogue of each brand with its offers (store §2-§3, §7). */
@Module({
  imports: [PackageModule, ServiceModule, CustomerModule, LicenceModule, MailModule, PromoCodeModule, ReferenceModule],
  controllers: [StoreController, StoreAdminController, StoreCompatController],
  providers: [
    StoreCatalogueRepository,
    StoreCatalogueService,
    StorePriceTierRepository,
    StorePriceTierService,
    StoreBaseService,
    StoreLinkService,
    StoreLookupService,
  ],
  exports: [StoreCatalogueService, StorePriceTierService, StoreLinkService],
})
export class StoreModule {}
