import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { FeatureType } from './types';

/** Feature types (CONFIGURATION to read, LICENSE_FULL_ACCESS to write), on /api/v1/feature-types. */
export default {
  list: lazy(() => import('./FeatureTypeList')),
  icon: CategoryIcon,
  recordRepresentation: (record: FeatureType) => record.featureTypeName,
};
