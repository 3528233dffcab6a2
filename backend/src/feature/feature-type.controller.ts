import { Controller } from '@nestjs/common';
import { ResourceController } from '../contract/resource-controller.js';
import { FeatureTypeService } from './feature-type.service.js';

/** Resource API of feature types. */
@Controller()
export class FeatureTypeController extends ResourceController<FeatureTypeService>({
  resource: 'feature-types',
  list: 'listFeatureTypes',
  get: 'getFeatureType',
  create: 'createFeatureType',
  update: 'editFeatureType',
  setState: 'setFeatureTypeState',
}) {
  constructor(featureTypes: FeatureTypeService) {
    super(featureTypes);
  }
}
