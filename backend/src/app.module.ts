import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuthGuard } from './auth/auth.guard.js';
import { AgreementModule } from './agreement/agreement.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CacheModule } from './cache/cache.module.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ContractInterceptor } from './contract/contract.interceptor.js';
import { CustomerModule } from './customer/customer.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { ReportModule } from './report/report.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ErrorFilter } from './errors/error.filter.js';
import { EventsModule } from './events/events.module.js';
import { FeatureModule } from './feature/feature.module.js';
import { HealthModule } from './health/health.module.js';
import { HubModule } from './hub/hub.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { IdentityValidationModule } from './identity-validation/identity-validation.module.js';
import { ExternalSourcesModule } from './external-sources/external-sources.module.js';
import { MapsModule } from './maps/maps.module.js';
import { LicenceModule } from './licence/licence.module.js';
import { MailModule } from './mail/mail.module.js';
import { MyPlanModule } from './my-plan/my-plan.module.js';
import { OrderModule } from './order/order.module.js';
import { OrderAdminModule } from './order/order-admin.module.js';
import { OutboxModule } from './outbox/outbox.module.js';
import { PackageModule } from './package/package.module.js';
import { PartnerModule } from './partner/partner.module.js';
import { PaymentModule } from './payment/payment.module.js';
import { PaymentSupportModule } from './payment-support/payment-support.module.js';
import { TrialModule } from './trial/trial.module.js';
import { CashPaymentModule } from './cash-payment/cash-payment.module.js';
import { PromoCodeModule } from './promo-code/promo-code.module.js';
import { ReferenceModule } from './reference/reference.module.js';
import { SeedModule } from './seed/seed.module.js';
import { ServiceModule } from './service/service.module.js';
import { StoreModule } from './package/store.module.js';
import { TaxModule } from './tax/tax.module.js';
import { WebModule } from './web/web.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        EventsModule,
        OutboxModule,
        CacheModule,
        AuthModule,
        IdentityModule,
        SeedModule,
        HealthModule,
        ReferenceModule,
        WebModule,
        HubModule,
        CustomerModule,
        TaxModule,
        ServiceModule,
        FeatureModule,
        PackageModule,
        PromoCodeModule,
        PartnerModule,
        LicenceModule,
        MyPlanModule,
        StoreModule,
        MailModule,
        OrderModule,
        IdentityValidationModule,
        ExternalSourcesModule,
        MapsModule,
        PaymentModule,
        PaymentSupportModule,
        TrialModule,
        CashPaymentModule,
        OrderAdminModule,
        AgreementModule,
        DashboardModule,
        ReportModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: ContractInterceptor },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
    };
  }
}
