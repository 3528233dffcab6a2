import { Module } from '@nestjs/common';
import { PackageModule } from '../package/package.module.js';
import { registerDemoSeeder } from '../seed/seed.service.js';
import { PromoCodeCompatController } from './promo-code-compat.controller.js';
import { PromoCodeController } from './promo-code.controller.js';
import { seedDemoPromoCodes } from './promo-code.demo.js';
import { PromoCodeRepository } from './promo-code.repository.js';
import { PromoCodeService } from './promo-code.service.js';

// Runs after the packages' seeder: PackageModule is imported (evaluated) first.
registerDemoSeeder('promo-codes', seedDemoPromoCodes);

/** Promotional codes and the packages they apply to. */
@Module({
  imports: [PackageModule],
  controllers: [PromoCodeController, PromoCodeCompatController],
  providers: [PromoCodeRepository, PromoCodeService],
})
export class PromoCodeModule {}
