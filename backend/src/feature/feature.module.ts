import { Module } from '@nestjs/common';
import { ServiceModule } from '../service/service.module.js';
import { FeatureTypeCompatController } from './feature-type-compat.controller.js';
import { FeatureTypeController } from './feature-type.controller.js';
import { FeatureTypeRepository } from './feature-type.repository.js';
import { FeatureTypeService } from './feature-type.service.js';
import { ServiceFeatureCompatController } from './service-feature-compat.controller.js';
import { ServiceFeatureController } from './service-feature.controller.js';
import { ServiceFeatureRepository } from './service-feature.repository.js';
import { ServiceFeatureService } from './service-feature.service.js';

/** Feature types and the features of each service. */
@Module({
  imports: [ServiceModule],
  controllers: [FeatureTypeController, FeatureTypeCompatController, ServiceFeatureController, ServiceFeatureCompatController],
  providers: [FeatureTypeRepository, FeatureTypeService, ServiceFeatureRepository, ServiceFeatureService],
  exports: [ServiceFeatureService],
})
export class FeatureModule {}
