import { Controller } from '@nestjs/common';
import { ResourceController } from '../contract/resource-controller.js';
import { ServiceFeatureService } from './service-feature.service.js';

/** Resource API of service features. */
@Controller()
export class ServiceFeatureController extends ResourceController<ServiceFeatureService>({
  resource: 'service-features',
  list: 'listServiceFeatures',
  get: 'getServiceFeature',
  create: 'createServiceFeature',
  update: 'editServiceFeature',
  setState: 'setServiceFeatureState',
}) {
  constructor(features: ServiceFeatureService) {
    super(features);
  }
}
