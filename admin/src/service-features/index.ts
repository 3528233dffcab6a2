import TuneIcon from '@mui/icons-material/Tune';
import { lazy } from 'react';
import type { ServiceFeature } from './types';

/** Service features (CONFIGURATION to read, LICENSE_FULL_ACCESS to write), on /api/v1/service-features. */
export default {
  list: lazy(() => import('./ServiceFeatureList')),
  icon: TuneIcon,
  recordRepresentation: (record: ServiceFeature) => `${record.serviceFeatureCode} · ${record.featureDescription}`,
};
