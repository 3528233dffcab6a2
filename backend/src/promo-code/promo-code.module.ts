import { Module } from '@nestjs/common';
import { PackageModule } from '../package/package.module.js';
import { PromoCodeCompatController } from './promo-code-compat.controller.js';
import { PromoCodeController } from './promo-code.controller.js';
import { PromoCodeRepository } from './promo-code.repository.js';
import { PromoCodeService } from './promo-code.service.js';

/** Promotional codes and the packages they apply to. */
@Module({
  imports: [PackageModule],
  controllers: [PromoCodeController, PromoCodeCompatController],
  providers: [PromoCodeRepository, PromoCodeService],
  exports: [PromoCodeService],
})
export class PromoCodeModule {}
